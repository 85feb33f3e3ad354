/** Ledger hardware wallets with ARK's own Ledger app (docs/design/ledger.md). */
export { LedgerError, type LedgerErrorCode } from './errors';
export { StatusWord, statusWordError, toLedgerError } from './status-words';
export { accountPath, checkPath, coinTypeOf, pathBytes } from './paths';
export {
  parseSpeculosAddress,
  speculosTransport,
  usbTransport,
  type ApduTransport,
  type TransportOpener,
} from './transport';
export { LedgerDevice, MIN_APP_VERSION, DEFAULT_TIMEOUTS, type DeviceTimeouts } from './device';
export {
  checkDeviceCanSign,
  checkDeviceCanSignMessage,
  isDeviceText,
  MAX_MESSAGE_BYTES,
  MAX_TRANSACTION_BYTES,
  type DeviceReview,
} from './signable';
export {
  LedgerSigner,
  type BytesSigner,
  type DevicePrompt,
  type LedgerAccountRef,
  type LedgerSignerOptions,
} from './signer';
export {
  discoverAccounts,
  readCustomAccount,
  type AddressUse,
  type DiscoveryOptions,
  type LedgerAccount,
} from './discovery';
export { ledgerParticipantSigner, ledgerSenderSigner, type DeviceSignRequest } from './prepared-signers';
