/**
 * One peer asking to be left alone does not stop the sync (docs/design/sync.md "Request budgets"): two peers serve
 * the same chain and both claim it is far taller, so runs are asked ahead of the tip. When one of them answers a
 * 429 with Retry-After 600, or announces a limit of one request a minute (`x-ratelimit-limit: 1`) on a run asked
 * ahead or on every answer (the run at the tip too, its transactions not yet asked), the requests waiting for its
 * slots and those of the runs already given to it fail at once instead of sleeping through ten minutes or a minute
 * each, the runs are asked again of the other peer, and the follower reaches the tip from that one. The honest control shows how
 * long the sync takes; the deadline only shows a stall (before the fix: height 3 of 38 after 15 s).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/core/client';
import { startApiChain, type ApiChain } from '../api/support/api-chain';
import { peersFetch, peerUrl, startFollower, type FollowerUnderTest } from './support';

let chain: ApiChain | undefined;
let follower: FollowerUnderTest | undefined;

afterEach(async () => {
  await follower?.close();
  await chain?.close();
  follower = undefined;
  chain = undefined;
});

const HONEST = 14501;
const LIMITED = 14502;

type Limiting = 'none' | '429 on a run ahead' | 'limit 1 on a run ahead' | 'limit 1 on every answer';

/** The limited peer's answer to a request for its chain (`ahead`: the run starts well above the follower's tip). */
async function limitedAnswer(
  limiting: Limiting,
  ahead: boolean,
  honest: () => Promise<Response>,
): Promise<Response | undefined> {
  if (limiting === '429 on a run ahead' && ahead) {
    return new Response('{"message":"Too Many Requests"}', {
      status: 429,
      headers: { 'retry-after': '600' },
    });
  }
  if (limiting === 'limit 1 on every answer' || (limiting === 'limit 1 on a run ahead' && ahead)) {
    const answer = await honest();
    const headers = new Headers(answer.headers);
    headers.set('x-ratelimit-limit', '1'); // "one request a minute from now on"
    return new Response(await answer.text(), { status: answer.status, headers });
  }
  return undefined;
}

describe('a sync far behind while one of two peers asks to be left alone', () => {
  it.each<Limiting>(['none', '429 on a run ahead', 'limit 1 on a run ahead', 'limit 1 on every answer'])(
    'limiting: %s — the follower reaches the tip from the other peer',
    async (limiting) => {
      chain = await startApiChain();
      for (let i = 0; i < 30; i++) chain.step();
      // Both claim the chain is far taller (believed: within the slot bound), so the follower asks runs ahead.
      const inner = peersFetch({
        [HONEST]: { server: chain.server, claimsAhead: 2_000 },
        [LIMITED]: { server: chain.server, claimsAhead: 2_000 },
      });
      let tip = () => 0;
      const fetch: FetchLike = async (input, init) => {
        const url = new URL(input);
        if (Number(url.port) === LIMITED && url.pathname === '/api/blocks') {
          const from = Number(url.searchParams.get('height.from') ?? Number.NaN);
          const answer = await limitedAnswer(limiting, from >= tip() + 6, () => inner(input, init));
          if (answer !== undefined) return answer;
        }
        return inner(input, init);
      };
      follower = await startFollower(
        [peerUrl(LIMITED), peerUrl(HONEST)],
        fetch,
        { apiRateLimit: { limit: 300, windowMs: 60_000 }, batchSize: 2 }, // 210 ms apart
        false,
      );
      const f = follower;
      tip = () => f.node.height;
      f.follower.start();
      const deadline = Date.now() + 15_000;
      while (f.node.height < chain.node.height && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(f.node.height).toBe(chain.node.height);
    },
    40_000,
  );
});
