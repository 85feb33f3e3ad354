/** Transactions: types, serialization, hashes, validation, verification, signing, JSON (protocol reference §4, §5). */
export type * from './types';
export {
  TypeGroup,
  CoreType,
  MagistrateType,
  EntityAction,
  EntityType,
  HtlcExpiration,
  INT64_MAX,
  DEFAULT_MULTI_PAYMENT_LIMIT,
  typeName,
  internalTypeLabel,
  hasVendorField,
  type CoreTypeKey,
  type MagistrateTypeKey,
  type TransactionTypeKey,
} from './constants';
export { serializeTransaction, type SerializeOptions } from './serialize';
export { legacyHashBytes } from './serialize-v1';
export {
  decodeStoredTransaction,
  deserializeTransaction,
  deserializeTransactionHex,
  type DeserializeOptions,
} from './deserialize';
export {
  hashBytes,
  transactionId,
  signingBytes,
  signingHash,
  secondSigningHash,
  multiSignatureSigningHash,
} from './hashes';
export { validateTransaction, type ValidateOptions } from './validate';
export {
  verifyTransaction,
  verifySecondSignature,
  verifyMultiSignatures,
  type VerifyResult,
  type VerifyFailureCode,
} from './verify';
export {
  signTransaction,
  prepareTransaction,
  addMultiSignature,
  type Signer,
  type TransactionDraft,
} from './sign';
export {
  transactionToJson,
  transactionFromJson,
  transactionAndBytesFromJson,
  draftFromJson,
  type FromJsonOptions,
} from './json';
