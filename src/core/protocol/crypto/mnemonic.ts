/**
 * BIP39 mnemonics as new-wallet passphrases. ARK uses the mnemonic text itself as the passphrase (§2: private key
 * = SHA256 of the UTF-8 string, no BIP39 seed derivation); BIP39 only supplies the word choice and checksum.
 */
import { generateMnemonic as bip39Generate, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { ProtocolError } from '../errors';

/** A fresh English mnemonic from the OS CSPRNG: 12 words (128-bit entropy) or 24 words (256-bit). */
export function generateMnemonic(words: 12 | 24 = 24): string {
  if (words !== 12 && words !== 24)
    throw new ProtocolError('ERR_MNEMONIC', 'mnemonic length must be 12 or 24 words');
  return bip39Generate(wordlist, words === 24 ? 256 : 128);
}

/** True when every word is in the English list and the BIP39 checksum matches. */
export function isValidMnemonic(mnemonic: string): boolean {
  if (typeof mnemonic !== 'string') return false;
  try {
    return validateMnemonic(mnemonic, wordlist);
  } catch {
    return false;
  }
}
