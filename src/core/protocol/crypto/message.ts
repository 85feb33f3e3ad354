/**
 * Signed messages (`Crypto.Message`, protocol reference §8): ECDSA-DER over SHA256(UTF-8 message). The network
 * messagePrefix is not used by this API.
 */
import { fromHex, isHex, toHex } from '../hex';
import { sha256 } from '../hash';
import { ecdsaSign, ecdsaVerify } from './ecdsa';
import { keyPairFromPassphrase } from './keys';

export interface SignedMessage {
  publicKey: string;
  signature: string;
  message: string;
}

export function signMessage(message: string, passphrase: string): SignedMessage {
  const keys = keyPairFromPassphrase(passphrase);
  const signature = ecdsaSign(sha256(String(message)), keys.privateKey);
  return { publicKey: toHex(keys.publicKey), signature: toHex(signature), message };
}

/** False (never an exception) for malformed hex, a wrong key or a tampered message. */
export function verifyMessage(signed: SignedMessage): boolean {
  if (typeof signed !== 'object' || signed === null) return false;
  const { publicKey, signature, message } = signed;
  if (typeof message !== 'string' || !isHex(publicKey) || !isHex(signature)) return false;
  return ecdsaVerify(sha256(message), fromHex(signature), fromHex(publicKey));
}
