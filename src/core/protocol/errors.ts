/**
 * Typed protocol errors. Every failure on malformed bytes, JSON or keys surfaces as a ProtocolError with a
 * stable code and a message naming what is wrong, never as an exception from deep inside a parser.
 *
 * The codes mirror the reference library's error classes (protocol reference §4.5, §5; vectors/negative.json):
 *   ERR_BYTES            InvalidTransactionBytesError / "Read over buffer boundary" / trailing bytes
 *   ERR_SCHEMA           TransactionSchemaError (AJV schema of @arkecosystem/crypto)
 *   ERR_UNKNOWN_TYPE     UnknownTransactionError ("Unknown transaction type: Core/99")
 *   ERR_VERSION          TransactionVersionError (v1 after aip11, v2 before)
 *   ERR_NETWORK          AddressNetworkError / wrong network byte
 *   ERR_DUPLICATE_PARTICIPANT DuplicateParticipantInMultiSignatureError
 *   ERR_VENDOR_FIELD     VendorFieldLengthExceededError
 *   ERR_KEY, ERR_ADDRESS, ERR_WIF, ERR_SIGNATURE, ERR_MNEMONIC  malformed key material
 *   ERR_JSON             input that is not the JSON shape expected
 *   ERR_BLOCK            malformed block bytes or header
 */
import { CodedError } from '../../shared/lib/coded-error';

export type ProtocolErrorCode =
  | 'ERR_BYTES'
  | 'ERR_SCHEMA'
  | 'ERR_UNKNOWN_TYPE'
  | 'ERR_VERSION'
  | 'ERR_NETWORK'
  | 'ERR_DUPLICATE_PARTICIPANT'
  | 'ERR_VENDOR_FIELD'
  | 'ERR_KEY'
  | 'ERR_ADDRESS'
  | 'ERR_WIF'
  | 'ERR_SIGNATURE'
  | 'ERR_MNEMONIC'
  | 'ERR_JSON'
  | 'ERR_BLOCK';

export class ProtocolError extends CodedError<ProtocolErrorCode> {
  override readonly name = 'ProtocolError';
}

export function isProtocolError(value: unknown): value is ProtocolError {
  return value instanceof ProtocolError;
}
