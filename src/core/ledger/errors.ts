/**
 * Every state a Ledger device can be in, as a typed error with a sentence a person can act on. The status words
 * come from ARK's Ledger app v2.3.0 (scripts/ledger/vendor/ark-ledger.tar.gz: src/operations.c, src/approval.c,
 * src/main.c) and from the Ledger OS answers when the ARK app is not the one open (docs/design/ledger.md).
 *
 *   ERR_LEDGER_NOT_CONNECTED      no Ledger device is plugged in (or the USB transport cannot be used here)
 *   ERR_LEDGER_USB_UNAVAILABLE    the USB HID module cannot load in this process (the reason is in the message)
 *   ERR_LEDGER_LOCKED             the device is locked: the PIN must be entered on it
 *   ERR_LEDGER_WRONG_APP          the device is on its dashboard or another app is open, not ARK
 *   ERR_LEDGER_APP_TOO_OLD        the ARK app is older than the version Votary is tested with
 *   ERR_LEDGER_REJECTED           the person refused on the device (status 0x6985)
 *   ERR_LEDGER_DISCONNECTED       the device went away while it was asked something
 *   ERR_LEDGER_TIMEOUT            the device did not answer in time (nothing was signed)
 *   ERR_LEDGER_BUSY               the device is already answering another request
 *   ERR_LEDGER_INVALID_DATA       the app refused the bytes it was sent (0x6A80 / 0x6B00)
 *   ERR_LEDGER_UNSUPPORTED        the ARK app cannot sign this (refused before anything is sent)
 *   ERR_LEDGER_BAD_SIGNATURE      the device answered a signature that does not verify: nothing is broadcast
 *   ERR_LEDGER_INVALID_PATH       a derivation path that is not a BIP44 path the ARK app accepts
 *   ERR_LEDGER_WRONG_KEY          the connected device does not hold this wallet's key (another device or seed)
 *   ERR_LEDGER_DEVICE             any other status word (its hex is in the message)
 */
import { CodedError } from '../../shared/lib/coded-error';

export type LedgerErrorCode =
  | 'ERR_LEDGER_NOT_CONNECTED'
  | 'ERR_LEDGER_USB_UNAVAILABLE'
  | 'ERR_LEDGER_LOCKED'
  | 'ERR_LEDGER_WRONG_APP'
  | 'ERR_LEDGER_APP_TOO_OLD'
  | 'ERR_LEDGER_REJECTED'
  | 'ERR_LEDGER_DISCONNECTED'
  | 'ERR_LEDGER_TIMEOUT'
  | 'ERR_LEDGER_BUSY'
  | 'ERR_LEDGER_INVALID_DATA'
  | 'ERR_LEDGER_UNSUPPORTED'
  | 'ERR_LEDGER_BAD_SIGNATURE'
  | 'ERR_LEDGER_INVALID_PATH'
  | 'ERR_LEDGER_WRONG_KEY'
  | 'ERR_LEDGER_DEVICE';

export class LedgerError extends CodedError<LedgerErrorCode> {
  override readonly name = 'LedgerError';
}
