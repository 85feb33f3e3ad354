/**
 * The run queue's bound on memory (run-queue.ts MAX_HELD_TRANSACTIONS): runs are asked ahead up to the pipeline's
 * depth, but once the queued runs that have answered hold as many transactions as allowed, no further run is asked
 * until the queue is taken from — full blocks can no longer fill memory with dozens of whole answers.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PEER_HEALTH_OPTIONS, PeerHealth } from '../../../../src/core/client/peer-health';
import type { Block, BlockHeader } from '../../../../src/core/protocol/blocks';
import type { BlockDownload } from '../../../../src/core/sync/block-download';
import type { FollowedNode } from '../../../../src/core/sync/followed-node';
import { RunQueue } from '../../../../src/core/sync/run-queue';

const SPAN = 10;

function header(height: number, numberOfTransactions: number): BlockHeader {
  return { height, numberOfTransactions } as BlockHeader;
}

/** A peer's download whose blocks each hold `perBlock` transactions; counts the runs asked. */
function download(perBlock: number) {
  const asked: number[] = [];
  const fake = {
    spanOf: () => SPAN,
    runOf: (_peer: PeerHealth, headers: readonly BlockHeader[]) => [...headers],
    headers: (_peer: PeerHealth, from: number, to: number) => {
      asked.push(from);
      return Promise.resolve(
        Array.from({ length: to - from + 1 }, (_, i) => header(from + i, i === 0 ? 0 : perBlock)),
      );
    },
    blocks: (_peer: PeerHealth, run: readonly BlockHeader[]) =>
      Promise.resolve(run.map((h): Block => ({ header: h, transactions: [] }))),
  };
  return { download: fake as unknown as BlockDownload, asked };
}

function queueOf(perBlock: number, maxHeldTransactions?: number) {
  const peer = new PeerHealth('http://a.test', DEFAULT_PEER_HEALTH_OPTIONS);
  const { download: dl, asked } = download(perBlock);
  const queue = new RunQueue({
    download: dl,
    node: { prepareBlocks: () => Promise.resolve() } as unknown as FollowedNode,
    batchSize: SPAN,
    signal: new AbortController().signal,
    usable: () => true,
    choose: () => peer,
    depth: () => 8,
    farBehind: () => true,
    ...(maxHeldTransactions === undefined ? {} : { maxHeldTransactions }),
  });
  return { queue, asked };
}

/** Lets every answer settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The first run asked at height 1, answered and taken, then the queue filled behind it `fills` times. */
async function firstRunThenFill(queue: RunQueue, fills: number) {
  const first = queue.fetchFrom(1)!;
  await first.blocks;
  queue.ran(first, 1, 1 + SPAN);
  for (let i = 0; i < fills; i++) {
    queue.fill(first, 1 + SPAN);
    await settle();
  }
  return first;
}

describe('RunQueue: runs asked ahead', () => {
  it('of empty blocks: up to the depth', async () => {
    const { queue, asked } = queueOf(0, 100);
    await firstRunThenFill(queue, 3);
    expect(asked).toEqual([1, 11, 21, 31, 41, 51, 61, 71, 81]);
  });

  it('of full blocks: no further run once the queued runs would hold more transactions than allowed', async () => {
    // 10 blocks of 5 transactions a run: 50 a run, so two answered runs reach 100.
    const { queue, asked } = queueOf(5, 100);
    const first = await firstRunThenFill(queue, 3);
    // The run taken held 50, so each run on its way is counted as 50: two are queued (100), a third would be over.
    expect(asked).toEqual([1, 11, 21]);
    const afterFills = asked.length;
    queue.fill(first, 1 + SPAN);
    await settle();
    expect(asked.length).toBe(afterFills);
    // Taking a run frees room: the next fill asks again.
    const taken = await queue.take(11);
    expect(taken).toBeDefined();
    queue.fill(taken!, 21);
    await settle();
    expect(asked.length).toBeGreaterThan(afterFills);
  });
});
