import { schnorrVerify, verifyTransactionSignature } from '../crypto';
import { fromHex, isHex } from '../hex';
import {
  contextMilestone,
  isExceptionTransaction,
  isIdFixedTransaction,
  type ChainContext,
  type Milestone,
} from '../networks';
import { CoreType, MagistrateType, TypeGroup } from './constants';
import { multiSignatureSigningHash, secondSigningHash, signingHash } from './hashes';
import type { MultiSignatureAsset, TransactionData } from './types';

/**
 * Why `verifyTransaction` failed, for callers that act on the cause rather than on the text:
 * - ERR_TYPE_INACTIVE: the type (or version) is not active at this height (the type's milestone gate);
 * - ERR_NO_SENDER_SIGNATURE: no `signature` but participant `signatures`: a multisignature spend, which only
 *   verifies against the wallet's multisignature asset (verifyMultiSignatures; core re-checks it with state);
 * - ERR_NOT_SIGNED: no signature of any kind;
 * - ERR_MALFORMED: the signature or sender public key is not hex of the right length;
 * - ERR_INVALID_SIGNATURE: the sender's signature does not verify.
 */
export type VerifyFailureCode =
  | 'ERR_TYPE_INACTIVE'
  | 'ERR_NO_SENDER_SIGNATURE'
  | 'ERR_NOT_SIGNED'
  | 'ERR_MALFORMED'
  | 'ERR_INVALID_SIGNATURE';

export interface VerifyResult {
  verified: boolean;
  /** Why verification failed, as a code (absent when verified). */
  code?: VerifyFailureCode;
  /** Why verification failed, in words (absent when verified). */
  reason?: string;
}

function failure(code: VerifyFailureCode, reason: string): VerifyResult {
  return { verified: false, code, reason };
}

/**
 * `Transaction.verify()` of the reference (protocol reference §4.4, §5 "Type verify() gates"): the type's
 * milestone gate, then the sender's `signature` over signingHash. The secondSignature is NOT checked here (see
 * verifySecondSignature; negative.json second-sig-flipped), and a multisignature spend, which has no single
 * signature, is false here as in the reference (see verifyMultiSignatures). `hash` is signingHash(tx) when the
 * caller computed it already; `verdict` is the verify workers' verdict on the sender signature over that `hash`
 * (the pool's admission of a posted batch, node.ts prefetchSignatures), taken instead of verifying again.
 */
export function verifyTransaction(
  tx: TransactionData,
  ctx: ChainContext,
  hash?: Uint8Array,
  verdict?: boolean,
): VerifyResult {
  // An exception of the network's list verifies as such, before any other rule (crypto `transactions/verifier.ts`).
  if (isExceptionTransaction(ctx.network, tx.id)) return { verified: true };
  const gate = typeGate(tx, contextMilestone(ctx));
  if (gate !== undefined) return failure('ERR_TYPE_INACTIVE', gate);
  if (tx.signature === undefined) {
    return tx.signatures
      ? failure(
          'ERR_NO_SENDER_SIGNATURE',
          'no sender signature (a multisignature spend is checked with verifyMultiSignatures)',
        )
      : failure('ERR_NOT_SIGNED', 'not signed');
  }
  if (!isHex(tx.signature) || !isHex(tx.senderPublicKey, 33)) {
    return failure('ERR_MALFORMED', 'signature or senderPublicKey is not hex');
  }
  const legacyRecipient = tx.version === 1 && isIdFixedTransaction(ctx.network, tx.id);
  // A verdict stands only for the hash it was given with, and never for a transaction signed over another one.
  const ok =
    verdict !== undefined && hash !== undefined && !legacyRecipient
      ? verdict
      : verifyTransactionSignature(
          hash ?? signingHash(tx, { legacyRecipient }),
          fromHex(tx.signature),
          fromHex(tx.senderPublicKey),
        );
  return ok ? { verified: true } : failure('ERR_INVALID_SIGNATURE', 'invalid signature');
}

