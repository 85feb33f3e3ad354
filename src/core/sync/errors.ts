/**
 * What stops a follower (docs/design/sync.md). `ERR_PEER_DATA` is a peer's fault — it served something that is
 * not a valid block of the chain (a wrong id, a bad signature, a transaction that does not apply): that peer is
 * banned and the others are used. The other codes stop the follower with a message a person can act on.
 */
import { CodedError } from '../../shared/lib/coded-error';

export type SyncErrorCode =
  /** The peers answered nothing usable about their network, or no peer is left to ask. */
  | 'ERR_SYNC_NO_PEERS'
  /** The network a peer describes is malformed, or its genesis block does not hash to its nethash. */
  | 'ERR_SYNC_NETWORK'
  /** The chain stored here belongs to another network than the peers'. */
  | 'ERR_SYNC_OTHER_CHAIN'
  /** A block needs a rule Votary does not implement (raw-block.ts checkNotExcepted): nothing past it is stored. */
  | 'ERR_SYNC_UNSUPPORTED'
  /** The peers' chain left ours deeper than the follower may revert on its own. */
  | 'ERR_SYNC_FORK_TOO_DEEP'
  /** A peer served a block or transaction that is not valid. */
  | 'ERR_PEER_DATA';

export class SyncError extends CodedError<SyncErrorCode> {
  override readonly name = 'SyncError';
}

/**
 * The most of a reason kept: a reason may quote what the peer served (an id, a hex field), of any length its answer
 * holds (a P2P answer: 20 MB), and it becomes the ban's reason, shown in every status and logged.
 */
const MAX_REASON_LENGTH = 500;

/** A peer's fault, naming the block it concerns. */
export function peerDataError(height: number, reason: string): SyncError {
  const words = reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH)}…` : reason;
  return new SyncError('ERR_PEER_DATA', `block ${height}: ${words}`, { height });
}

export function isSyncError(value: unknown): value is SyncError {
  return value instanceof SyncError;
}
