/** Participants, a 2-of-3 asset and transactions signed with the protocol layer, for the multisignature tests. */
import { authMessage, authProof, type AuthAction } from '../../src/core/musig-server';
import { keyPairFromPassphrase, multiSignaturePublicKey } from '../../src/core/protocol/crypto';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { toHex } from '../../src/core/protocol/hex';
import { devnet, type ChainContext } from '../../src/core/protocol/networks';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  transactionToJson,
  type TransactionData,
} from '../../src/core/protocol/transactions';

export const CTX: ChainContext = {
  network: devnet,
  height: Math.max(...devnet.milestones.map((m) => m.height)),
};
export const PARTICIPANTS = ['musig test one', 'musig test two', 'musig test three'];
export const KEYS = PARTICIPANTS.map((p) => toHex(keyPairFromPassphrase(p).publicKey));
export const ASSET = { min: 2, publicKeys: KEYS };
export const MULTI_KEY = multiSignaturePublicKey(ASSET);
/** The registering wallet: a participant, as the server asks (it signs first). */
export const SENDER = PARTICIPANTS[0]!;
export const RECIPIENT = 'DRac35wghMcmUSe5jDMLBDLWkVVjyKZFxK';

/** A transfer from the 2-of-3 wallet, signed by the given participants. */
export function spend(signers: number[], nonce = 1n, amount = 100_000_000n): TransactionData {
  let tx = prepareTransaction(
    { type: 0, nonce, senderPublicKey: MULTI_KEY, amount, recipientId: RECIPIENT },
    CTX,
  );
  for (const index of signers) tx = addMultiSignature(tx, PARTICIPANTS[index]!, index);
  return tx;
}

/** The registration of the 2-of-3 asset by SENDER (participant 0), signed by the given participants (and the sender last). */
export function registration(signers: number[], senderSigns = false): TransactionData {
  let tx = prepareTransaction(
    {
      type: 4,
      nonce: 1n,
      senderPublicKey: toHex(keyPairFromPassphrase(SENDER).publicKey),
      asset: { multiSignature: ASSET },
    },
    CTX,
  );
  for (const index of signers) tx = addMultiSignature(tx, PARTICIPANTS[index]!, index);
  return senderSigns ? signTransaction(tx, { passphrase: SENDER }, CTX) : tx;
}

export const body = (tx: TransactionData, asset = ASSET) => ({
  data: transactionToJson(tx),
  multisigAsset: asset,
});

/**
 * A stranger's proposal, as a flood sends them: a transfer from a fresh 1-of-2 wallet [the stranger's own key,
 * participant 0's key], signed by the stranger (`passphrase`); `vendorField` makes it as large as wanted.
 */
export function strangerProposal(passphrase: string, vendorField?: string) {
  const asset = { min: 1, publicKeys: [toHex(keyPairFromPassphrase(passphrase).publicKey), KEYS[0]!] };
  const tx = prepareTransaction(
    {
      type: 0,
      nonce: 1n,
      senderPublicKey: multiSignaturePublicKey(asset),
      amount: 1n,
      recipientId: RECIPIENT,
      ...(vendorField === undefined ? {} : { vendorField }),
    },
    CTX,
  );
  return body(addMultiSignature(tx, passphrase, 0), asset);
}

/** An `X-Musig-Auth` value: each passphrase's proof for `action` on `subject` at `nowMs`. */
export function proof(
  passphrases: string[],
  action: AuthAction,
  subject: string,
  nowMs = Date.now(),
): string {
  const timestamp = Math.floor(nowMs / 1000);
  return passphrases
    .map((passphrase) => {
      const signed = signMessageWithPassphrase(authMessage(action, subject, timestamp), passphrase);
      return authProof(signed.publicKey, timestamp, signed.signature);
    })
    .join(',');
}

/** A client's signer (transports.ts MusigSigner) proving with these passphrases. */
export const signerOf =
  (...passphrases: string[]) =>
  (action: AuthAction, subject: string) =>
    proof(passphrases, action, subject);
