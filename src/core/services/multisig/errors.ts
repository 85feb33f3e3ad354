/** Multisignature refusals (services/multisig), answered over IPC with their code. */
import { CodedError } from '../../../shared/lib/coded-error';

export type MultisigErrorCode =
  /** The server at that address did not answer as a multisignature server (no `X-Server-Type: MultiSignature`). */
  | 'ERR_NOT_MUSIG_SERVER'
  /** The multisignature server refused or could not be reached; the message says which and why. */
  | 'ERR_MUSIG_SERVER'
  /** A proposal (from a server, a file or a QR code) that is not a valid partly signed transaction. */
  | 'ERR_MUSIG_PROPOSAL'
  /** The vault wallet chosen to sign holds none of the participants' keys. */
  | 'ERR_NOT_PARTICIPANT'
  /** This participant's signature is in the proposal already. */
  | 'ERR_ALREADY_SIGNED'
  /** Broadcast asked for before `min` participants signed (every one for a registration). */
  | 'ERR_NOT_ENOUGH_SIGNATURES'
  /** The multisignature wallet is not known to this profile (import it by its participants' keys first). */
  | 'ERR_MULTISIG_UNKNOWN';

export class MultisigError extends CodedError<MultisigErrorCode> {
  override readonly name = 'MultisigError';
}
