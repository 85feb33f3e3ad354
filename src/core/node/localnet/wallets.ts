/**
 * The localnet's genesis wallets. Every passphrase is a 24-word BIP39 mnemonic whose entropy is
 * SHA256 of a fixed public label, so anyone can rebuild them: they are TEST-ONLY secrets and say so wherever they
 * are written or shown.
 */
import { entropyToMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { addressFromPublicKey, keyPairFromPassphrase } from '../../protocol/crypto';
import { sha256 } from '../../protocol/hash';
import { toHex } from '../../protocol/hex';
import { LOCALNET_PUB_KEY_HASH } from './params';

export type LocalnetWalletRole = 'delegate' | 'faucet' | 'devFund' | 'communityFund';

export const TEST_ONLY_NOTE =
  'TEST-ONLY: these passphrases are derived from public labels and known to everyone. Never use them on a real network.';

/** 1 VTY = 10^8 arktoshi, as 1 ARK. */
export const ARKTOSHI = 100_000_000n;
/** 125,000,000 VTY, ARK's genesis supply. */
export const LOCALNET_TOTAL_SUPPLY = 125_000_000n * ARKTOSHI;
export const LOCALNET_DELEGATE_COUNT = 21;
export const DELEGATE_BALANCE = 200_000n * ARKTOSHI;
export const DEV_FUND_BALANCE = 10_000_000n * ARKTOSHI;
export const COMMUNITY_FUND_BALANCE = 10_000_000n * ARKTOSHI;
/** The faucet holds the rest: 100,800,000 VTY. */
export const FAUCET_BALANCE =
  LOCALNET_TOTAL_SUPPLY -
  BigInt(LOCALNET_DELEGATE_COUNT) * DELEGATE_BALANCE -
  DEV_FUND_BALANCE -
  COMMUNITY_FUND_BALANCE;

/** The label of the key that signs the genesis block and its transactions. */
export const GENESIS_LABEL = 'votary localnet genesis';

export interface LocalnetWallet {
  role: LocalnetWalletRole;
  username?: string;
  passphrase: string;
  address: string;
  publicKey: string;
  /** Balance given by the genesis block, in arktoshi. */
  balance: bigint;
  testOnly: true;
}

/** The 24-word mnemonic of a label: entropyToMnemonic(SHA256(label)). */
export function passphraseFromLabel(label: string): string {
  return entropyToMnemonic(sha256(label), wordlist);
}

export function delegateUsername(index: number): string {
  return `genesis_${index}`;
}

function wallet(role: LocalnetWalletRole, label: string, balance: bigint, username?: string): LocalnetWallet {
  const passphrase = passphraseFromLabel(label);
  const publicKey = toHex(keyPairFromPassphrase(passphrase).publicKey);
  return {
    role,
    ...(username === undefined ? {} : { username }),
    passphrase,
    address: addressFromPublicKey(publicKey, LOCALNET_PUB_KEY_HASH),
    publicKey,
    balance,
    testOnly: true,
  };
}

/** Delegates genesis_1..genesis_21, then the faucet, the devFund and the communityFund, in genesis order. */
export function deriveLocalnetWallets(): LocalnetWallet[] {
  const out: LocalnetWallet[] = [];
  for (let i = 1; i <= LOCALNET_DELEGATE_COUNT; i++) {
    const username = delegateUsername(i);
    out.push(wallet('delegate', `votary localnet delegate ${username}`, DELEGATE_BALANCE, username));
  }
  out.push(wallet('faucet', 'votary localnet faucet', FAUCET_BALANCE));
  out.push(wallet('devFund', 'votary localnet devFund', DEV_FUND_BALANCE));
  out.push(wallet('communityFund', 'votary localnet communityFund', COMMUNITY_FUND_BALANCE));
  return out;
}
