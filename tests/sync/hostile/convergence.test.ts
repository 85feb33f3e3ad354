/**
 * The property the hostile-peer harness exists for (docs/design/sync.md "Hostile peers"): for any seed, a follower
 * with one honest peer and one or two hostile ones (each answering every request with an attack the seed picks from
 * the catalogue, or honestly) converges to the honest tip within a bound, never ends by itself, never bans the
 * honest peer, stores only blocks that verify (verifyChain, as `votary node verify` runs it), and never reports
 * more blocks behind than the slots since its tip allow.
 *
 * A few seeds here (seconds); `npm run soak:hostile` runs many more (HOSTILE_SEEDS, outside `npm run check`).
 */
import { nodeParts } from '../../../src/core/node/parts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/core/node/block-store';
import type { SyncStatus } from '../../../src/core/sync';
import { startApiChain } from '../../api/support/api-chain';
import { follow, until } from './harness';
import {
  claimsAheadServesEmpty,
  flippedSignatureFork,
  hugeClaim,
  hugeNumbers,
  mistyped,
  notFoundTransactions,
  otherBlocktime,
  randomKeyFork,
  rateLimited,
  redirectTo,
  seededMix,
  truncated,
  relabelledType,
} from './mutations';
import { passThrough, startPeer, type HostilePeer } from './proxy';

const SEEDS = Number(process.env.HOSTILE_SEEDS ?? 3);
/** How long convergence may take once the honest chain stopped growing (real time: the client's backoffs). */
const CONVERGE_MS = 30_000;

describe('a follower among hostile peers', () => {
  it(
    'converges to the honest tip, never ends, never bans the honest peer, stores only what verifies',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.integer({ min: 1, max: 2 }),
          fc.integer({ min: 0, max: 6 }),
          async (seed, hostiles, growth) => {
            const chain = await startApiChain();
            const peers: HostilePeer[] = [];
            let followed: Awaited<ReturnType<typeof follow>> | undefined;
            try {
              const elsewhere = await startPeer(chain.server);
              peers.push(elsewhere);
              // Each hostile peer relabels with a type of its own: two agreeing on one would be two hosts' word.
              const catalogue = (i: number) => [
                passThrough,
                claimsAheadServesEmpty(3),
                notFoundTransactions,
                otherBlocktime(4),
                hugeClaim(),
                redirectTo(elsewhere.url),
                truncated,
                mistyped,
                hugeNumbers,
                rateLimited(1),
                flippedSignatureFork(chain, () => 2 + (seed % 4)),
                randomKeyFork(chain, () => Math.max(2, chain.node.height - (seed % 7))),
                relabelledType(9000 + i),
              ];
              for (let i = 0; i < hostiles; i++)
                peers.push(await startPeer(chain.server, seededMix(seed + i, catalogue(i))));
              const honest = await startPeer(chain.server);
              peers.push(honest);
              const f = (followed = await follow(chain, [...peers.slice(1, 1 + hostiles), honest]));
              const overstated: SyncStatus[] = [];
              f.host.follower.on('status', (status) => {
                if (status.blocksBehind > status.heightBound - status.height) overstated.push(status);
              });
              for (let i = 0; i < growth; i++) {
                chain.step();
                await new Promise((resolve) => setTimeout(resolve, 20));
              }
              await until(
                () => f.host.node.lastBlock().id === chain.node.lastBlock().id,
                `seed ${seed}: the honest tip`,
                CONVERGE_MS,
              );
              const status = f.host.follower.status();
              expect(f.ended(), `seed ${seed}`).toBe(false);
              expect(status.peers.find((p) => p.url === honest.url)?.banned, `seed ${seed}`).toBeUndefined();
              expect(overstated, `seed ${seed}`).toEqual([]);
              expect(status.blocksBehind).toBeLessThanOrEqual(status.heightBound - status.height);
              expect(verifyChain(nodeParts(f.host.node).store).verified, `seed ${seed}`).toBe(true);
            } finally {
              await followed?.close();
              for (const peer of peers) await peer.close();
              await chain.close();
            }
          },
        ),
        {
          numRuns: SEEDS,
          ...(process.env.HOSTILE_SEED === undefined ? {} : { seed: Number(process.env.HOSTILE_SEED) }),
        },
      );
    },
    SEEDS * (CONVERGE_MS + 15_000),
  );
});
