/**
 * Finding the network's P2P interfaces (docs/design/sync.md "P2P"): ARK Core's `/api/peers` lists every peer a
 * node knows with its `ip` and its P2P `port` (core-api `resources/peer.ts`; `ports` holds its plugins' ports, the
 * public API's among them). A list is a peer's claim, so every entry is untrusted: it must be an IP address (no
 * host name for a list to steer through DNS), a port in range, public — a loopback, private, link-local or
 * otherwise special address only when the user configured such a peer themselves (peer-address.ts) — and few are
 * taken of each list and of a few lists. A listed interface is then followed only once it answered `getStatus` with
 * the network's nethash (which ones get the few slots: p2p-slots.ts, p2p-search.ts); its blocks are verified as
 * every other block is (p2p-blocks.ts, `applyBlock`), so a lying one only loses its own time.
 */
import { z } from 'zod';
import { requestJson, type PeerPool } from '../client';
import { normalizeP2pUrl, P2pPeer, type P2pPeerOptions } from '../p2p';
import { listedUrlHost, specialAllowedBy } from './peer-address';

/** At most this many P2P interfaces are followed, configured ones included (a run each is queued: run-queue.ts). */
export const MAX_LISTED_P2P = 12;
/** Entries taken of one list: core-p2p's maxPeersPerPeer (`network-monitor.ts` discoverPeers). */
export const MAX_P2P_PER_LIST = 50;
/** Peers whose lists are read in one search: as many as core-p2p's discoverPeers asks (`.slice(0, 8)`). */
export const MAX_LISTS_READ = 8;

/** Each entry is checked on its own (p2pUrlsFromList): one malformed entry does not spoil the list. */
const peersAnswer = z.object({ data: z.array(z.unknown()).max(100) });

export interface ListedP2pOptions {
  /** Special (loopback, private…) addresses are taken only when the user configured such a peer. */
  specialAllowed: boolean;
  /** Already known: not listed again. */
  known?: ReadonlySet<string>;
  limit?: number;
}

/** The P2P URLs (ws://ip:port) of the list's valid entries, in its order, without repeats; the rest ignored. */
export function p2pUrlsFromList(entries: readonly unknown[], options: ListedP2pOptions): string[] {
  const found: string[] = [];
  const seen = new Set(options.known);
  for (const entry of entries) {
    if (found.length >= (options.limit ?? MAX_P2P_PER_LIST)) break;
    if (typeof entry !== 'object' || entry === null) continue;
    const { ip, port } = entry as { ip?: unknown; port?: unknown };
    if (typeof ip !== 'string' || typeof port !== 'number') continue;
    if (!Number.isInteger(port) || port < 1 || port > 65_535) continue;
    const host = listedUrlHost(ip, options.specialAllowed);
    if (host === undefined) continue;
    let url: string;
    try {
      url = normalizeP2pUrl(`ws://${host}:${port}`);
    } catch {
      continue;
    }
    if (seen.has(url)) continue;
    seen.add(url);
    found.push(url);
  }
  return found;
}

/**
 * The P2P URLs the pool's peers list (`/api/peers`), not yet `known`: each of at most MAX_LISTS_READ peers asked
 * once, at most MAX_P2P_PER_LIST taken of each list, taken in turns (each list's first, then each list's second…)
 * so that a long list read first does not push the others' entries back.
 */
export async function listedP2pUrls(
  peerPool: PeerPool,
  options: Omit<ListedP2pOptions, 'specialAllowed'> & { configured: readonly string[] },
): Promise<string[]> {
  const specialAllowed = specialAllowedBy(options.configured);
  const lists: string[][] = [];
  for (const peer of peerPool.candidates()) {
    if (lists.length >= MAX_LISTS_READ) break;
    if (peer.isRateLimited()) continue;
    let answer;
    try {
      // Outside the peer's request budget: one request per peer every few minutes, which the budget's margin
      // (client/rate-budget.ts, 5 %) leaves room for — and a 429 to it never holds the follower's own requests.
      answer = await requestJson(peer.url, {
        method: 'GET',
        route: '/peers',
        query: { limit: 100 },
        schema: peersAnswer,
        timeoutMs: 15_000,
      });
    } catch {
      continue;
    }
    lists.push(
      p2pUrlsFromList(answer.value.data, { specialAllowed, known: options.known, limit: options.limit }),
    );
  }
  const found = new Set<string>();
  for (let index = 0; lists.some((list) => index < list.length); index++) {
    for (const list of lists) if (index < list.length) found.add(list[index]!);
  }
  return [...found];
}

/**
 * The most a probe's getStatus answer may be: core-p2p's client reads every answer but getBlocks' within
 * DEFAULT_MAX_PAYLOAD_CLIENT (`constants.ts`, `peer-communicator.ts` emit), where an honest status is under 1 kB.
 * A listed interface is anyone's, and a dozen are probed at once: the getBlocks cap (20 MB) each would be 240 MB.
 */
export const PROBE_MAX_PAYLOAD_BYTES = 100 * 1024;

/** The URLs among `urls` whose interface answers getStatus with `nethash` (asked at once, each within its limit). */
export async function admitP2pUrls(
  urls: readonly string[],
  nethash: string,
  options: P2pPeerOptions = {},
): Promise<string[]> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      const peer = new P2pPeer(url, {
        timeoutMs: 10_000,
        connectTimeoutMs: 5_000,
        maxPayloadBytes: PROBE_MAX_PAYLOAD_BYTES,
        ...options,
      });
      try {
        const status = await peer.getStatus();
        return status.nethash.toLowerCase() === nethash.toLowerCase() ? url : undefined;
      } catch {
        return undefined;
      } finally {
        peer.close();
      }
    }),
  );
  return answers.filter((url): url is string => url !== undefined);
}
