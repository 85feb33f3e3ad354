/**
 * The device as a signer of the prepared-transaction flow (docs/design/signing.md): handed the transaction as it was
 * prepared and reviewed with the bytes its signature covers, it answers signatures only — `{ signature }` for a
 * sender, `{ participant }` (hex2(index) ‖ signature) for a multisignature participant — the same shapes as the
 * vault's signers, so the flow verifies and broadcasts exactly the reviewed bytes whoever signed.
 */
import type { TransactionData } from '../protocol/transactions';
import type { LedgerSigner } from './signer';

/** What a signer is handed (structurally the flow's SignRequest; the chain context is not needed on a device). */
export interface DeviceSignRequest {
  transaction: TransactionData;
  bytes: Uint8Array;
}

export function ledgerSenderSigner(
  ledger: LedgerSigner,
  label: string,
  sender: { hasSecondPublicKey?: boolean } = {},
): { label: string; sign(request: DeviceSignRequest): Promise<{ signature: string }> } {
  return {
    label,
    sign: async ({ transaction, bytes }) => ({
      signature: await ledger.signTransactionBytes(transaction, bytes, sender),
    }),
  };
}

export function ledgerParticipantSigner(
  ledger: LedgerSigner,
  label: string,
  index: number,
  publicKeys: readonly string[],
): { label: string; sign(request: DeviceSignRequest): Promise<{ participant: string }> } {
  return {
    label,
    sign: async ({ transaction, bytes }) => ({
      participant:
        index.toString(16).padStart(2, '0') +
        (await ledger.participantSignatureBytes(transaction, bytes, index, publicKeys)),
    }),
  };
}
