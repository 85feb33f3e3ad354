/**
 * Wallet Import Format (protocol reference §2): Base58Check(wifByte ‖ privateKey(32) ‖ 0x01). The trailing 0x01
 * marks a compressed public key and is always present for ARK keys.
 */
import { ProtocolError } from '../errors';
import { base58checkDecode, base58checkEncode } from './base58check';
import { privateKeyFromPassphrase, privateKeyScalar } from './keys';

const WIF_BYTES = 34;
const COMPRESSED_FLAG = 0x01;

function assertWifByte(wifByte: number): void {
  if (!Number.isInteger(wifByte) || wifByte < 0 || wifByte > 255) {
    throw new ProtocolError('ERR_WIF', 'WIF version byte must be an integer 0..255');
  }
}

export function wifFromPrivateKey(privateKey: Uint8Array, wifByte: number): string {
  assertWifByte(wifByte);
  privateKeyScalar(privateKey);
  const payload = new Uint8Array(WIF_BYTES);
  payload[0] = wifByte;
  payload.set(privateKey, 1);
  payload[33] = COMPRESSED_FLAG;
  return base58checkEncode(payload);
}

export function wifFromPassphrase(passphrase: string, wifByte: number): string {
  return wifFromPrivateKey(privateKeyFromPassphrase(passphrase), wifByte);
}

/** The 32-byte private key of a WIF; checks the network byte when `wifByte` is given. */
export function privateKeyFromWif(wif: string, wifByte?: number): Uint8Array {
  const payload = base58checkDecode(wif);
  if (payload === undefined)
    throw new ProtocolError('ERR_WIF', 'WIF is not valid Base58Check (alphabet or checksum)');
  if (payload.length !== WIF_BYTES) {
    throw new ProtocolError('ERR_WIF', `WIF payload is ${payload.length} bytes, expected ${WIF_BYTES}`);
  }
  if (payload[33] !== COMPRESSED_FLAG)
    throw new ProtocolError('ERR_WIF', 'WIF lacks the 0x01 compressed-key flag');
  if (wifByte !== undefined) {
    assertWifByte(wifByte);
    if (payload[0] !== wifByte) {
      throw new ProtocolError('ERR_WIF', `WIF version byte is ${payload[0]}, expected ${wifByte}`);
    }
  }
  const privateKey = payload.slice(1, 33);
  try {
    privateKeyScalar(privateKey);
  } catch {
    throw new ProtocolError('ERR_WIF', 'WIF holds an invalid private key (0 or >= n)');
  }
  return privateKey;
}
