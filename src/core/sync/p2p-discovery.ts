/**
 * Finding the network's P2P interfaces (docs/design/sync.md "P2P"): ARK Core's `/api/peers` lists every peer a
 * node knows with its `ip` and its P2P `port` (core-api `resources/peer.ts`; `ports` holds its plugins' ports, the
 * public API's among them). A list is a peer's claim, so every entry is untrusted: it must be an IP address (no
 * host name for a list to steer through DNS), a port in range, public — a loopback, private, link-local or
 * otherwise special address only when the user configured such a peer themselves (peer-address.ts) — and few are
 * taken. A listed interface is then followed only once it answered `getStatus` with the network's nethash; its
 * blocks are verified as every other block is (p2p-blocks.ts, `applyBlock`), so a lying one only loses its own
 * time.
 */
import { z } from 'zod';
import { requestJson, type PeerPool } from '../client';
import { normalizeP2pUrl, P2pPeer, type P2pPeerOptions, type P2pPeers } from '../p2p';
import { listedUrlHost, specialAllowedBy } from './peer-address';

/** At most this many P2P interfaces are taken from the lists (a run each is queued: run-queue.ts). */
export const MAX_LISTED_P2P = 12;

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
    if (found.length >= (options.limit ?? MAX_LISTED_P2P)) break;
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

/** The P2P URLs the pool's peers list (`/api/peers`), each peer asked once, at most `limit` in all. */
export async function listedP2pUrls(
  peerPool: PeerPool,
  options: Omit<ListedP2pOptions, 'specialAllowed'> & { configured: readonly string[] },
): Promise<string[]> {
  const limit = options.limit ?? MAX_LISTED_P2P;
  const specialAllowed = specialAllowedBy(options.configured);
  const known = new Set(options.known);
  const found: string[] = [];
  for (const peer of peerPool.candidates()) {
    if (found.length >= limit) break;
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
    const urls = p2pUrlsFromList(answer.value.data, { specialAllowed, known, limit: limit - found.length });
    for (const url of urls) known.add(url);
    found.push(...urls);
  }
  return found;
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

/** How often the lists are asked again while fewer than MAX_LISTED_P2P interfaces are followed. */
export const P2P_SEARCH_EVERY_MS = 10 * 60_000;
/** How often `wanted` is asked until the first search. */
const WANTED_CHECK_MS = 1_000;

export interface P2pSearchOptions {
  peerPool: PeerPool;
  /** The follower's P2P interfaces: those admitted are added to them. */
  p2p: P2pPeers;
  nethash: string;
  /** The peers the user configured (whether special addresses may be taken from lists). */
  configured: readonly string[];
  /**
   * Whether P2P is worth a search now: far behind the network. A follower at the tip gains nothing from it, and
   * the lists are asked of the peers the follower itself asks, within their budgets.
   */
  wanted: () => boolean;
  log: (line: string) => void;
  everyMs?: number;
  /** The probes' options (tests: shorter timeouts). */
  probe?: P2pPeerOptions;
}

/**
 * Adds the P2P interfaces the peers list and that answer with the network's nethash to `p2p` — once the follower
 * is far behind (`wanted`), and again every `everyMs` while it still is and fewer than MAX_LISTED_P2P are followed
 * (lists change as nodes come and go).
 */
export function searchP2p(options: P2pSearchOptions): { stop(): void } {
  let stopped = false;
  let searching = false;
  let lastSearch = -Infinity;
  const search = async () => {
    const current = options.p2p.all().map((peer) => peer.url);
    if (current.length >= MAX_LISTED_P2P) return;
    const listed = await listedP2pUrls(options.peerPool, {
      configured: options.configured,
      known: new Set(current),
      limit: MAX_LISTED_P2P - current.length,
    });
    const admitted = stopped ? [] : await admitP2pUrls(listed, options.nethash, options.probe);
    if (stopped || admitted.length === 0) return;
    options.p2p.setPeers([...options.p2p.all().map((peer) => peer.url), ...admitted]);
    options.log(
      `downloading blocks from ${admitted.length} P2P interface(s) the peers list too: ${admitted.join(', ')}`,
    );
  };
  const tick = () => {
    if (stopped || searching || Date.now() - lastSearch < (options.everyMs ?? P2P_SEARCH_EVERY_MS)) return;
    if (!options.wanted()) return;
    searching = true;
    lastSearch = Date.now();
    search()
      .catch((error: unknown) =>
        options.log(
          `looking for P2P interfaces failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        searching = false;
      });
  };
  const timer = setInterval(tick, WANTED_CHECK_MS);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
