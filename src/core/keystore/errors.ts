/**
 * Typed key-store errors. Every failure is a value with a stable code and a message a person can act on; no
 * message ever contains a password, passphrase, mnemonic, WIF or key (docs/design/architecture.md "Rules").
 *
 *   ERR_WRONG_PASSWORD     the password does not open the vault (nothing else is said about why)
 *   ERR_VAULT_CORRUPT      the vault file is unreadable, truncated or altered
 *   ERR_NO_VAULT           no vault exists yet for this profile
 *   ERR_VAULT_EXISTS       create() on a profile that already has a vault
 *   ERR_LOCKED             the operation needs an unlocked vault
 *   ERR_INVALID_INPUT      a malformed argument (profile id, password, name, passphrase, WIF, address…)
 *   ERR_WALLET_NOT_FOUND   no wallet with that id
 *   ERR_WALLET_EXISTS      the same address is already in the vault for that network
 *   ERR_PENDING_NOT_FOUND  no pending (unconfirmed) wallet with that id
 *   ERR_CONFIRMATION_MISMATCH  the words given do not match the recovery phrase at the asked positions
 *   ERR_WATCH_ONLY         a watch-only wallet holds no key: it cannot sign or reveal a phrase
 *   ERR_SECOND_PASSPHRASE_MISMATCH  the second passphrase does not give the registered second public key
 *   ERR_NETWORK_MISMATCH   the chain context is not the wallet's network
 *   ERR_INVALID_DRAFT      the draft failed the protocol's checks (the protocol message is kept)
 *   ERR_KEYCHAIN_UNAVAILABLE  the OS keychain cannot be used here (the reason is in the message)
 *   ERR_DEVICE_UNLOCK_NOT_ENABLED  "unlock on this device" is off (or its keychain entry is gone)
 *   ERR_DEVICE_UNLOCK_FAILED  the keychain entry does not open this vault
 *   ERR_VAULT_CHANGED      another process replaced the vault file since it was read: nothing was written
 *   ERR_TOO_MANY_ATTEMPTS  wrong passwords in a row: the next attempt must wait (the message says how long)
 *   ERR_WEAK_PASSWORD      a new password is too easy to guess (the message says why)
 *   ERR_PASSWORD_REQUIRED  the action deletes a key, so the vault password must be entered again
 *   ERR_HARDWARE_WALLET    the wallet's key is on a Ledger: it signs on the device (core/ledger), not in the vault
 */
import { CodedError } from '../../shared/lib/coded-error';

export type KeystoreErrorCode =
  | 'ERR_WRONG_PASSWORD'
  | 'ERR_VAULT_CORRUPT'
  | 'ERR_NO_VAULT'
  | 'ERR_VAULT_EXISTS'
  | 'ERR_LOCKED'
  | 'ERR_INVALID_INPUT'
  | 'ERR_WALLET_NOT_FOUND'
  | 'ERR_WALLET_EXISTS'
  | 'ERR_PENDING_NOT_FOUND'
  | 'ERR_CONFIRMATION_MISMATCH'
  | 'ERR_WATCH_ONLY'
  | 'ERR_SECOND_PASSPHRASE_MISMATCH'
  | 'ERR_NETWORK_MISMATCH'
  | 'ERR_INVALID_DRAFT'
  | 'ERR_KEYCHAIN_UNAVAILABLE'
  | 'ERR_DEVICE_UNLOCK_NOT_ENABLED'
  | 'ERR_DEVICE_UNLOCK_FAILED'
  | 'ERR_VAULT_CHANGED'
  | 'ERR_TOO_MANY_ATTEMPTS'
  | 'ERR_WEAK_PASSWORD'
  | 'ERR_PASSWORD_REQUIRED'
  | 'ERR_HARDWARE_WALLET';

export class KeystoreError extends CodedError<KeystoreErrorCode> {
  override readonly name = 'KeystoreError';
}

export function isKeystoreError(error: unknown, code?: KeystoreErrorCode): error is KeystoreError {
  return error instanceof KeystoreError && (code === undefined || error.code === code);
}
