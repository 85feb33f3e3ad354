/**
 * Speculation far behind (run-queue.ts, docs/design/sync.md "Download"): once a run came back full, the runs behind
 * it start where it would end, so they are asked before it answers — the requests overlap instead of each waiting
 * for the answer before it. A public API's page holds the header at the run's start too, so a full run brings one
 * height fewer than the page: the speculated starts must count with that, or every speculated run starts one height
 * too far and is dropped unused. A run that does come back short (a peer may answer fewer headers than asked) leaves
 * a gap before the run asked behind it: the gap is asked on its own and the queue behind it kept.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiServer } from '../../src/core/api';
import type { FetchLike } from '../../src/core/client';
import type { LocalNode } from '../../src/core/node/node';
import { createTestChain } from '../node/support/chain-fixture';
import {
  peersFetch,
  peerUrl,
  startEmptyChainPeer,
  startFollower,
  until,
  type EmptyChainPeer,
  type FollowerUnderTest,
  type Rewrite,
} from './support';

/** More than the follower's "far behind" distance (2 × 400 blocks). */
const BLOCKS = 1_200;
const PORT = 14331;
/** Each page of headers answered this late, so that overlapping requests show. */
const ANSWER_DELAY_MS = 40;

let peerChain: EmptyChainPeer;
let peer: LocalNode;
let server: ApiServer;
let follower: FollowerUnderTest | undefined;

beforeAll(async () => {
  peerChain = await startEmptyChainPeer(createTestChain(), BLOCKS);
  ({ node: peer, server } = peerChain);
}, 120_000);

afterAll(async () => {
  await follower?.close();
  await peerChain?.close();
});

/** The headers asked from these heights, answered this short (as a peer may: fewer than asked). */
const SHORT_FROM = new Set([397]);
const SHORT_ANSWER = 40;

function startsOf(
  fetchInner: FetchLike,
  seen: { starts: number[]; inFlight: number; mostInFlight: number },
): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const from = url.searchParams.get('height.from');
    if (!url.pathname.endsWith('/blocks') || from === null) return fetchInner(input, init);
    seen.starts.push(Number(from));
    seen.inFlight++;
    seen.mostInFlight = Math.max(seen.mostInFlight, seen.inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
      return await fetchInner(input, init);
    } finally {
      seen.inFlight--;
    }
  };
}

it('a run answered short leaves a gap that is asked on its own; the runs queued behind it are kept', async () => {
  const cut: Rewrite = (url, body) => {
    const from = Number(url.searchParams.get('height.from'));
    if (!url.pathname.endsWith('/blocks') || !SHORT_FROM.has(from)) return body;
    const page = body as { data: unknown[] };
    return { ...page, data: page.data.slice(0, SHORT_ANSWER) };
  };
  const seen = { starts: [] as number[], inFlight: 0, mostInFlight: 0 };
  const fetch = startsOf(peersFetch({ [PORT]: { server, rewrite: cut } }), seen);
  const following = await startFollower([peerUrl(PORT)], fetch);
  try {
    const target = peer.height;
    await until(() => following.node.height === target, `the follower at height ${target}`, 60_000);
    // 397 was answered 39 heights above it (to 436), while 496, 595… had been asked ahead: the gap 436–496 is asked
    // on its own and the runs from 496 on are used. (Dropping them would have asked 535, 634… instead.)
    const sorted = [...new Set(seen.starts)].sort((a, b) => a - b);
    expect(sorted.slice(0, 10)).toEqual([1, 100, 199, 298, 397, 436, 496, 595, 694, 793]);
    expect(new Set(seen.starts).size).toBe(seen.starts.length);
  } finally {
    await following.close();
  }
});

it('far behind one public API, asks the runs ahead before the run before them answers, each start once', async () => {
  const inner = peersFetch({ [PORT]: { server } });
  const starts: number[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(input);
    const from = url.searchParams.get('height.from');
    if (!url.pathname.endsWith('/blocks') || from === null) return inner(input, init);
    starts.push(Number(from));
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, ANSWER_DELAY_MS));
      return await inner(input, init);
    } finally {
      inFlight--;
    }
  };
  follower = await startFollower([peerUrl(PORT)], fetch);
  const target = peer.height;
  await until(() => follower!.node.height === target, `the follower at height ${target}`, 60_000);

  expect(mostInFlight).toBeGreaterThanOrEqual(3);
  // No run was asked again: a speculated run that started at the wrong height would be dropped and re-asked.
  const far = starts.filter((height) => height < target - 800);
  expect(new Set(far).size).toBe(far.length);
  // Each page brings 99 heights above its start (the page's first header is the start itself).
  expect(far).toEqual([1, 100, 199, 298, 397]);
});
