/**
 * Whether a chain's answer about a sent transaction is about that transaction. The pending list asks
 * `/transactions/{id}` and the answer's block; a remote node's answer is its claim (docs/design/security.md "Remote
 * nodes"), so it confirms only when it names the very transaction the app signed — the same id, sender, type,
 * nonce, amount and recipient as the JSON kept in the pending record. On the app's own node it must also be in a
 * block no lower than the height the chain had when it was sent (a transaction cannot be in a block forged before it
 * was signed); a remote node's height at sending was that node's word, so it is no floor for another answer — a node
 * that ran ahead, or claimed to, would leave a transaction that was spent "expired, nothing spent".
 */
import type { BlockRecord, TransactionRecord } from '../../domain';
import type { PendingRecord } from './pending-store';

/**
 * What is wrong with the answer, as the end of "answered with …", or undefined when it is about this transaction.
 * The recipient is compared as ARK Core's API gives it: the transaction's recipientId, or the sender's address for
 * a type without one (core-api `resources/transaction.ts`, as core/query/transactions.ts answers too).
 */
export function transactionMismatch(entry: PendingRecord, answer: TransactionRecord): string | undefined {
  const json = entry.json;
  if (answer.id !== entry.id) return `another transaction (${answer.id.slice(0, 8)}…)`;
  if (answer.senderPublicKey !== json.senderPublicKey || answer.sender !== entry.sender) {
    return `this transaction's id but another sender (${answer.sender})`;
  }
  if (answer.type !== json.type || answer.typeGroup !== (json.typeGroup ?? 1)) {
    return "this transaction's id but another kind of transaction";
  }
  const nonce = json.nonce === undefined ? undefined : BigInt(json.nonce);
  if (answer.nonce !== nonce) return `this transaction's id but another nonce (${answer.nonce ?? 'none'})`;
  if (answer.amount !== BigInt(json.amount)) return "this transaction's id but another amount";
  if (answer.recipient !== (json.recipientId ?? entry.sender)) {
    return `this transaction's id but another recipient (${answer.recipient})`;
  }
  return undefined;
}

/**
 * What is wrong with the block the answer named, or undefined when it can hold this transaction. `ownChain`: the
 * chain is this process's own (its height at sending is a fact, and so a floor).
 */
export function blockMismatch(
  entry: PendingRecord,
  blockId: string,
  block: BlockRecord,
  ownChain: boolean,
): string | undefined {
  if (block.id !== blockId) return `another block (${block.id.slice(0, 8)}…) than the one it named`;
  if (ownChain && block.height < entry.sentHeight) {
    return `block ${block.height}, below the height the chain had when it was sent (${entry.sentHeight})`;
  }
  return undefined;
}
