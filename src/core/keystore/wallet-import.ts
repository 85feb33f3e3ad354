/**
 * Building wallet records from what a person types or pastes, and deriving their signing keys. ARK keys come
 * from the passphrase text itself (protocol reference §2: private key = SHA256 of the UTF-8 passphrase), so a
 * passphrase is used exactly as given — never trimmed or normalized, which would change the address.
 */
import { randomUUID } from 'node:crypto';
import {
  addressFromPublicKey,
  decodeAddress,
  isValidPublicKey,
  keyPairFromPassphrase,
  privateKeyFromPassphrase,
  privateKeyFromWif,
  publicKeyFromPrivateKey,
} from '../protocol/crypto';
import { ProtocolError } from '../protocol/errors';
import { toHex } from '../protocol/hex';
import type { Network } from '../protocol/networks';
import { otherNetworkWords } from '../protocol/networks/address-network';
import { KeystoreError } from './errors';
import type { SigningKeys } from './signing';
import { walletNetworkOf, type StoredWallet, type WalletNetwork } from './wallet-record';

export const MAX_NAME_LENGTH = 64;

export interface WalletOptions {
  name?: string;
  network: Network;
}

export interface SecondPassphraseOptions {
  secondPassphrase?: string;
  /** The second public key registered on chain; when given, the second passphrase must produce it. */
  secondPublicKey?: string;
}

function invalid(message: string): KeystoreError {
  return new KeystoreError('ERR_INVALID_INPUT', message);
}

export function cleanName(name: string | undefined, fallback: string): string {
  if (name === undefined) return fallback;
  if (typeof name !== 'string') throw invalid('the wallet name must be text');
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH) {
    throw invalid(`the wallet name must be 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return trimmed;
}

function assertPassphrase(passphrase: unknown, what: string): asserts passphrase is string {
  if (typeof passphrase !== 'string' || passphrase.trim().length === 0) {
    throw invalid(`the ${what} must be non-empty text`);
  }
}

/** Checks a second passphrase (and, when known, that it owns the registered second public key). */
export function checkSecondPassphrase(options: SecondPassphraseOptions): string | null {
  const { secondPassphrase, secondPublicKey } = options;
  if (secondPassphrase === undefined) return null;
  assertPassphrase(secondPassphrase, 'second passphrase');
  if (secondPublicKey !== undefined) {
    const derived = toHex(keyPairFromPassphrase(secondPassphrase).publicKey);
    if (typeof secondPublicKey !== 'string' || derived !== secondPublicKey.toLowerCase()) {
      throw new KeystoreError(
        'ERR_SECOND_PASSPHRASE_MISMATCH',
        'The second passphrase does not match the second public key registered for this wallet.',
      );
    }
  }
  return secondPassphrase;
}

function record(
  fields: Pick<StoredWallet, 'kind' | 'address' | 'publicKey' | 'secret' | 'secondPassphrase'>,
  name: string | undefined,
  network: WalletNetwork,
): StoredWallet {
  return {
    id: randomUUID(),
    name: cleanName(name, `Wallet ${fields.address.slice(0, 6)}`),
    network,
    createdAt: new Date().toISOString(),
    ...fields,
  };
}

/**
 * A wallet whose key is on a Ledger: the device's public key at `path` and its address, no secret. The path is
 * checked by core/ledger (paths.ts) before it gets here; the key store checks only that the key is a valid point.
 */
export function ledgerWallet(publicKey: string, path: string, options: WalletOptions): StoredWallet {
  const network = walletNetworkOf(options.network);
  if (typeof publicKey !== 'string' || !isValidPublicKey(publicKey))
    throw invalid('the public key is not valid');
  if (typeof path !== 'string' || !/^44'\/\d+'\/\d+'(\/\d+\/\d+)?$/.test(path)) {
    throw invalid("the Ledger path is not a BIP44 path like 44'/111'/0'/0/0");
  }
  const key = publicKey.toLowerCase();
  return {
    ...record(
      {
        kind: 'ledger',
        address: addressFromPublicKey(key, network.pubKeyHash),
        publicKey: key,
        secret: null,
        secondPassphrase: null,
      },
      options.name,
      network,
    ),
    ledgerPath: path,
  };
}

/** A wallet whose secret is a passphrase: a generated BIP39 mnemonic, or any imported ARK passphrase. */
export function passphraseWallet(
  kind: 'mnemonic' | 'passphrase',
  passphrase: string,
  options: WalletOptions & SecondPassphraseOptions,
): StoredWallet {
  assertPassphrase(passphrase, 'passphrase');
  const network = walletNetworkOf(options.network);
  const publicKey = keyPairFromPassphrase(passphrase).publicKey;
  return record(
    {
      kind,
      address: addressFromPublicKey(publicKey, network.pubKeyHash),
      publicKey: toHex(publicKey),
      secret: passphrase,
      secondPassphrase: checkSecondPassphrase(options),
    },
    options.name,
    network,
  );
}

/** A wallet imported from a WIF of this network (its version byte must be the network's `wif`). */
export function wifWallet(wif: string, options: WalletOptions & SecondPassphraseOptions): StoredWallet {
  const network = walletNetworkOf(options.network);
  if (typeof wif !== 'string') throw invalid('the WIF must be text');
  let publicKey: Uint8Array;
  try {
    const privateKey = privateKeyFromWif(wif.trim(), network.wif);
    publicKey = publicKeyFromPrivateKey(privateKey);
    privateKey.fill(0);
  } catch (error) {
    if (error instanceof ProtocolError)
      throw invalid(`the WIF is not valid for ${network.name}: ${error.message}`);
    throw error;
  }
  return record(
    {
      kind: 'wif',
      address: addressFromPublicKey(publicKey, network.pubKeyHash),
      publicKey: toHex(publicKey),
      secret: wif.trim(),
      secondPassphrase: checkSecondPassphrase(options),
    },
    options.name,
    network,
  );
}

/** A watch-only wallet: an address of this network, no key. */
export function watchWallet(address: string, options: WalletOptions): StoredWallet {
  const network = walletNetworkOf(options.network);
  if (typeof address !== 'string') throw invalid('the address must be text');
  const trimmed = address.trim();
  let version: number;
  try {
    version = decodeAddress(trimmed).version;
  } catch (error) {
    if (error instanceof ProtocolError) throw invalid(`the address is not valid: ${error.message}`);
    throw error;
  }
  if (version !== network.pubKeyHash) {
    throw invalid(`this is ${otherNetworkWords(version, network)}`);
  }
  return record(
    { kind: 'watch', address: trimmed, publicKey: null, secret: null, secondPassphrase: null },
    options.name,
    network,
  );
}

/** The signing keys of a wallet (fresh buffers the caller zeroes), or undefined for a watch-only wallet. */
export function walletKeys(wallet: StoredWallet): SigningKeys | undefined {
  if (wallet.secret === null) return undefined;
  // Derived straight into buffers this function hands over, so the caller's wipe reaches every copy.
  const privateKey =
    wallet.kind === 'wif'
      ? privateKeyFromWif(wallet.secret, wallet.network.wif)
      : privateKeyFromPassphrase(wallet.secret);
  const signing: SigningKeys = { privateKey, publicKey: publicKeyFromPrivateKey(privateKey) };
  if (wallet.secondPassphrase !== null) {
    signing.secondPrivateKey = privateKeyFromPassphrase(wallet.secondPassphrase);
  }
  return signing;
}

export function wipeKeys(keys: SigningKeys): void {
  keys.privateKey.fill(0);
  keys.secondPrivateKey?.fill(0);
}
