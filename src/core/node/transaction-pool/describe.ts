import { addressFromPublicKey, isValidPublicKey } from '../../protocol/crypto';
import { typeName } from '../../protocol/transactions';
import type { TransactionData } from '../../protocol/transactions';

/**
 * `Transaction.toString()` of @arkecosystem/crypto 3.x, the prefix of every pool error message (ark-core-api.md
 * §7): `<senderAddress>#<nonce> <last 8 chars of id> <Key> v<version>`.
 */
export function describeTransaction(tx: TransactionData, pubKeyHash: number): string {
  const parts: string[] = [];
  if (isValidPublicKey(tx.senderPublicKey)) {
    const address = addressFromPublicKey(tx.senderPublicKey, pubKeyHash);
    parts.push(tx.nonce > 0n ? `${address}#${tx.nonce}` : address);
  }
  if (tx.id !== undefined) parts.push(tx.id.slice(-8));
  const key = typeName(tx.typeGroup, tx.type) ?? `type ${tx.typeGroup}/${tx.type}`;
  parts.push(`${key.charAt(0).toUpperCase()}${key.slice(1)} v${tx.version}`);
  return parts.join(' ');
}

/**
 * The same prefix, computed only when an error message needs it: deriving the sender's address (a point check,
 * RIPEMD-160, Base58Check) is a real share of admitting a transaction that passes.
 */
export function describeLazily(tx: TransactionData, pubKeyHash: number): () => string {
  let described: string | undefined;
  return () => (described ??= describeTransaction(tx, pubKeyHash));
}
