import type { PeerHealth } from '../client/peer-health';
import type { Block } from '../protocol/blocks';
import type { Network } from '../protocol/networks';
import type { SyncError } from './errors';
import type { FollowedNode } from './followed-node';
import { competingChainFault } from './fork-check';
import type { PeerFaults } from './peer-faults';
import type { RunQueue } from './run-queue';
import type { ClaimContext, UnsupportedClaims } from './unsupported-claims';

/** What of the follower judging a block uses; `context` is built only when the claim is judged. */
export interface UnsupportedParts {
  node: FollowedNode;
  network: Network;
  claims: UnsupportedClaims;
  faults: PeerFaults;
  queue: RunQueue;
  context(): ClaimContext;
}

/**
 * A block needing a rule Votary lacks stops the follower when its header is genuine (chained, signed by its slot's
 * delegate) and the claim holds: a plugin's type served over the public API needs a peer of another host to
 * confirm it (unsupported-claims.ts); a fake header or a refuted claim bans the peer, an unconfirmed one doubts it.
 */
export async function judgeUnsupported(
  peer: PeerHealth,
  error: SyncError,
  block: Block,
  follower: UnsupportedParts,
): Promise<void> {
  const { node, network } = follower;
  const tip = node.lastBlock();
  const fault = competingChainFault([block.header], tip.height + 1, tip, node, network);
  const verdict =
    fault === undefined
      ? await follower.claims.judge(peer, block, error, follower.context())
      : ({ kind: 'lie', reason: fault.reason } as const);
  if (verdict.kind === 'stop') throw verdict.error;
  follower.queue.clear();
  if (verdict.kind === 'lie') follower.faults.ban(peer, `block ${block.header.height}: ${verdict.reason}`);
  else follower.faults.unserved(peer, block.header.height, verdict.reason);
}
