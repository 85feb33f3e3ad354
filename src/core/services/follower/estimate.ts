/**
 * What running a network's own node would take, told before it starts: the disk its chain takes and the time to
 * catch up, from the network's size (its peers' height and transaction count) and the follower's measured figures
 * (docs/benchmarks.md "Sync": `npm run bench:sync` prints the rates and the chain's size on disk).
 */
import syncThroughput from '../../../../resources/sync-throughput.json';
import type { OwnNodeEstimate } from '../../../shared/domain/own-node';

/**
 * The chain database per block and per transaction as measured (docs/benchmarks.md "Scale", `npm run bench:scale`
 * with BENCH_SCALE_DISK_ONLY, after the compact block rows of migration 008): 268 bytes of the whole file per empty
 * block (its row, its indexes and its round rows), 734 bytes per transfer (its row with its serialized bytes and
 * its indexes) plus the 40 it adds to its block's row. Wallets are not counted: the mixed chain of the same run
 * (814 bytes per transaction with its wallets) says they add about a twentieth.
 */
export const DISK_BYTES_PER_BLOCK = 268;
export const DISK_BYTES_PER_TRANSACTION = 734 + 40;
/**
 * Catching up through the network's public nodes, at ARK Core's default limits (100 API requests a minute, one P2P
 * getBlocks every 2 s per client): the steady rate `npm run bench:sync` measured from six rate-limited peers
 * (docs/benchmarks.md "Sync through public nodes' limits", recorded in resources/sync-throughput.json by
 * BENCH_SYNC_RECORD=1), the slowest of the paths it recorded. Transactions a second on a chain of full blocks from
 * an ARK Core peer (bench:sync's (c): 2,449–2,792, 6,029 transactions in 194 blocks). The two terms add up, which
 * leaves the estimate on the slow side of what was measured.
 */
export const SYNC_BLOCKS_PER_SECOND = Math.min(...Object.values(syncThroughput.emptyBlocksPerSecond));
export const SYNC_TRANSACTIONS_PER_SECOND = 2_500;

export interface NetworkSize {
  height: number;
  transactions: number;
}

export function estimateOwnNode(
  networkId: string,
  size: NetworkSize,
  stored: { height: number; directory: string },
): OwnNodeEstimate {
  const diskBytes = size.height * DISK_BYTES_PER_BLOCK + size.transactions * DISK_BYTES_PER_TRANSACTION;
  const remainingBlocks = Math.max(0, size.height - stored.height);
  // The transactions still to come, in the share of the blocks still to come (the chain's blocks are not all alike,
  // but nothing cheaper tells more before the node runs).
  const share = size.height > 0 ? remainingBlocks / size.height : 0;
  const remainingTransactions = Math.round(size.transactions * share);
  const seconds = Math.ceil(
    remainingBlocks / SYNC_BLOCKS_PER_SECOND + remainingTransactions / SYNC_TRANSACTIONS_PER_SECOND,
  );
  return {
    networkId,
    networkHeight: size.height,
    transactions: size.transactions,
    storedHeight: stored.height,
    diskBytes,
    diskBytesToCome: Math.round(diskBytes * share),
    seconds,
    directory: stored.directory,
  };
}
