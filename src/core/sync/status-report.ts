/**
 * The follower's status from its parts (docs/design/sync.md "Status"): the verified tip, each peer's claim and
 * whether it is believed, the state derived from both and from when the tip last advanced, and the reason in words.
 *
 * A claim is believed when it is within the slot bound (protocol/time/height-bound.ts) and the peer has not failed
 * to serve a height at or below it since it last delivered (peer-ledger.ts). "Synced" means our tip is as high as
 * every believed claim — a height a peer proved by serving it, or claims within the bound we could not disprove —
 * and it advanced within a few block times.
 */
import type { PeerStatus } from '../client/peer-health';
import type { PeerBan } from './peer-bans';
import { peerLabel, plainWords, type PeerRecord } from './peer-ledger';
import type { FollowedPeerStatus, SyncState, SyncStatus } from './sync-status';

/** Block times without a new verified block after which the follower says it stalls. */
export const STALE_BLOCK_TIMES = 3;

export interface StatusInputs {
  base: 'starting' | 'running' | 'stopped';
  height: number;
  heightBound: number;
  now: number;
  blocktimeMs: number;
  /** When the tip last advanced, else when the follower started. */
  lastAdvanceAt: number | undefined;
  startedAt: number;
  blocksPerSecond: number;
  peers: readonly { health: PeerStatus; record: PeerRecord; ban: PeerBan | undefined }[];
  error: SyncStatus['error'];
}

function peerStatus(
  health: PeerStatus,
  record: PeerRecord,
  ban: PeerBan | undefined,
  bound: number,
): FollowedPeerStatus {
  const claim = health.height;
  let doubt: string | undefined;
  if (claim !== undefined) {
    if (ban !== undefined) doubt = `banned: ${ban.reason}`;
    else if (record.diverged !== undefined) doubt = 'it follows another chain';
    else if (claim > bound) {
      doubt = `it claims height ${claim}, but one block per slot since our tip allows at most ${bound}`;
    } else if (record.doubtedFrom !== undefined && claim >= record.doubtedFrom) doubt = record.doubt;
  }
  return {
    url: health.url,
    height: claim,
    latencyMs: health.latencyMs,
    banned: ban === undefined ? undefined : { until: ban.until, reason: ban.reason },
    lastError:
      record.lastFailure ??
      (health.lastError === undefined ? undefined : plainWords(health.lastError.message)),
    claimBelieved: claim !== undefined && doubt === undefined,
    claimDoubt: doubt,
    servedHeight: record.servedHeight,
    deliveredPerRequest: record.deliveredPerRequest,
    diverged: record.diverged,
  };
}

function count(value: number): string {
  return value.toLocaleString('en-US');
}

function peerWords(peer: FollowedPeerStatus): string {
  const label = peerLabel(peer.url);
  if (peer.banned !== undefined) return `${label} is banned (${peer.banned.reason})`;
  if (peer.diverged !== undefined) return `${label} follows another chain`;
  if (peer.lastError !== undefined) return `${label}: ${peer.lastError}`;
  if (peer.claimDoubt !== undefined) return `${label}: ${peer.claimDoubt}`;
  return `${label} has nothing above height ${peer.servedHeight ?? peer.height ?? 0} for us`;
}

function reasonOf(state: SyncState, status: Omit<SyncStatus, 'reason' | 'state'>, idleMs: number): string {
  const doubted = status.peers.filter((peer) => peer.height !== undefined && !peer.claimBelieved);
  const notBelieved =
    doubted.length === 0
      ? ''
      : ` Not believed: ${doubted.map((peer) => `${peerLabel(peer.url)} (${peer.claimDoubt ?? 'no reason'})`).join('; ')}.`;
  switch (state) {
    case 'starting':
      return 'Starting: asking the peers for blocks.';
    case 'stopped':
      return status.error === undefined
        ? 'Stopped.'
        : `Stopped at height ${count(status.height)}: ${status.error.message}`;
    case 'synced':
      return `In sync at height ${count(status.height)}: no peer has shown a higher block.${notBelieved}`;
    case 'syncing': {
      const rate =
        status.blocksPerSecond > 0 ? `, ${count(Math.round(status.blocksPerSecond))} blocks/s` : '';
      return `Catching up: ${count(status.blocksBehind)} block(s) behind height ${count(status.target)}${rate}.${notBelieved}`;
    }
    case 'stalled': {
      const seconds = Math.round(idleMs / 1000);
      const why = status.peers.length === 0 ? 'no peers' : status.peers.map(peerWords).join('; ');
      const behind =
        status.blocksBehind > 0
          ? `${count(status.blocksBehind)} block(s) behind height ${count(status.target)}, `
          : '';
      return `Stalled at height ${count(status.height)}: ${behind}no new block verified for ${seconds} s. ${why}.`;
    }
  }
}

export function buildStatus(inputs: StatusInputs): SyncStatus {
  const { height, heightBound: bound } = inputs;
  const peers = inputs.peers.map((peer) => peerStatus(peer.health, peer.record, peer.ban, bound));
  let target = height;
  for (const peer of peers) if (peer.claimBelieved) target = Math.max(target, peer.height ?? 0);
  target = Math.min(target, bound);
  const blocksBehind = target - height;
  const idleMs = inputs.now - (inputs.lastAdvanceAt ?? inputs.startedAt);
  const stale = idleMs > STALE_BLOCK_TIMES * inputs.blocktimeMs;
  const anyUsable = peers.some((peer) => peer.banned === undefined && peer.diverged === undefined);
  let state: SyncState;
  if (inputs.base === 'stopped') state = 'stopped';
  else if (inputs.base === 'starting') state = 'starting';
  else if (stale || !anyUsable) state = 'stalled';
  else state = blocksBehind > 0 ? 'syncing' : 'synced';
  const blocksPerSecond = inputs.blocksPerSecond;
  const status: Omit<SyncStatus, 'reason' | 'state'> = {
    height,
    verifiedHeight: height,
    target,
    blocksBehind,
    heightBound: bound,
    blocksPerSecond,
    etaSeconds:
      state === 'syncing' && blocksPerSecond > 0 ? Math.ceil(blocksBehind / blocksPerSecond) : undefined,
    lastAdvanceAt: inputs.lastAdvanceAt,
    peers,
    error:
      inputs.error === undefined ? undefined : { ...inputs.error, message: plainWords(inputs.error.message) },
  };
  return { state, ...status, reason: reasonOf(state, status, idleMs) };
}
