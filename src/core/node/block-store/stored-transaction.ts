import type { StoredTransaction } from '../../db/repositories';
import {
  serializeTransaction,
  transactionId,
  transactionToJson,
  type TransactionData,
} from '../../protocol/transactions';
import type { StateView } from '../state';

/** The row of a block's transaction: the filterable columns, the asset as JSON and the exact bytes. */
export function storedTransaction(
  tx: TransactionData,
  sequence: number,
  bytes: Uint8Array | undefined,
  state: StateView,
): StoredTransaction {
  return {
    id: tx.id ?? transactionId(tx),
    sequence,
    version: tx.version,
    typeGroup: tx.typeGroup,
    type: tx.type,
    nonce: tx.nonce,
    senderPublicKey: tx.senderPublicKey,
    senderAddress: state.addressOf(tx.senderPublicKey),
    recipientAddress: tx.recipientId ?? null,
    amount: tx.amount,
    fee: tx.fee,
    vendorField: tx.vendorField ?? null,
    // Only the asset's JSON is stored (most transactions have none: a transfer's whole JSON is not built for nothing).
    asset: tx.asset === undefined ? null : (jsonAsset(tx) ?? null),
    serialized: bytes ?? serializeTransaction(tx),
    recipients: (tx.asset?.payments ?? []).map((payment) => ({
      address: payment.recipientId,
      amount: payment.amount,
    })),
  };
}

function jsonAsset(tx: TransactionData): string | undefined {
  const { asset } = transactionToJson(tx);
  return asset === undefined ? undefined : JSON.stringify(asset);
}
