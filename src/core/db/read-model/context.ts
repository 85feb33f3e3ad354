/**
 * What every read-model query receives: the chain database's statement cache and the few facts of the node that
 * are not rows (the height and supply the block store keeps in memory, the network clock). core/query builds one
 * per ChainQueries (query/context.ts), which the public API and a LocalChain both read through: one read side.
 */
import type { Network } from '../../protocol/networks';
import type { PublicKeyDirectory } from './public-keys';
import type { StatementCache } from './sql/statement-cache';

export interface ReadContext {
  readonly network: Network;
  readonly sql: StatementCache;
  readonly keys: PublicKeyDirectory;
  /** The chain height (the last block's). */
  readonly height: () => number;
  /** The current supply in arktoshi (genesis amounts plus every reward so far). */
  readonly supply: () => { total: bigint };
  /** Unix milliseconds (the network clock of /node/status and /node/fees?days). */
  readonly now: () => number;
}
