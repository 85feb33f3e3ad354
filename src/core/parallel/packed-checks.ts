/**
 * Signature checks packed into one buffer for a worker (verify-workers.ts → verify-worker.ts): a message of one
 * transferred ArrayBuffer instead of a structured clone of three Uint8Arrays a check, which cost the main thread
 * more than the rest of the prefetch (bench:ingest's profile). Each check is a 4-byte header — algorithm (0 ECDSA,
 * 1 Schnorr), hash, signature and key lengths — then the hash, signature and key bytes.
 */
import type { SignatureCheck } from './signature-checks';

/** The packed form; an input whose hash, signature or key is longer than 255 bytes is not packable (undefined). */
export function packChecks(checks: readonly SignatureCheck[]): Uint8Array<ArrayBuffer> | undefined {
  let size = 0;
  for (const { hash, signature, publicKey } of checks) {
    if (hash.length > 255 || signature.length > 255 || publicKey.length > 255) return undefined;
    size += 4 + hash.length + signature.length + publicKey.length;
  }
  const packed = new Uint8Array(size);
  let at = 0;
  for (const { algorithm, hash, signature, publicKey } of checks) {
    packed[at] = algorithm === 'ecdsa' ? 0 : 1;
    packed[at + 1] = hash.length;
    packed[at + 2] = signature.length;
    packed[at + 3] = publicKey.length;
    at += 4;
    for (const part of [hash, signature, publicKey]) {
      packed.set(part, at);
      at += part.length;
    }
  }
  return packed;
}

/** The checks of a packed buffer, as views into it; throws on a buffer packChecks did not make. */
export function unpackChecks(packed: Uint8Array): SignatureCheck[] {
  const checks: SignatureCheck[] = [];
  let at = 0;
  while (at < packed.length) {
    if (at + 4 > packed.length) throw new Error('packed signature checks end inside a header');
    const [kind, hashLength, signatureLength, keyLength] = packed.subarray(at, at + 4);
    const hashAt = at + 4;
    const signatureAt = hashAt + hashLength!;
    const keyAt = signatureAt + signatureLength!;
    at = keyAt + keyLength!;
    if (kind! > 1 || at > packed.length) throw new Error('packed signature checks are malformed');
    checks.push({
      algorithm: kind === 0 ? 'ecdsa' : 'schnorr',
      hash: packed.subarray(hashAt, signatureAt),
      signature: packed.subarray(signatureAt, keyAt),
      publicKey: packed.subarray(keyAt, at),
    });
  }
  return checks;
}
