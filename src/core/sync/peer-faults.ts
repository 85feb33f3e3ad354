/**
 * What the follower does about a peer's failures (docs/design/sync.md "Peers, forks and limits"): proof of a lie
 * bans it (peer-bans.ts), anything else backs it off (client/peer-health.ts), a claim it did not serve is doubted
 * (peer-ledger.ts), and a block at our tip that differs from ours has its chain examined before anything is
 * reverted (fork-resolution.ts). None of it ever stops the follower (a genuine block needing a rule Votary lacks is
 * judged by unsupported-claims.ts).
 */
import { ClientError } from '../client';
import type { PeerHealth } from '../client/peer-health';
import { milestoneAt, type Network } from '../protocol/networks';
import type { BlockDownload } from './block-download';
import { isSyncError } from './errors';
import { examineFork } from './fork-resolution';
import type { FollowedNode } from './followed-node';
import type { PeerBans } from './peer-bans';
import { plainWords, type PeerLedger } from './peer-ledger';

/**
 * Failures in a row after which a peer counts as unfit (`unfit`): core-p2p's maxPeerSequentialErrors (`defaults.ts`,
 * 3), after which `peer-communicator.ts` disconnects the peer and `listeners.ts` DisconnectPeer forgets it.
 */
export const MAX_FAILURES_IN_A_ROW = 3;

export interface PeerFaultsOptions {
  node: FollowedNode;
  network: Network;
  download: BlockDownload;
  bans: PeerBans;
  ledger: PeerLedger;
  batchSize: number;
  banMs: number;
  /** How many blocks a fork may revert (default: three rounds of the milestone at the tip). */
  maxRevert?: number;
  signal: AbortSignal;
  log: (line: string) => void;
  /** Something a status shows changed (a ban). */
  changed: () => void;
}

export class PeerFaults {
  constructor(private readonly options: PeerFaultsOptions) {}

  /** Whether the peer may be asked: not banned, not on another chain, not rate limited. */
  usable(peer: PeerHealth): boolean {
    const { bans, ledger } = this.options;
    return !bans.isBanned(peer.url) && !ledger.isDiverged(peer.url) && !peer.isRateLimited();
  }

  /**
   * Whether the peer is of no use for now — banned, on another chain, or failing again and again (a 429 is its
   * limit, not a failure) — so that a slot it holds is better given to another (p2p-search.ts). `health` is the
   * peer's when it is followed; one not followed is judged by its ban and chain alone.
   */
  unfit(url: string, health?: PeerHealth): boolean {
    const { bans, ledger } = this.options;
    if (bans.isBanned(url) || ledger.isDiverged(url)) return true;
    return (health?.status().consecutiveFailures ?? 0) >= MAX_FAILURES_IN_A_ROW;
  }

  /**
   * What a peer did wrong, counted against it: proof of a lie bans it, anything else backs it off (the client
   * recorded its own failures: timeouts, 4xx/5xx, malformed or oversized answers, redirects, 429s).
   */
  failed(peer: PeerHealth, error: unknown): void {
    const { ledger, signal } = this.options;
    if (signal.aborted) return;
    const words = plainWords(error instanceof Error ? error.message : String(error));
    if (isSyncError(error) && error.code === 'ERR_PEER_DATA') {
      this.ban(peer, words);
    } else if (!(error instanceof ClientError)) {
      peer.recordFailure(new ClientError('ERR_BAD_RESPONSE', words, { url: peer.url }));
    } else if (error.code === 'ERR_ABORTED') return;
    ledger.failed(peer.url, words);
  }

  /** It claimed a height it then did not serve: its claim is doubted and it backs off. */
  unserved(peer: PeerHealth, claimed: number, words: string): void {
    peer.recordFailure(new ClientError('ERR_BAD_RESPONSE', words, { url: peer.url }));
    this.options.ledger.doubt(peer.url, claimed, words);
  }

  /**
   * Its chain changed between two of its answers (fork-resolution.ts): a fork resolving on its side, not a lie. It
   * backs off and is asked again.
   */
  changed(peer: PeerHealth, reason: string): void {
    const words = plainWords(reason);
    peer.recordFailure(new ClientError('ERR_BAD_RESPONSE', words, { url: peer.url }));
    this.options.ledger.failed(peer.url, words);
  }

  ban(peer: PeerHealth, reason: string): void {
    const { bans, ledger, banMs } = this.options;
    const words = plainWords(reason);
    bans.ban(peer.url, words, banMs);
    ledger.failed(peer.url, words);
    this.options.log(`peer ${peer.url} banned for ${Math.round(banMs / 60_000)} min: ${words}`);
    this.options.changed();
  }

  /** The peer's block at our tip height differs from ours: examine its chain before anything is reverted. */
  async resolveFork(peer: PeerHealth): Promise<void> {
    const { node, network } = this.options;
    const tip = node.height;
    let outcome;
    try {
      outcome = await examineFork(peer, {
        node,
        network,
        download: this.options.download,
        batchSize: this.options.batchSize,
        maxRevert: this.options.maxRevert ?? 3 * milestoneAt(network, tip).activeDelegates,
        signal: this.options.signal,
      });
    } catch (error) {
      this.failed(peer, error);
      return;
    }
    switch (outcome.kind) {
      case 'ban':
        this.ban(peer, outcome.reason);
        return;
      case 'short':
        this.unserved(peer, tip + 1, outcome.reason);
        return;
      case 'changed':
        this.changed(peer, outcome.reason);
        return;
      case 'diverged':
        this.options.ledger.diverge(peer.url, outcome.reason);
        this.options.log(`peer ${peer.url} not followed any more: ${outcome.reason}`);
        return;
      case 'revert': {
        const reverted = node.revertBlocks(tip - outcome.ancestor);
        this.options.log(
          `fork: ${peer.url} has another block at height ${outcome.ancestor + 1}; reverted ${reverted.length} ` +
            `block(s) to height ${outcome.ancestor}, following its chain`,
        );
      }
    }
  }
}