/** The milestone gates of the type classes; undefined when the type may verify at this height. */
function typeGate(tx: TransactionData, milestone: Milestone): string | undefined {
  const aip11 = milestone.aip11 === true;
  // Verifier.verify: a version-1 transaction is rejected once aip11 is active (§4.5 step 7).
  if (tx.version === 1 && aip11) return 'version 1 transactions are not accepted after aip11';
  // Before aip11 only version 1 is supported (crypto `utils/index.ts` isSupportedTransactionVersion, which ARK's
  // deserializer applies to every transaction of a block).
  if (tx.version !== 1 && !aip11) return `version ${tx.version} transactions need aip11`;
  if (tx.typeGroup === TypeGroup.Core) {
    switch (tx.type) {
      case CoreType.MultiSignature:
        // v1 multisignature registrations verify only for configured exception ids (§5).
        if (tx.version === 1)
          return 'legacy multisignature registrations verify only as configured exceptions';
        return aip11 ? undefined : 'multisignature registration needs aip11';
      case CoreType.Ipfs:
      case CoreType.MultiPayment:
      case CoreType.DelegateResignation:
        return aip11 ? undefined : 'this type needs aip11';
      case CoreType.HtlcLock:
      case CoreType.HtlcClaim:
      case CoreType.HtlcRefund:
        return aip11 && milestone.htlcEnabled === true ? undefined : 'HTLC types need aip11 and htlcEnabled';
      default:
        return undefined;
    }
  }
  if (tx.typeGroup === TypeGroup.Magistrate) {
    const aip36 = milestone.aip36 === true;
    if (tx.type === MagistrateType.Entity) return aip36 ? undefined : 'entity transactions need aip36';
    return aip11 && !aip36
      ? undefined
      : 'legacy business/bridgechain types are active only between aip11 and aip36';
  }
  return 'unknown type group';
}

/** `Verifier.verifySecondSignature`: the secondSignature over the hash that covers the first signature. */
export function verifySecondSignature(tx: TransactionData, secondPublicKey: string | Uint8Array): boolean {
  if (tx.secondSignature === undefined || !isHex(tx.secondSignature)) return false;
  const key = typeof secondPublicKey === 'string' ? hexKey(secondPublicKey) : secondPublicKey;
  if (key === undefined) return false;
  return verifyTransactionSignature(secondSigningHash(tx), fromHex(tx.secondSignature), key);
}

/**
 * `Verifier.verifySignatures(data, {min, publicKeys})` (§4.4): participant Schnorr signatures over the
 * no-signatures hash; succeeds once `min` are valid and stops early when too few remain. Duplicate and
 * out-of-range indices make it false (the reference throws, or fails with a TypeError, respectively).
 */
export function verifyMultiSignatures(tx: TransactionData, multiSignature: MultiSignatureAsset): boolean {
  const { min, publicKeys } = multiSignature;
  const signatures = tx.signatures;
  if (!signatures || signatures.length === 0 || !Number.isInteger(min) || min < 1) return false;
  const hash = multiSignatureSigningHash(tx);
  const seen = new Set<number>();
  let valid = 0;
  for (let i = 0; i < signatures.length; i++) {
    const entry = signatures[i]!;
    if (!isHex(entry, 65)) return false;
    const index = Number.parseInt(entry.slice(0, 2), 16);
    if (seen.has(index) || index >= publicKeys.length) return false;
    seen.add(index);
    const key = hexKey(publicKeys[index]!);
    if (key !== undefined && schnorrVerify(hash, fromHex(entry.slice(2)), key)) valid++;
    if (valid === min) return true;
    if (signatures.length - (i + 1 - valid) < min) return false;
  }
  return false;
}

/** Malformed keys are left to the verifiers, which answer false for anything that is not a curve point. */
function hexKey(hex: string): Uint8Array | undefined {
  return isHex(hex) ? fromHex(hex) : undefined;
}
