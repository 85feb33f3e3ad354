/**
 * DER encoding of ECDSA signatures (`30 len 02 rlen r 02 slen s`) and the strict parse that `Hash.verifyECDSA`
 * applies before verifying (protocol reference §3.2, vectors ecdsaVerifyEdgeCases).
 */
import { ProtocolError } from '../errors';

function derInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const body = bytes.subarray(start);
  if ((body[0]! & 0x80) === 0) return body;
  const padded = new Uint8Array(body.length + 1);
  padded.set(body, 1);
  return padded;
}

/** DER form of a 64-byte compact r ‖ s signature, with minimal integer encodings. */
export function derFromCompact(compact64: Uint8Array): Uint8Array {
  if (!(compact64 instanceof Uint8Array) || compact64.length !== 64) {
    throw new ProtocolError('ERR_SIGNATURE', 'compact ECDSA signature must be 64 bytes');
  }
  const r = derInteger(compact64.subarray(0, 32));
  const s = derInteger(compact64.subarray(32));
  const out = new Uint8Array(6 + r.length + s.length);
  out[0] = 0x30;
  out[1] = 4 + r.length + s.length;
  out[2] = 0x02;
  out[3] = r.length;
  out.set(r, 4);
  out[4 + r.length] = 0x02;
  out[5 + r.length] = s.length;
  out.set(s, 6 + r.length);
  return out;
}

/** True when a DER integer body is non-empty, non-negative and minimally encoded. */
function isStrictInteger(der: Uint8Array, offset: number, length: number): boolean {
  if (length === 0) return false;
  const first = der[offset]!;
  if ((first & 0x80) !== 0) return false;
  if (length > 1 && first === 0x00 && (der[offset + 1]! & 0x80) === 0) return false;
  // Anything longer than 32 bytes, other than a 0x00 sign pad before a high byte, is ≥ 2^256: no scalar fits.
  return length <= 32 || (length === 33 && first === 0x00);
}

function copyInteger(der: Uint8Array, offset: number, length: number, out: Uint8Array, at: number): void {
  const body = length === 33 ? der.subarray(offset + 1, offset + 33) : der.subarray(offset, offset + length);
  out.set(body, at + 32 - body.length);
}

/**
 * The 64-byte r ‖ s of a strictly encoded DER signature, or undefined: the total length must be exactly
 * 6 + rLen + sLen with no trailing bytes, byte[1] = 4 + rLen + sLen (≤ 127), both INTEGER tags present and
 * both integers non-negative and minimal.
 */
export function compactFromStrictDer(der: Uint8Array): Uint8Array | undefined {
  if (!(der instanceof Uint8Array) || der.length < 8 || der.length > 72) return undefined;
  if (der[0] !== 0x30 || der[1] !== der.length - 2) return undefined;
  if (der[2] !== 0x02) return undefined;
  const rLength = der[3]!;
  if (5 + rLength >= der.length) return undefined;
  if (der[4 + rLength] !== 0x02) return undefined;
  const sLength = der[5 + rLength]!;
  if (6 + rLength + sLength !== der.length) return undefined;
  if (!isStrictInteger(der, 4, rLength) || !isStrictInteger(der, 6 + rLength, sLength)) return undefined;
  const compact = new Uint8Array(64);
  copyInteger(der, 4, rLength, compact, 0);
  copyInteger(der, 6 + rLength, sLength, compact, 32);
  return compact;
}
