/**
 * A peer's claim that a genuine block holds a transaction of a plugin's type (raw-block.ts `checkNotExcepted`),
 * judged before it may stop the follower (docs/design/sync.md "Honest limits"). Over P2P the type is read from the
 * transaction's bytes, whose hash is its id: proof. Over the public API it is the peer's word — Votary cannot
 * serialize a type it does not know, so it cannot check it against the id, and a hostile peer can relabel a real
 * Core transaction (same id, the payload hash still verifies). Such a claim stops the follower only once a peer of
 * another host serves the same transaction id with the same typeGroup/type for that block; until then other peers
 * are asked for the block, and one that serves the id as a Core transaction Votary verifies (its bytes hash to the
 * id, and they carry the type) proves the claim a lie. When no peer of another host is known at all, the claim
 * stops the follower and the status says it rests on one peer's word (a lone peer can withhold blocks anyway).
 */
import type { PeerHealth } from '../client/peer-health';
import type { Block, BlockHeader } from '../protocol/blocks';
import { internalTypeLabel } from '../protocol/transactions';
import type { BlockDownload } from './block-download';
import { SyncError } from './errors';
import { hostOf } from './peer-address';
import { unknownTypeOf, unsupportedType, type UnknownType } from './raw-block';

/** Claims remembered at most (the oldest forgotten first): a claim is about the block after the tip, a few at once. */
const KEPT_CLAIMS = 64;

/** Other peers asked for the block per doubted claim, at most (each request counts against its rate budget). */
const ASKED_PER_CLAIM = 3;

export type ClaimVerdict =
  /** Proven (bytes) or corroborated by a peer of another host: the follower stops with this error. */
  | { kind: 'stop'; error: SyncError }
  /** Another peer served the transaction's bytes as a Core type: the claiming peer lied. */
  | { kind: 'lie'; reason: string }
  /** Not corroborated yet: the claiming peer's word is doubted, and the block asked of others. */
  | { kind: 'doubt'; reason: string };

export interface ClaimContext {
  download: BlockDownload;
  /** The URLs of every peer known, usable or not (public APIs and P2P interfaces). */
  known: readonly string[];
  /** The peers that may be asked (not banned, diverged or rate-limited), in the order the follower prefers. */
  askable: readonly PeerHealth[];
  /** A failure of a peer asked for the block, counted against it as any other (follower `peerFailed`). */
  failed(peer: PeerHealth, error: unknown): void;
  signal: AbortSignal;
}

function claimKey(header: BlockHeader, unknown: UnknownType): string {
  return `${header.id ?? header.height}/${unknown.id}/${unknown.typeGroup}/${unknown.type}`;
}

function stop(header: BlockHeader, unknown: UnknownType, said: string): ClaimVerdict {
  const error = unsupportedType(header, unknown);
  return {
    kind: 'stop',
    error: new SyncError('ERR_SYNC_UNSUPPORTED', `${error.message} (${said})`, { height: header.height }),
  };
}

export class UnsupportedClaims {
  /** The peers that served each claim (block id, transaction id, typeGroup, type), one URL per host. */
  private readonly hosts = new Map<string, Map<string, string>>();
  /**
   * Transactions a peer served as bytes of a Core type, by id, with the words saying so: a later claim of a plugin's
   * type for one of them is a lie at once, however many hosts make it.
   */
  private readonly refuted = new Map<string, string>();

  /** What `peer`'s block, which failed `checkNotExcepted` with `error` and whose header is genuine, means. */
  async judge(peer: PeerHealth, block: Block, error: SyncError, ctx: ClaimContext): Promise<ClaimVerdict> {
    const unknown = unknownTypeOf(block);
    // Not a type claim (an exceptions-list rule: raw-block.ts checkNotExcepted), or proven by its bytes.
    if (unknown === undefined) return { kind: 'stop', error };
    const { header } = block;
    if (unknown.fromBytes) return stop(header, unknown, `read from its bytes, served by ${peer.url}`);
    const label = `transaction ${unknown.id} of block ${header.height} as typeGroup ${unknown.typeGroup}, type ${unknown.type}`;
    const refutation = this.refuted.get(unknown.id);
    if (refutation !== undefined) return { kind: 'lie', reason: `it served ${label}, but ${refutation}` };
    const claimed = this.record(peer.url, header, unknown);
    if (claimed.size >= 2)
      return stop(header, unknown, `served so by ${[...claimed.values()].join(' and ')}`);
    if (ctx.known.every((url) => claimed.has(hostOf(url)))) {
      return stop(
        header,
        unknown,
        `on the word of one peer, ${peer.url}: no peer of another host is known to confirm it, and a lone peer ` +
          'could as well withhold the block',
      );
    }
    const others = ctx.askable.filter((other) => !claimed.has(hostOf(other.url))).slice(0, ASKED_PER_CLAIM);
    for (const other of others) {
      let theirs: Block | undefined;
      try {
        theirs = await this.blockOf(other, header, ctx);
      } catch (failure) {
        ctx.failed(other, failure);
        continue;
      }
      if (theirs === undefined) continue;
      const verified = theirs.transactions.find((tx) => tx.id === unknown.id);
      if (verified !== undefined) {
        const refutation = `${other.url} served that transaction's bytes, which hash to its id, as ${internalTypeLabel(verified.typeGroup, verified.type)}`;
        this.refuted.set(unknown.id, refutation);
        while (this.refuted.size > KEPT_CLAIMS) this.refuted.delete(this.refuted.keys().next().value!);
        return { kind: 'lie', reason: `it served ${label}, but ${refutation}` };
      }
      const their = unknownTypeOf(theirs);
      if (their?.id !== unknown.id) continue;
      if (their.fromBytes) return stop(header, their, `read from its bytes, served by ${other.url}`);
      const confirmed = this.record(other.url, header, their);
      if (confirmed.size >= 2)
        return stop(header, their, `served so by ${[...confirmed.values()].join(' and ')}`);
    }
    return { kind: 'doubt', reason: `it served ${label}, which no peer of another host has confirmed yet` };
  }

  private record(url: string, header: BlockHeader, unknown: UnknownType): Map<string, string> {
    const key = claimKey(header, unknown);
    let hosts = this.hosts.get(key);
    if (hosts === undefined) {
      hosts = new Map();
      this.hosts.set(key, hosts);
      for (const old of this.hosts.keys()) {
        if (this.hosts.size <= KEPT_CLAIMS) break;
        this.hosts.delete(old);
      }
    }
    if (!hosts.has(hostOf(url))) hosts.set(hostOf(url), url);
    return hosts;
  }

  /** The block of `header`'s id from another peer, rebuilt and checked as any (undefined: it has another there). */
  private async blockOf(
    peer: PeerHealth,
    header: BlockHeader,
    ctx: ClaimContext,
  ): Promise<Block | undefined> {
    const options = { signal: ctx.signal };
    const [theirs] = await ctx.download.headers(peer, header.height, header.height, options);
    if (theirs === undefined || theirs.id !== header.id) return undefined;
    const [block] = await ctx.download.blocks(peer, [theirs], options);
    return block;
  }
}
