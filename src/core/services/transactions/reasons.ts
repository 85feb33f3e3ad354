/**
 * Plain words for what happened to a transaction: pool refusals
 * by their ARK error type (ark-core-api.md §7) and the pending states.
 */
const REFUSALS: Record<string, string> = {
  ERR_LOW_FEE: 'The fee is lower than this node accepts. Send it again with a higher fee.',
  ERR_HIGH_FEE: 'The fee is higher than this node allows. Send it again with a lower fee.',
  ERR_EXPIRED: 'It expired before it reached the pool.',
  ERR_EXCEEDS_MAX_COUNT:
    'This wallet already has the most transactions a node keeps waiting per sender. Wait for some to confirm.',
  ERR_POOL_FULL: 'The node’s pool is full and this transaction’s fee is too low to replace anything in it.',
  ERR_WRONG_NETWORK: 'It was signed for another network.',
  ERR_TOO_LARGE: 'It is larger than a node accepts.',
  ERR_BAD_DATA: 'The node could not read it.',
  ERR_UNSUPPORTED: 'This network does not support this kind of transaction.',
};

/** Why a node refused a transaction, in words a person can act on; the node's own message stays at the end. */
export function refusalReason(error: { type: string; message: string }): string {
  if (error.type === 'ERR_APPLY') {
    return `It does not apply to the wallet as the chain has it now (for example not enough balance, or a vote that is already cast): ${error.message}`;
  }
  const plain = REFUSALS[error.type];
  return plain === undefined ? `Refused (${error.type}): ${error.message}` : `${plain} (${error.message})`;
}

export function waitingForEarlier(nonce: bigint): string {
  return `Waiting for an earlier transaction of this wallet (nonce ${nonce}) to confirm first: a node includes a wallet’s transactions in nonce order.`;
}

export function waitingInPool(blocks: number): string {
  return `It has waited in the pool for ${blocks} blocks. Delegates include higher fees first; if it stays, rebroadcast it or send it again with a higher fee.`;
}

export const NOT_IN_ANY_POOL =
  'No node we asked holds it any more (dropped, or the node restarted). Rebroadcast it, or let it expire.';

export function expiredReason(age: number): string {
  return `No block included it within ${age} blocks, so pools dropped it. Nothing was spent; send it again if you still want to.`;
}

/** A node answered about this transaction with something else (pending-answer.ts): its word does not count. */
export function badAnswer(node: string, what: string): string {
  return `${node} answered with ${what}, so that answer does not count: it is still waiting to be seen in a block.`;
}

/** A node reported it in a block, and now has it in no block: it waits again. */
export function claimWithdrawn(node: string, height: number): string {
  return `${node} reported it in block ${height}, but the network's nodes no longer answer with it there: it is waiting to be seen in a block again.`;
}
