/** Keys, addresses, WIF, mnemonics and signatures (protocol reference §2, §3, §8). */
export type { KeyPair } from './keys';
export {
  privateKeyFromPassphrase,
  publicKeyFromPrivateKey,
  keyPairFromPassphrase,
  keyPairFromPrivateKey,
  uncompressedPublicKey,
  isValidPublicKey,
  parsePublicKey,
} from './keys';
export {
  addressFromPublicKey,
  addressFromPassphrase,
  validateAddress,
  decodeAddress,
  addressToBytes,
  addressFromBytes,
  rememberDerivedAddresses,
} from './address';
export { wifFromPrivateKey, wifFromPassphrase, privateKeyFromWif } from './wif';
export { multiSignaturePublicKey } from './multisig-key';
export { generateMnemonic, isValidMnemonic } from './mnemonic';
export { schnorrSign, schnorrVerify } from './schnorr';
export { ecdsaSign, ecdsaVerify, derFromCompact, compactFromStrictDer } from './ecdsa';
export { verifyTransactionSignature } from './signature';
