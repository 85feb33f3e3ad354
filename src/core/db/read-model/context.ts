/**
 * What every read-model query receives: the chain database's statement cache and the few facts of the node that
 * are not rows (the height and supply the block store keeps in memory, the network clock). The public API's context
 * is one of these (api/context.ts), so the API and LocalChain, which reads through the API's handlers, share one
 * read side.
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
