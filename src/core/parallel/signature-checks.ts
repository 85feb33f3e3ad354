/**
 * The signature checks of transactions and blocks as plain data, for verifying them in bulk on worker threads
 * ahead of the synchronous validation that needs them (crypto/verdicts.ts). The checks are exactly those
 * `verifyTransaction` (the sender's signature) and `verifyBlockSignature` make; a check that cannot be stated
 * (malformed hex, a header that does not serialize) is left out, and the validation finds the problem itself.
 */
import { blockSigningHash, type Block } from '../protocol/blocks';
import { verdictKey, type SignatureAlgorithm } from '../protocol/crypto/verdicts';
import { addressFromPublicKey, ecdsaVerify } from '../protocol/crypto';
import { schnorrVerifyEach } from '../protocol/crypto/schnorr';
import { sha256 } from '../protocol/hash';
import { fromHex, isHex, toHex } from '../protocol/hex';
import type { Network } from '../protocol/networks';
import { signingHash, type TransactionData } from '../protocol/transactions';

export interface SignatureCheck {
  algorithm: SignatureAlgorithm;
  hash: Uint8Array;
  signature: Uint8Array;
  publicKey: Uint8Array;
}

/**
 * The sender signature's check (64 bytes: legacy Schnorr, anything else ECDSA, protocol reference §3.3).
 * `serialized` — bytes this process serialized from `tx` (serializeTransaction), never bytes as received — lets a
 * version 2 transaction whose signature ends its bytes (no second signature, no multisignatures: §4.3's trailer)
 * take its signing hash from them, without serializing it once more.
 */
export function transactionCheck(tx: TransactionData, serialized?: Uint8Array): SignatureCheck | undefined {
  if (tx.signature === undefined || !isHex(tx.signature) || !isHex(tx.senderPublicKey, 33)) return undefined;
  try {
    const signature = fromHex(tx.signature);
    return {
      algorithm: signature.length === 64 ? 'schnorr' : 'ecdsa',
      hash: signedPrefix(tx, signature.length, serialized) ?? signingHash(tx),
      signature,
      publicKey: fromHex(tx.senderPublicKey),
    };
  } catch {
    return undefined;
  }
}

function signedPrefix(
  tx: TransactionData,
  signatureLength: number,
  serialized: Uint8Array | undefined,
): Uint8Array | undefined {
  if (serialized === undefined || tx.version !== 2 || tx.secondSignature !== undefined) return undefined;
  if (tx.signatures !== undefined && tx.signatures.length > 0) return undefined;
  if (serialized.length <= signatureLength) return undefined;
  return sha256(serialized.subarray(0, serialized.length - signatureLength));
}

/** The block signature's check and every transaction's sender signature check. */
export function blockChecks(block: Block, network: Network): SignatureCheck[] {
  const checks: SignatureCheck[] = [];
  const { header } = block;
  if (isHex(header.blockSignature) && isHex(header.generatorPublicKey, 33)) {
    try {
      checks.push({
        algorithm: 'ecdsa',
        hash: blockSigningHash(header, network),
        signature: fromHex(header.blockSignature),
        publicKey: fromHex(header.generatorPublicKey),
      });
    } catch {
      // A header that does not serialize: validation reports it.
    }
  }
  for (const tx of block.transactions) {
    const check = transactionCheck(tx);
    if (check !== undefined) checks.push(check);
  }
  return checks;
}

/**
 * Runs checks here (on a worker thread, or inline for a small batch): the same functions validation calls, the
 * Schnorr ones together (schnorrVerifyEach: one batch verification when all of them verify).
 */
export function runChecks(checks: readonly SignatureCheck[]): boolean[] {
  const schnorr = checks.filter((check) => check.algorithm === 'schnorr');
  const schnorrVerdicts = schnorrVerifyEach(schnorr);
  let next = 0;
  return checks.map((check) =>
    check.algorithm === 'schnorr'
      ? schnorrVerdicts[next++]!
      : ecdsaVerify(check.hash, check.signature, check.publicKey),
  );
}

/**
 * The address (protocol reference §2, `pubKeyHash` as its version byte) of each check's key whose signature
 * verified, '' where it did not: computed on the verify worker beside the signature, so that the pool's sender
 * look-up (RIPEMD-160 and Base58Check of every new sender) does not run on the node's main thread. A key is hashed
 * once a batch (a hot wallet's batch is one sender's).
 */
export function checkAddresses(
  checks: readonly SignatureCheck[],
  verdicts: readonly boolean[],
  pubKeyHash: number,
): string[] {
  const seen = new Map<string, string>();
  return checks.map((check, index) => {
    if (verdicts[index] !== true) return '';
    const key = toHex(check.publicKey);
    let address = seen.get(key);
    if (address === undefined) {
      try {
        address = addressFromPublicKey(check.publicKey, pubKeyHash);
      } catch {
        // Not reachable for a key a signature verified with; the pool then derives it itself.
        address = '';
      }
      seen.set(key, address);
    }
    return address;
  });
}

/** Each check's key, built once (a check is prefetched, then taken, then remembered for its block). */
const keys = new WeakMap<SignatureCheck, string>();

export function checkKey(check: SignatureCheck): string {
  let key = keys.get(check);
  if (key === undefined) {
    key = verdictKey(check.algorithm, check.hash, check.signature, check.publicKey);
    keys.set(check, key);
  }
  return key;
}
