/**
 * The Randomness screen's read: the secondary interface's `/trng` and `/trng-1` (public-api.md §2.3,
 * §4.11), each with the block its id names. The renderer recomputes the values from the block id
 * (src/shared/lib/trng.ts) and shows whether they match; this file only reads, it does not vouch for them.
 *
 * A chain whose node runs in this process gives its values directly (ChainAccess `randomness`: the very values its
 * secondary interface serves, without a request to this process's own port). Another node's interface is found by
 * its port in `/node/configuration` `ports` under `votary/secondary-api` (docs/design/api.md) and asked over HTTP;
 * a remote ARK node announces none: that is said plainly instead of guessing ports.
 */
import { z } from 'zod';
import { isNotFound, type FetchLike } from '../../client';
import type { ChainAccess, LocalRandomness } from '../../chain-access';
import type { ChainReader } from '../../domain';
import { SECONDARY_PORT_KEY } from '../../query';
import type { RandomDraw, RandomnessView } from '../../../shared/domain/explorer';
import type { Networks } from '../networks/networks';

export { SECONDARY_PORT_KEY };
const TIMEOUT_MS = 5_000;
/** Peers asked in turn (best score first) before saying the interface is unreachable. */
const MAX_PEERS = 3;

const trngAnswer = z.object({
  blockId: z.string().min(1).max(128),
  timestamp: z.object({ epoch: z.number().int(), unix: z.number().int(), human: z.string() }).optional(),
  values: z.array(z.number().int().min(0)).max(64),
});
type TrngAnswer = z.output<typeof trngAnswer>;

/** The secondary interface of a peer: the peer's host (its path prefix dropped) on the announced port. */
export function secondaryUrlOf(peer: string, port: number): string {
  const url = new URL(peer);
  url.port = String(port);
  return url.origin;
}

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${TIMEOUT_MS} ms`;
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  return code ?? (error instanceof Error ? error.message : String(error));
}

export class Randomness {
  constructor(
    private readonly networks: Networks,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  async read(): Promise<RandomnessView> {
    const chain = this.networks.chain();
    if (chain.randomness !== undefined) return this.readLocal(chain.reads, chain.randomness);
    return this.readRemote(chain);
  }

  /** The node in this process: its values as its secondary interface would answer them. */
  private async readLocal(client: ChainReader, randomness: LocalRandomness): Promise<RandomnessView> {
    const secondaryUrl = randomness.url();
    const latest = randomness.values(0);
    if (latest === undefined) {
      return { available: false, secondaryUrl, reason: 'The chain has no block yet.' };
    }
    const previous = randomness.values(1);
    const [latestDraw, previousDraw] = await Promise.all([
      this.withBlock(client, latest),
      previous === undefined ? undefined : this.withBlock(client, previous),
    ]);
    return {
      available: true,
      secondaryUrl,
      latest: latestDraw,
      ...(previousDraw === undefined ? {} : { previous: previousDraw }),
    };
  }

  private async readRemote(chain: ChainAccess): Promise<RandomnessView> {
    const client = chain.reads;
    const port = (await client.configuration()).ports[SECONDARY_PORT_KEY];
    if (typeof port !== 'number' || port <= 0) {
      return {
        available: false,
        reason:
          'This node does not announce a secondary interface (no /trng port in its /node/configuration), ' +
          'so its random values cannot be read. The embedded localnet node has one.',
      };
    }
    const peers = [...(await chain.peerStatuses())].sort((a, b) => b.score - a.score).slice(0, MAX_PEERS);
    const failures: string[] = [];
    for (const peer of peers) {
      const secondaryUrl = secondaryUrlOf(peer.url, port);
      let latest: TrngAnswer;
      try {
        latest = await this.get(`${secondaryUrl}/trng`);
      } catch (error) {
        failures.push(`${secondaryUrl}: ${reasonOf(error)}`);
        continue;
      }
      // /trng-1 is a second view of the same source; the screen still has /trng when it fails.
      const previous = await this.get(`${secondaryUrl}/trng-1`).catch(() => undefined);
      const [latestDraw, previousDraw] = await Promise.all([
        this.withBlock(client, latest),
        previous === undefined ? undefined : this.withBlock(client, previous),
      ]);
      return {
        available: true,
        secondaryUrl,
        latest: latestDraw,
        ...(previousDraw === undefined ? {} : { previous: previousDraw }),
      };
    }
    const first = peers[0] === undefined ? undefined : secondaryUrlOf(peers[0].url, port);
    return {
      available: false,
      ...(first === undefined ? {} : { secondaryUrl: first }),
      reason: `The secondary interface did not answer (${failures.join('; ') || 'no peer to ask'}).`,
    };
  }

  private async get(url: string): Promise<TrngAnswer> {
    const response = await this.fetchImpl(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    const parsed = trngAnswer.safeParse(await response.json());
    if (!parsed.success) throw new Error(`${url} did not answer a /trng result`);
    return parsed.data;
  }

  /** The block the id names, as the public API knows it (its height); a 404 leaves the height out. */
  private async withBlock(client: ChainReader, answer: TrngAnswer): Promise<RandomDraw> {
    const height = await client.block(answer.blockId).then(
      (block) => block.height,
      (error: unknown) => {
        if (isNotFound(error)) return undefined;
        throw error;
      },
    );
    return {
      blockId: answer.blockId,
      ...(answer.timestamp === undefined ? {} : { timestamp: answer.timestamp }),
      values: answer.values,
      ...(height === undefined ? {} : { blockHeight: height }),
    };
  }
}
