/**
 * What the vault stores per wallet (inside the encrypted contents only), and the public view of it that may
 * leave the key store. `WalletInfo` is the only wallet shape any caller sees: no passphrase, mnemonic, WIF or
 * private key is ever part of it (docs/design/architecture.md "Rules").
 */
import { z } from 'zod';
import type { Network } from '../protocol/networks';

/** `ledger`: the key is on a Ledger device (docs/design/ledger.md); the vault keeps its path, no secret. */
export type WalletKind = 'mnemonic' | 'passphrase' | 'wif' | 'watch' | 'ledger';

/** The network facts a wallet needs: its identity (nethash) and the address and WIF version bytes. */
export interface WalletNetwork {
  name: string;
  nethash: string;
  pubKeyHash: number;
  wif: number;
}

export interface StoredWallet {
  id: string;
  name: string;
  kind: WalletKind;
  network: WalletNetwork;
  address: string;
  publicKey: string | null;
  /** The mnemonic or passphrase text, or the WIF; null for a watch-only wallet. */
  secret: string | null;
  secondPassphrase: string | null;
  createdAt: string;
  /** A Ledger wallet's BIP44 path on the device, e.g. "44'/111'/0'/0/0" (kind `ledger` only). */
  ledgerPath?: string;
  /**
   * The secrets of the HTLC locks this wallet sent, kept with the lock until it is claimed, refunded or expired:
   * the recipient needs the secret to claim, and a lost secret leaves the funds locked until expiry. A lock's
   * preimage, not a wallet key, but kept as carefully (encrypted with the wallets, shown after the password).
   */
  htlcSecrets?: KeptHtlcSecret[];
}

/** One lock's secret as the vault keeps it; everything but `secret` is public (it is in the lock transaction). */
export interface KeptHtlcSecret {
  lockId: string;
  secret: string;
  secretHash: string;
  recipientId: string;
  /** Arktoshi, as a decimal string. */
  amount: string;
  /** ISO time it was kept. */
  keptAt: string;
}

export interface WalletInfo {
  id: string;
  name: string;
  kind: WalletKind;
  /** The network name, e.g. "localnet", "devnet". */
  network: string;
  nethash: string;
  address: string;
  publicKey?: string;
  hasSecondPassphrase: boolean;
  createdAt: string;
  /** A Ledger wallet's BIP44 path (kind `ledger` only): public, it is how the device is asked. */
  ledgerPath?: string;
}

export interface VaultContents {
  version: 1;
  wallets: StoredWallet[];
}

export function walletNetworkOf(network: Network): WalletNetwork {
  const params = network.network;
  return { name: params.name, nethash: params.nethash, pubKeyHash: params.pubKeyHash, wif: params.wif };
}

export function walletInfo(wallet: StoredWallet): WalletInfo {
  const info: WalletInfo = {
    id: wallet.id,
    name: wallet.name,
    kind: wallet.kind,
    network: wallet.network.name,
    nethash: wallet.network.nethash,
    address: wallet.address,
    hasSecondPassphrase: wallet.secondPassphrase !== null,
    createdAt: wallet.createdAt,
  };
  if (wallet.publicKey !== null) info.publicKey = wallet.publicKey;
  if (wallet.ledgerPath !== undefined) info.ledgerPath = wallet.ledgerPath;
  return info;
}

const byte = z.number().int().min(0).max(255);
const walletSchema = z.strictObject({
  id: z.string().min(1),
  name: z.string(),
  kind: z.enum(['mnemonic', 'passphrase', 'wif', 'watch', 'ledger']),
  network: z.strictObject({ name: z.string(), nethash: z.string(), pubKeyHash: byte, wif: byte }),
  address: z.string(),
  publicKey: z.string().nullable(),
  secret: z.string().nullable(),
  secondPassphrase: z.string().nullable(),
  createdAt: z.string(),
  ledgerPath: z.string().optional(),
  htlcSecrets: z
    .array(
      z.strictObject({
        lockId: z.string(),
        secret: z.string(),
        secretHash: z.string(),
        recipientId: z.string(),
        amount: z.string(),
        keptAt: z.string(),
      }),
    )
    .optional(),
});
const contentsSchema = z.strictObject({ version: z.literal(1), wallets: z.array(walletSchema) });

/** The decrypted contents, or undefined when they are not the expected shape. */
export function parseVaultContents(json: unknown): VaultContents | undefined {
  const parsed = contentsSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
