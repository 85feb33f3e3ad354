/**
 * A node's P2P interface as a source of blocks (docs/design/sync.md "P2P"): a connection (p2p-client.ts), the
 * health the follower judges every peer by (client/peer-health.ts, keyed by the ws:// URL), and ARK Core's
 * per-endpoint limits kept on our side (core-p2p `utils/build-rate-limiter.ts`: `p2p.blocks.getBlocks` once per
 * 2 s, `p2p.peer.getStatus` twice a second, per client address) — core-p2p answers a client over them with an
 * error and, unless the client is on its remoteAccess list, closes the connection.
 *
 * Its answers are claims like any peer's: the blocks it serves are decoded here and checked by the follower
 * exactly as blocks from the public API are.
 */
import { ClientError } from '../client/errors';
import { DEFAULT_PEER_HEALTH_OPTIONS, PeerHealth, type PeerHealthOptions } from '../client/peer-health';
import { RateBudget, type RateLimit } from '../client/rate-budget';
import {
  decodeGetBlocksResponse,
  decodeGetStatusResponse,
  encodeGetBlocksRequest,
  encodeGetStatusRequest,
  MAX_DOWNLOAD_BLOCKS,
  P2pCodecError,
  type P2pBlock,
  type P2pStatus,
} from './codecs';
import { P2pClient, type P2pClientOptions } from './p2p-client';

/** core-p2p's limit for `p2p.blocks.getBlocks`: 1 per 2 s. */
export const ARK_GET_BLOCKS_LIMIT: RateLimit = { limit: 1, windowMs: 2_000 };
/**
 * The margin kept on getBlocks' spacing: a node counts a request when its handler runs, and one busy encoding
 * answers of up to 20 MB may run the one before late — bench:sync's P2P peers refused getBlocks sent 2.1 s apart.
 */
const GET_BLOCKS_MARGIN = 0.25;
/** core-p2p's limit for `p2p.peer.getStatus`: 2 per second. */
export const ARK_GET_STATUS_LIMIT: RateLimit = { limit: 2, windowMs: 1_000 };

/** `host:port`, `ws://host:port` → ws://host:port; anything else is refused. */
export function normalizeP2pUrl(text: string): string {
  const withScheme = /^[a-z]+:\/\//i.test(text) ? text : `ws://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new ClientError('ERR_INVALID_URL', `"${text}" is not a P2P address (host:port or ws://host:port)`);
  }
  if ((url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.port === '' || url.pathname !== '/') {
    throw new ClientError('ERR_INVALID_URL', `"${text}" is not a P2P address (host:port or ws://host:port)`);
  }
  return `${url.protocol}//${url.host}`;
}

/**
 * An answer holding more than ARK's schema produces (codecs.ts `P2pCodecError.excess`: more blocks than asked, a
 * field longer or more often than ARK writes it, padding of unknown fields): no node's answer, and the follower
 * counts it as the peer's lie (sync/p2p-blocks.ts), as it does a public API page longer than asked.
 */
export class P2pExcessError extends ClientError {
  constructor(url: string, words: string) {
    super('ERR_BAD_RESPONSE', `${url}: ${words}`, { url });
  }
}

export interface P2pPeerOptions extends Omit<P2pClientOptions, 'onFault'> {
  health?: Partial<PeerHealthOptions>;
  getBlocksLimit?: RateLimit;
  getStatusLimit?: RateLimit;
}

export class P2pPeer {
  readonly health: PeerHealth;
  private readonly client: P2pClient;
  private readonly statusBudget: RateBudget;
  private readonly now: () => number;

  constructor(
    readonly url: string,
    options: P2pPeerOptions = {},
  ) {
    const healthOptions = { ...DEFAULT_PEER_HEALTH_OPTIONS, ...options.health };
    this.now = healthOptions.now;
    this.health = new PeerHealth(url, healthOptions);
    this.health.budget = new RateBudget(
      options.getBlocksLimit ?? ARK_GET_BLOCKS_LIMIT,
      this.now,
      GET_BLOCKS_MARGIN,
    );
    this.statusBudget = new RateBudget(options.getStatusLimit ?? ARK_GET_STATUS_LIMIT, this.now);
    // A fault found while no request was pending (a ping flood, a frame nobody asked for) counts all the same.
    this.client = new P2pClient(url, { ...options, onFault: (error) => this.health.recordFailure(error) });
  }

