/** What one transaction's broadcast came to, from a chain's answer for a batch (core/chain-access ChainBroadcast). */
import type { ChainBroadcast } from '../../chain-access';

/** Accepted anywhere, or refused only because a node already holds it (ERR_DUPLICATE): it is in a pool. */
export function broadcastOutcome(
  result: ChainBroadcast,
  id: string,
): { accepted: boolean; error?: { type: string; message: string } } {
  if (result.accept.includes(id)) return { accepted: true };
  const error = result.errors[id];
  if (error === undefined || error.type === 'ERR_DUPLICATE') return { accepted: true };
  return { accepted: false, error };
}
