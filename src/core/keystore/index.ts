/** The key store: encrypted vault, unlock sessions, OS keychain unlock, wallets and signing. */
export { Keystore, type RecoveryPhrase, type SignOptions } from './keystore';
export { VaultSession, MIN_PASSWORD_LENGTH } from './vault-session';
export { DEFAULT_IDLE_LOCK_MS, type KeystoreOptions, type LockReason } from './options';
export { KeystoreError, isKeystoreError, type KeystoreErrorCode } from './errors';
export { DEFAULT_SCRYPT, type ScryptParams } from './kdf';
export { keytarKeychain, KEYCHAIN_SERVICE, type Keychain, type KeychainStatus } from './keychain';
export type { NewMnemonicWallet } from './pending-mnemonic';
export type { WalletOptions, SecondPassphraseOptions } from './wallet-import';
export type { KeptHtlcSecret, WalletInfo, WalletKind } from './wallet-record';
