/**
 * Multisignature wallet public key (protocol reference §2, `PublicKey.fromMultiSignatureAsset`): the point sum
 * minKey + P1 + … + Pk, where minKey is the public key of the passphrase hex2(min) ("02" for min 2).
 */
import { ProtocolError } from '../errors';
import { toHex } from '../hex';
import { privateKeyFromPassphrase, publicKeyFromPrivateKey, parsePublicKey } from './keys';
import { decodePoint, type CurvePoint } from './curve';

function pointOf(bytes: Uint8Array): CurvePoint {
  const point = decodePoint(bytes);
  if (point === undefined) throw new ProtocolError('ERR_KEY', 'public key is not a valid secp256k1 point');
  return point;
}

export function multiSignaturePublicKey(asset: { min: number; publicKeys: string[] }): string {
  if (typeof asset !== 'object' || asset === null || !Array.isArray(asset.publicKeys)) {
    throw new ProtocolError('ERR_KEY', 'multisignature asset must have min and publicKeys');
  }
  const { min, publicKeys } = asset;
  const keys = publicKeys.map((key, i) => parsePublicKey(key, `multisignature public key ${i}`));
  if (!Number.isInteger(min) || min < 1 || min > keys.length) {
    throw new ProtocolError('ERR_KEY', `multisignature min must be an integer from 1 to ${keys.length}`);
  }
  const minKey = publicKeyFromPrivateKey(privateKeyFromPassphrase(min.toString(16).padStart(2, '0')));
  // Addition order does not change the sum (§2).
  let sum = pointOf(minKey);
  for (const key of keys) sum = sum.add(pointOf(key));
  if (sum.is0())
    throw new ProtocolError('ERR_KEY', 'multisignature public keys sum to the point at infinity');
  return toHex(sum.toBytes(true));
}
