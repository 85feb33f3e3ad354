/**
 * Proof of taking part, for the requests that read or delete a proposal (docs/design/multisig.md "Proof of
 * taking part"). ARK's multi-signature server answers them to anyone who knows a public key or an id; this one
 * asks for a signed message (protocol/message.ts: ARK Core 3's `Crypto.Message.sign` form, ECDSA over SHA-256 of
 * the UTF-8 text, or ArkVault's legacy Schnorr form) by a key that sends or takes part in the proposal.
 *
 * The header `X-Musig-Auth` carries one proof or up to MAX_PROOFS separated by commas, each
 * `<publicKey>.<unix seconds>.<signature hex>`, over the text
 * `votary-musig-server/1 <action> <subject> <unix seconds>` where action is `list` (subject: the public key
 * listed), `show` or `delete` (subject: the proposal's id), lowercase. A proof older or newer than
 * FRESHNESS_S is refused, so a captured header works only for that action on that subject for a few minutes.
 */
import { verifySignedMessage } from '../protocol/message';
import { MusigError } from './errors';

export const AUTH_HEADER = 'X-Musig-Auth';
export const MAX_PROOFS = 16;
/** How far a proof's time may be from the server's clock, either way (clock drift between machines). */
export const FRESHNESS_S = 300;

export type AuthAction = 'list' | 'show' | 'delete';

/** The text a participant signs to `action` on `subject` at `timestamp` (unix seconds). */
export function authMessage(action: AuthAction, subject: string, timestamp: number): string {
  return `votary-musig-server/1 ${action} ${subject.toLowerCase()} ${timestamp}`;
}

/** One proof as the header carries it. */
export function authProof(publicKey: string, timestamp: number, signature: string): string {
  return `${publicKey.toLowerCase()}.${timestamp}.${signature.toLowerCase()}`;
}

const PROOF = /^(0[23][0-9a-f]{64})\.(\d{1,12})\.([0-9a-f]{128,144})$/;

/**
 * The keys whose proofs in the header verify for `action` on `subject` now; MusigError 401 when the header is
 * missing or malformed, or no proof verifies.
 */
export function provenKeys(
  header: string | string[] | undefined,
  action: AuthAction,
  subject: string,
  nowMs: number,
): string[] {
  const text = Array.isArray(header) ? header.join(',') : header;
  if (text === undefined || text.trim() === '') {
    throw new MusigError(
      401,
      `Reading or deleting proposals needs proof of taking part: the ${AUTH_HEADER} header (docs/design/multisig.md)`,
    );
  }
  const proofs = text.split(',').map((part) => part.trim().toLowerCase());
  if (proofs.length > MAX_PROOFS) throw new MusigError(400, `${AUTH_HEADER}: at most ${MAX_PROOFS} proofs`);
  const now = Math.floor(nowMs / 1000);
  const keys: string[] = [];
  let stale = false;
  for (const proof of proofs) {
    const match = PROOF.exec(proof);
    if (match === null) {
      throw new MusigError(400, `${AUTH_HEADER}: each proof is <publicKey>.<unix seconds>.<signature hex>`);
    }
    const [, publicKey, seconds, signature] = match as unknown as [string, string, string, string];
    const timestamp = Number(seconds);
    if (Math.abs(now - timestamp) > FRESHNESS_S) {
      stale = true;
      continue;
    }
    try {
      const verdict = verifySignedMessage({
        publicKey,
        signature,
        message: authMessage(action, subject, timestamp),
      });
      if (verdict.verified) keys.push(publicKey);
    } catch {
      // A key or signature that is not one: this proof proves nothing.
    }
  }
  if (keys.length === 0) {
    throw new MusigError(
      401,
      stale
        ? `${AUTH_HEADER}: the proof's time is more than ${FRESHNESS_S} s from the server's clock`
        : `${AUTH_HEADER}: no proof is a valid signature of this request`,
    );
  }
  return keys;
}
