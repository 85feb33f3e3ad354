/**
 * Algorithm choice for transaction signatures (protocol reference §3.3): a 64-byte signature is legacy Schnorr,
 * any other length is ECDSA/DER. Used for `signature` and `secondSignature`; multisignature participant
 * signatures are always Schnorr and block signatures always ECDSA, so those callers use the specific verifier.
 */
import { ecdsaVerify } from './ecdsa';
import { schnorrVerify } from './schnorr';

export function verifyTransactionSignature(
  hash: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (!(signature instanceof Uint8Array)) return false;
  return signature.length === 64
    ? schnorrVerify(hash, signature, publicKey)
    : ecdsaVerify(hash, signature, publicKey);
}
