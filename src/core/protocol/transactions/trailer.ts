import type { ByteReader } from '../bytes';
import { ProtocolError } from '../errors';
import { toHex } from '../hex';
import type { TransactionData } from './types';

/**
 * Reads the signature trailer (protocol reference §4.5 step 5). Version 2 picks the Schnorr path by the
 * remaining length, else ECDSA; version 1 is always ECDSA.
 */
export function readSignatures(r: ByteReader, tx: TransactionData): void {
  if (tx.version !== 1 && looksLikeSchnorr(r.remaining)) readSchnorr(r, tx);
  else readEcdsa(r, tx);
}

function looksLikeSchnorr(remaining: number): boolean {
  return (
    remaining === 64 ||
    remaining === 128 ||
    remaining % 65 === 0 ||
    (remaining - 64) % 65 === 0 ||
    (remaining - 128) % 65 === 0
  );
}

/**
 * Up to two 64-byte signatures while `rem % 64 == 0 || rem % 65 != 0`, then 65-byte multisignature entries.
 * Quirk kept from the reference: 64 + 1 bytes read as one multisignature entry (negative.json trailing-byte).
 */
function readSchnorr(r: ByteReader, tx: TransactionData): void {
  const canReadSingle = (): boolean => r.remaining > 0 && (r.remaining % 64 === 0 || r.remaining % 65 !== 0);
  if (canReadSingle()) tx.signature = toHex(r.bytes(64, 'signature'));
  if (canReadSingle()) tx.secondSignature = toHex(r.bytes(64, 'secondSignature'));
  if (r.remaining === 0) return;
  if (r.remaining % 65 !== 0) throw new ProtocolError('ERR_BYTES', 'signature buffer not exhausted');
  const count = r.remaining / 65;
  const seen = new Set<number>();
  const signatures: string[] = [];
  for (let i = 0; i < count; i++) {
    const entry = r.bytes(65, `multisignature ${i}`);
    const index = entry[0]!;
    if (seen.has(index)) {
      throw new ProtocolError(
        'ERR_DUPLICATE_PARTICIPANT',
        `Invalid multi signature, because duplicate participant found (index ${index}).`,
      );
    }
    seen.add(index);
    signatures.push(toHex(entry));
  }
  tx.signatures = signatures;
}

/** A DER signature is `30 len …`: its total length is 2 + byte[1]. */
function readDer(r: ByteReader, what: string): string {
  if (r.remaining < 2) throw new ProtocolError('ERR_BYTES', `Read over buffer boundary: ${what} length`);
  const length = 2 + r.peek(1)!;
  return toHex(r.bytes(length, what));
}

/**
 * ECDSA path: signature, then a secondSignature unless a 0xFF marker follows, then (version 1 only) a legacy
 * multisignature blob after 0xFF. In version 2 such a blob would be written back without its marker, so it
 * is rejected to keep decoding one-to-one.
 */
function readEcdsa(r: ByteReader, tx: TransactionData): void {
  if (r.remaining > 0) tx.signature = readDer(r, 'signature');
  if (r.remaining > 0 && r.peek() !== 0xff) tx.secondSignature = readDer(r, 'secondSignature');
  if (r.remaining > 0 && r.peek() === 0xff) {
    if (tx.version !== 1) {
      throw new ProtocolError('ERR_BYTES', 'a legacy multisignature blob is not allowed in version 2');
    }
    r.skip(1, 'multisignature marker');
    tx.signatures = [toHex(r.bytes(r.remaining, 'legacy multisignature'))];
  }
  if (r.remaining > 0) throw new ProtocolError('ERR_BYTES', 'signature buffer not exhausted');
}