  /**
   * The blocks after `lastBlockHeight` (at most `limit`, ≤ 400), with their transactions' bytes, as decoded from
   * the answer — not yet checked. Waits for the peer's getBlocks slot first.
   */
  async getBlocks(lastBlockHeight: number, limit: number, signal?: AbortSignal): Promise<P2pBlock[]> {
    const blockLimit = Math.max(1, Math.min(MAX_DOWNLOAD_BLOCKS, limit));
    // Connected before the slot is taken: the node counts a request when it arrives, so a slot spent waiting for
    // the handshake would let the next request, sent on time, arrive less than the limit after this one (bench:sync
    // saw a 429 from each peer so, at the start of a sync, when runs are asked ahead).
    await this.guarded(() => this.client.connect());
    await this.health.budget?.acquire(signal);
    const payload = await this.ask(
      'p2p.blocks.getBlocks',
      encodeGetBlocksRequest({ lastBlockHeight, blockLimit }),
      signal,
    );
    const blocks = this.decode(() => decodeGetBlocksResponse(payload));
    if (blocks.length > blockLimit) {
      throw this.failure(`asked for at most ${blockLimit} blocks, it answered ${blocks.length}`, true);
    }
    this.health.recordSuccess(this.latency, blocks.at(-1)?.height);
    return blocks;
  }

  /** Its claimed height and network (`p2p.peer.getStatus`): a claim, never a reason to believe its blocks. */
  async getStatus(signal?: AbortSignal): Promise<P2pStatus> {
    await this.statusBudget.acquire(signal);
    const payload = await this.ask('p2p.peer.getStatus', encodeGetStatusRequest(), signal);
    const status = this.decode(() => decodeGetStatusResponse(payload));
    this.health.recordSuccess(this.latency, status.height);
    return status;
  }

  close(): void {
    this.client.close();
  }

  private latency: number | undefined;
  /** When each request still unanswered was sent (Date.now()). */
  private readonly unanswered = new Set<{ at: number }>();

  /**
   * How long the oldest request sent to this peer and not yet answered has waited (0: none) — the time spent
   * waiting for its slot not counted: what the follower asks another peer after (hedged-answer.ts HEDGE_AFTER_MS).
   */
  unansweredForMs(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const request of this.unanswered) oldest = Math.min(oldest, request.at);
    return oldest === Number.POSITIVE_INFINITY ? 0 : Date.now() - oldest;
  }

  private async ask(route: string, payload: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
    const started = this.now();
    const request = { at: Date.now() };
    this.unanswered.add(request);
    try {
      const answer = await this.guarded(() => this.client.request(route, payload, signal));
      this.latency = this.now() - started;
      return answer;
    } finally {
      this.unanswered.delete(request);
    }
  }

  /** `work`'s failure recorded in the peer's health (a 429 as its rate limit), then rethrown. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ClientError) {
        if (error.code === 'ERR_RATE_LIMITED') this.health.recordRateLimit(error);
        else if (error.code !== 'ERR_ABORTED') this.health.recordFailure(error);
      }
      throw error;
    }
  }

  private decode<T>(decode: () => T): T {
    try {
      return decode();
    } catch (error) {
      if (error instanceof P2pCodecError) {
        throw this.failure(`malformed answer: ${error.message}`, error.excess);
      }
      throw error;
    }
  }

  private failure(words: string, excess = false): ClientError {
    const error = excess
      ? new P2pExcessError(this.url, words)
      : new ClientError('ERR_BAD_RESPONSE', `${this.url}: ${words}`, { url: this.url });
    this.health.recordFailure(error);
    return error;
  }
}

/** The P2P peers a follower may download from. */
export class P2pPeers {
  private peers = new Map<string, P2pPeer>();

  constructor(
    urls: readonly string[] = [],
    private readonly options: P2pPeerOptions = {},
  ) {
    this.setPeers(urls);
  }

  /** Replaces the list; peers that stay keep their health and connection. */
  setPeers(urls: readonly string[]): void {
    const next = new Map<string, P2pPeer>();
    for (const url of urls.map(normalizeP2pUrl)) {
      next.set(url, this.peers.get(url) ?? new P2pPeer(url, this.options));
    }
    for (const [url, peer] of this.peers) if (!next.has(url)) peer.close();
    this.peers = next;
  }

  all(): P2pPeer[] {
    return [...this.peers.values()];
  }

  /** The peer behind a health record the follower chose, when it is one of these. */
  of(health: PeerHealth): P2pPeer | undefined {
    const peer = this.peers.get(health.url);
    return peer?.health === health ? peer : undefined;
  }

  close(): void {
    for (const peer of this.peers.values()) peer.close();
  }
}
