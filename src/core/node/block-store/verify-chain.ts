import type { Block } from '../../protocol/blocks';
import { blockChecks, type SignatureCheck } from '../../parallel/signature-checks';
import { prefetchSignatures } from '../../parallel/signature-prefetch';
import type { VerifyWorkers } from '../../parallel/verify-workers';
import { unixMsFromEpoch } from '../../protocol/time';
import type { Wallet } from '../state';
import { BlockStore } from './store';

export interface ChainVerification {
  verified: boolean;
  /** Height reached by the replay. */
  height: number;
  /** One line per mismatch (or the reason the replay stopped). */
  differences: string[];
}

const MAX_DIFFERENCES = 100;

function text(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
}

/** Compares two keyed lists and reports added, missing and differing entries. */
function compare<T>(what: string, stored: T[], replayed: T[], key: (item: T) => string, out: string[]): void {
  const replayedByKey = new Map(replayed.map((item) => [key(item), item]));
  for (const item of stored) {
    const k = key(item);
    const other = replayedByKey.get(k);
    replayedByKey.delete(k);
    if (other === undefined) out.push(`${what} ${k}: stored but not produced by the replay: ${text(item)}`);
    else if (text(item) !== text(other))
      out.push(`${what} ${k}: stored ${text(item)}, replay gives ${text(other)}`);
  }
  for (const [k, item] of replayedByKey)
    out.push(`${what} ${k}: missing from the database, replay gives ${text(item)}`);
}

/** Each delegate's vote balance must equal Σ of its voters' balance + locked balance (ark-core-api.md §10.7). */
function voteWeightErrors(wallets: readonly Wallet[], out: string[]): void {
  const weights = new Map<string, bigint>();
  for (const wallet of wallets) {
    if (wallet.vote !== undefined) {
      weights.set(wallet.vote, (weights.get(wallet.vote) ?? 0n) + wallet.balance + wallet.lockedBalance);
    }
  }
  for (const wallet of wallets) {
    if (!wallet.delegate || wallet.publicKey === undefined) continue;
    const expected = weights.get(wallet.publicKey) ?? 0n;
    if (wallet.delegate.voteBalance !== expected) {
      out.push(
        `delegate ${wallet.delegate.username}: voteBalance ${wallet.delegate.voteBalance}, its voters weigh ${expected}`,
      );
    }
  }
}

/**
 * `votary node verify`: replays every stored block from genesis into a scratch in-memory chain, with the full
 * validation, and compares wallets, delegates, locks, entities, IPFS hashes, rounds and supply with what the
 * database holds.
 */
export function verifyChain(store: BlockStore): ChainVerification {
  const scratch = BlockStore.open({ network: store.network, genesis: store.genesis, ...store.options() });
  try {
    const differences: string[] = [];
    for (let height = 2; height <= store.height(); height++) {
      if (!replayOne(store, scratch, height, differences)) break;
    }
    return compareReplay(store, scratch, differences);
  } finally {
    scratch.close();
  }
}

/**
 * Blocks whose signatures are verified on the workers while the previous window is applied. Small enough that
 * the two overlap from the start (bench:node, 40 full blocks: 8 blocks ≈ 3,370 transactions/s, 64 ≈ 3,140, as
 * one window held the whole chain and the main thread waited for it).
 */
const REPLAY_WINDOW = 8;

/**
 * The same replay with the signature checks on every core: each window of blocks is verified on the worker pool
 * while the previous one is applied on this thread, and the application finds the verdicts
 * (core/parallel/signature-prefetch.ts). Without a pool it is `verifyChain`.
 */
export async function verifyChainInParallel(
  store: BlockStore,
  workers: VerifyWorkers | undefined,
): Promise<ChainVerification> {
  if (workers === undefined) return verifyChain(store);
  const scratch = BlockStore.open({ network: store.network, genesis: store.genesis, ...store.options() });
  try {
    const differences: string[] = [];
    const top = store.height();
    // Each window's blocks are read once: their checks go to the workers, the blocks wait for their turn.
    const prefetch = (from: number): { blocks: Map<number, Block>; verified: Promise<void> } => {
      const blocks = new Map<number, Block>();
      const checks: SignatureCheck[] = [];
      for (let height = from; height < from + REPLAY_WINDOW && height <= top; height++) {
        const block = store.blockByHeight(height);
        if (!block) break;
        blocks.set(height, block);
        checks.push(...blockChecks(block, store.network));
      }
      return { blocks, verified: prefetchSignatures(workers, checks) };
    };
    let ahead = prefetch(2);
    replay: for (let start = 2; start <= top; start += REPLAY_WINDOW) {
      const current = ahead;
      await current.verified;
      ahead = prefetch(start + REPLAY_WINDOW);
      for (let height = start; height < start + REPLAY_WINDOW && height <= top; height++) {
        if (!replayOne(store, scratch, height, differences, current.blocks.get(height))) break replay;
      }
    }
    await ahead.verified;
    return compareReplay(store, scratch, differences);
  } finally {
    scratch.close();
  }
}

/** Applies the stored block at `height` to the scratch chain; false (with the reason) when the replay stops. */
function replayOne(
  store: BlockStore,
  scratch: BlockStore,
  height: number,
  differences: string[],
  read?: Block,
): boolean {
  const block = read ?? store.blockByHeight(height);
  if (!block) {
    differences.push(`block ${height} is missing from the database`);
    return false;
  }
  try {
    scratch.applyBlock(block, { now: unixMsFromEpoch(block.header.timestamp, store.network) });
    return true;
  } catch (error) {
    differences.push(
      `block ${height} is rejected on replay: ${error instanceof Error ? error.message : String(error)}`,
    );
    return false;
  }
}

function compareReplay(store: BlockStore, scratch: BlockStore, differences: string[]): ChainVerification {
  const stored = store.state().snapshot();
  const replayed = scratch.state().snapshot();
  compare('wallet', stored.wallets, replayed.wallets, (wallet) => wallet.address, differences);
  compare('lock', stored.locks, replayed.locks, (lock) => lock.id, differences);
  compare('entity', stored.entities, replayed.entities, (entity) => entity.id, differences);
  compare('ipfs', stored.ipfs, replayed.ipfs, (entry) => entry.hash, differences);
  compare('round', groupRounds(store), groupRounds(scratch), (entry) => String(entry.round), differences);
  const supply = store.supply();
  const replayedSupply = scratch.supply();
  if (text(supply) !== text(replayedSupply)) {
    differences.push(`supply: stored ${text(supply)}, replay gives ${text(replayedSupply)}`);
  }
  voteWeightErrors(stored.wallets, differences);
  if (store.lastBlock().id !== scratch.lastBlock().id) {
    differences.push(
      `last block: stored ${store.lastBlock().id ?? '?'}, replay reached ${scratch.lastBlock().id ?? '?'}`,
    );
  }
  return {
    verified: differences.length === 0,
    height: scratch.height(),
    differences: differences.slice(0, MAX_DIFFERENCES),
  };
}

function groupRounds(store: BlockStore): { round: number; forgers: string[] }[] {
  const rounds = new Map<number, string[]>();
  for (const row of store.roundRows()) {
    const list = rounds.get(row.round) ?? [];
    list.push(`${row.publicKey}:${row.voteBalance}`);
    rounds.set(row.round, list);
  }
  return [...rounds].map(([round, forgers]) => ({ round, forgers }));
}
