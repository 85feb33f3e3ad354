import { chainSchema } from './001-chain';
import { apiIndexes } from './002-api-indexes';
import { apiDelegatesWallets } from './003-api-delegates-wallets';
import { apiLocksEntities } from './004-api-locks-entities';
import { apiTypeCounters } from './005-api-type-counters';
import { localnetSnapshots } from './006-localnet-snapshots';
import { redundantIndexes } from './007-redundant-indexes';
import { compactBlocks } from './008-compact-blocks';
import { apiKeptCounts } from './010-api-kept-counts';
import { legacyBusiness } from './011-legacy-business';
import { apiSeekMarks } from './012-api-seek-marks';
import { poolSenderIndex } from './013-pool-sender-index';
import { poolRows } from './014-pool-rows';
import type { Migration } from './types';

export type { Migration } from './types';

/** Every migration in version order; a new schema step is a new file NNN-name.ts appended here. */
export const MIGRATIONS: readonly Migration[] = [
  chainSchema,
  apiIndexes,
  apiDelegatesWallets,
  apiLocksEntities,
  apiTypeCounters,
  localnetSnapshots,
  redundantIndexes,
  compactBlocks,
  apiKeptCounts,
  legacyBusiness,
  apiSeekMarks,
  poolSenderIndex,
  poolRows,
];
