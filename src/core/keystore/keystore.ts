/**
 * The key store: wallets inside the encrypted vault, and signing inside main. Callers — later the
 * renderer through IPC — get public wallet info and signed transactions only. The two exceptions are the
 * one-time display of a new recovery phrase (`createMnemonicWallet`) and `revealRecoveryPhrase`, which asks
 * for the password again (docs/design/architecture.md "Rules").
 */
import type { Core3Message, MessageFormat, SignedMessageDocument } from '../protocol/message';
import { addressFromPassphrase } from '../protocol/crypto';
import type { ChainContext, Network } from '../protocol/networks';
import { CoreType, TypeGroup, type TransactionData, type TransactionDraft } from '../protocol/transactions';
import { KeystoreError } from './errors';
import { confirmsMnemonic, newPendingMnemonic, type NewMnemonicWallet } from './pending-mnemonic';
import {
  participantSignatureWithKeys,
  signDraftWithKeys,
  signMessageWithKeys,
  type SigningKeys,
} from './signing';
import { VaultSession, type Session } from './vault-session';
import {
  checkSecondPassphrase,
  cleanName,
  ledgerWallet,
  passphraseWallet,
  walletKeys,
  watchWallet,
  wifWallet,
  wipeKeys,
  type SecondPassphraseOptions,
  type WalletOptions,
} from './wallet-import';
import {
  walletInfo,
  walletNetworkOf,
  type KeptHtlcSecret,
  type StoredWallet,
  type WalletInfo,
} from './wallet-record';

export interface RecoveryPhrase {
  kind: 'mnemonic' | 'passphrase' | 'wif';
  /** The mnemonic or passphrase, or the WIF of a WIF-imported wallet. */
  secret: string;
  secondPassphrase?: string;
}

export interface SignOptions {
  /**
   * Add the second signature. Default: when the wallet holds a second passphrase, except for the second-signature
   * registration itself, which the first key alone signs (ARK SecondSignatureRegistration).
   */
  secondSignature?: boolean;
}

export class Keystore extends VaultSession {
  // ── reading ─────────────────────────────────────────────────────────────────────────────────────

  /** Public info of every wallet, optionally only those of one network (by nethash). */
  listWallets(filter: { nethash?: string } = {}): WalletInfo[] {
    return this.use()
      .wallets.filter((w) => filter.nethash === undefined || w.network.nethash === filter.nethash)
      .map(walletInfo);
  }

  getWallet(walletId: string): WalletInfo {
    return walletInfo(this.stored(this.use(), walletId));
  }

  private stored(session: Session, walletId: string): StoredWallet {
    const wallet = session.wallets.find((w) => w.id === walletId);
    if (wallet === undefined) throw new KeystoreError('ERR_WALLET_NOT_FOUND', 'No wallet has that id.');
    return wallet;
  }

  // ── adding and changing wallets ─────────────────────────────────────────────────────────────────

  /** Stores a new wallet unless the vault already has that address on that network. */
  private add(wallet: StoredWallet): Promise<WalletInfo> {
    return this.enqueue(async () => {
      const session = this.use();
      const duplicate = session.wallets.some(
        (w) => w.network.nethash === wallet.network.nethash && w.address === wallet.address,
      );
      if (duplicate) {
        throw new KeystoreError(
          'ERR_WALLET_EXISTS',
          `The vault already has a wallet with address ${wallet.address} on ${wallet.network.name}.`,
        );
      }
      await this.saveWallets(session, [...session.wallets, wallet]);
      return walletInfo(wallet);
    });
  }

  /** Replaces one wallet record (by id) and drops its cached keys, which may no longer match. */
  private update(walletId: string, change: (wallet: StoredWallet) => StoredWallet): Promise<WalletInfo> {
    return this.enqueue(async () => {
      const session = this.use();
      const next = change(this.stored(session, walletId));
      await this.saveWallets(
        session,
        session.wallets.map((w) => (w.id === walletId ? next : w)),
      );
      this.forgetKeys(session, walletId);
      return walletInfo(next);
    });
  }

  private forgetKeys(session: Session, walletId: string): void {
    const keys = session.keys.get(walletId);
    if (keys !== undefined) wipeKeys(keys);
    session.keys.delete(walletId);
  }

  /**
   * Step 1 of a new wallet: a fresh 24-word BIP39 phrase, returned this once for display, and three random
   * positions to confirm. Nothing is stored until `confirmWallet`.
   */
  createMnemonicWallet(options: WalletOptions): NewMnemonicWallet {
    const session = this.act();
    const name = options.name === undefined ? undefined : cleanName(options.name, '');
    const pending = newPendingMnemonic(options.network, name);
    session.pending.set(pending.id, pending);
    return {
      pendingId: pending.id,
      mnemonic: pending.mnemonic,
      words: pending.mnemonic.split(' '),
      confirmPositions: [...pending.positions],
      address: addressFromPassphrase(pending.mnemonic, walletNetworkOf(options.network).pubKeyHash),
    };
  }

  /** Step 2: stores the pending wallet when `words` are its words at the asked positions, in order. */
  async confirmWallet(pendingId: string, words: readonly string[]): Promise<WalletInfo> {
    const session = this.use();
    const pending = session.pending.get(pendingId);
    if (pending === undefined) {
      throw new KeystoreError(
        'ERR_PENDING_NOT_FOUND',
        'This new wallet is no longer pending (it was confirmed, cancelled, or the vault was locked).',
      );
    }
    if (!confirmsMnemonic(pending, words)) {
      throw new KeystoreError(
        'ERR_CONFIRMATION_MISMATCH',
        `The words do not match the recovery phrase at positions ${pending.positions.join(', ')}.`,
      );
    }
    const wallet = passphraseWallet('mnemonic', pending.mnemonic, {
      network: pending.network,
      ...(pending.name === undefined ? {} : { name: pending.name }),
    });
    const info = await this.add(wallet);
    session.pending.delete(pendingId);
    return info;
  }

  cancelPendingWallet(pendingId: string): void {
    this.use().pending.delete(pendingId);
  }

  /** Imports any ARK passphrase (BIP39 or not), used exactly as given. */
  importPassphrase(
    options: WalletOptions & SecondPassphraseOptions & { passphrase: string },
  ): Promise<WalletInfo> {
    this.use();
    return this.add(passphraseWallet('passphrase', options.passphrase, options));
  }

  /** Imports a WIF whose version byte is the network's `wif`. */
  importWif(options: WalletOptions & SecondPassphraseOptions & { wif: string }): Promise<WalletInfo> {
    this.use();
    return this.add(wifWallet(options.wif, options));
  }

  /** Adds an address of the network to watch; it holds no key. */
  addWatchOnly(options: WalletOptions & { address: string }): Promise<WalletInfo> {
    this.use();
    return this.add(watchWallet(options.address, options));
  }

  /**
   * Adds a Ledger account: the public key the device gave at `path` (core/ledger discovery) and its address. The
   * vault keeps no key for it; it signs on the device (core/ledger LedgerSigner with `ledgerAccount`).
   */
  addLedgerWallet(options: WalletOptions & { publicKey: string; path: string }): Promise<WalletInfo> {
    this.use();
    return this.add(ledgerWallet(options.publicKey, options.path, options));
  }

  /** What the device signer needs for a Ledger wallet: its path and public key (ERR_INVALID_INPUT for another kind). */
  ledgerAccount(walletId: string): { path: string; publicKey: string; address: string } {
    const wallet = this.stored(this.use(), walletId);
    if (wallet.kind !== 'ledger' || wallet.ledgerPath === undefined || wallet.publicKey === null) {
      throw new KeystoreError('ERR_INVALID_INPUT', 'This wallet is not a Ledger wallet.');
    }
    return { path: wallet.ledgerPath, publicKey: wallet.publicKey, address: wallet.address };
  }

  renameWallet(walletId: string, name: string): Promise<WalletInfo> {
    const clean = cleanName(name, '');
    return this.update(walletId, (wallet) => ({ ...wallet, name: clean }));
  }

  /**
   * Stores (or replaces) the wallet's second passphrase; with `secondPublicKey` (the key registered on chain)
   * it must match, else ERR_SECOND_PASSPHRASE_MISMATCH.
   */
  setSecondPassphrase(
    walletId: string,
    options: Required<Pick<SecondPassphraseOptions, 'secondPassphrase'>> & SecondPassphraseOptions,
  ): Promise<WalletInfo> {
    const secondPassphrase = checkSecondPassphrase(options);
    return this.update(walletId, (wallet) => {
      if (wallet.kind === 'watch') throw watchOnly();
      if (wallet.kind === 'ledger') throw onLedger();
      return { ...wallet, secondPassphrase };
    });
  }

  removeSecondPassphrase(walletId: string): Promise<WalletInfo> {
    return this.update(walletId, (wallet) => ({ ...wallet, secondPassphrase: null }));
  }

  /**
   * Removes a wallet. For one that holds a key this deletes the only encrypted copy of it on this device, so the
   * vault password must be given again (ERR_PASSWORD_REQUIRED without it); only the recovery phrase brings it back.
   */
  async removeWallet(walletId: string, password?: string): Promise<void> {
    const session = this.use();
    const kind = this.stored(session, walletId).kind;
    if (kind !== 'watch' && kind !== 'ledger') {
      if (password === undefined) {
        throw new KeystoreError(
          'ERR_PASSWORD_REQUIRED',
          'Removing this wallet deletes its key from this device; enter the vault password to confirm. Only its recovery phrase can bring it back.',
        );
      }
      await this.verifyPassword(session, password);
    }
    return this.enqueue(async () => {
      const session = this.use();
      this.stored(session, walletId);
      await this.saveWallets(
        session,
        session.wallets.filter((w) => w.id !== walletId),
      );
      this.forgetKeys(session, walletId);
    });
  }

  // ── signing ─────────────────────────────────────────────────────────────────────────────────────

  /** The wallet's signing keys, derived on first use and kept until lock. */
  private keysFor(session: Session, walletId: string): { wallet: StoredWallet; keys: SigningKeys } {
    const wallet = this.stored(session, walletId);
    let keys = session.keys.get(walletId);
    if (keys === undefined) {
      if (wallet.kind === 'ledger') throw onLedger();
      keys = walletKeys(wallet);
      if (keys === undefined) throw watchOnly();
      session.keys.set(walletId, keys);
    }
    return { wallet, keys };
  }

  /**
   * Signs a draft with the wallet's key (and second key), inside the key store. Returns the signed transaction
   * — public data only. The context must be the wallet's network.
   */
  signDraft(
    walletId: string,
    draft: TransactionDraft,
    ctx: ChainContext,
    options: SignOptions = {},
  ): TransactionData {
    const { wallet, keys } = this.keysFor(this.act(), walletId);
    assertNetwork(wallet, ctx.network);
    if (typeof draft !== 'object' || draft === null) {
      throw new KeystoreError('ERR_INVALID_DRAFT', 'the draft must be an object');
    }
    const registersSecond =
      (draft.typeGroup ?? TypeGroup.Core) === TypeGroup.Core && draft.type === CoreType.SecondSignature;
    const second = options.secondSignature ?? (wallet.secondPassphrase !== null && !registersSecond);
    if (second && keys.secondPrivateKey === undefined) {
      throw new KeystoreError('ERR_INVALID_INPUT', 'this wallet has no second passphrase to sign with');
    }
    return signDraftWithKeys(draft, keys, ctx, second);
  }

  /**
   * Adds this wallet's participant signature to a multisignature transaction (a registration it takes part in, or
   * a spend of a multisignature wallet it is a participant of), inside the key store. Public data out only.
   */
  signParticipant(
    walletId: string,
    tx: TransactionData,
    index: number,
    publicKeys: readonly string[],
  ): TransactionData {
    const { keys } = this.keysFor(this.act(), walletId);
    return participantSignatureWithKeys(tx, keys, index, publicKeys);
  }

  /** Signs a text message with the wallet's key (protocol/message.ts): ARK Core 3's form, or ArkVault's. */
  signMessage(walletId: string, message: string): Core3Message;
  signMessage(walletId: string, message: string, format: MessageFormat): SignedMessageDocument;
  signMessage(walletId: string, message: string, format: MessageFormat = 'core3'): SignedMessageDocument {
    if (typeof message !== 'string') throw new KeystoreError('ERR_INVALID_INPUT', 'the message must be text');
    return signMessageWithKeys(message, this.keysFor(this.act(), walletId).keys, format);
  }

  // ── HTLC secrets ───────────────────────────────────────────────────────────────────────────────

  /** Keeps a lock's secret with the wallet that sent the lock (replaces one kept for the same lock). */
  keepHtlcSecret(walletId: string, kept: Omit<KeptHtlcSecret, 'keptAt'>): Promise<WalletInfo> {
    return this.update(walletId, (wallet) => ({
      ...wallet,
      htlcSecrets: [
        ...(wallet.htlcSecrets ?? []).filter((s) => s.lockId !== kept.lockId),
        { ...kept, keptAt: new Date().toISOString() },
      ],
    }));
  }

  /** Forgets the secrets of these locks (claimed, refunded, expired, or never accepted). */
  async forgetHtlcSecrets(walletId: string, lockIds: readonly string[]): Promise<void> {
    const gone = new Set(lockIds);
    const kept = this.stored(this.use(), walletId).htlcSecrets ?? [];
    if (!kept.some((s) => gone.has(s.lockId))) return;
    await this.update(walletId, (wallet) => ({
      ...wallet,
      htlcSecrets: (wallet.htlcSecrets ?? []).filter((s) => !gone.has(s.lockId)),
    }));
  }

  /** The locks whose secret is kept, without the secrets. */
  keptHtlcLocks(walletId: string): Omit<KeptHtlcSecret, 'secret'>[] {
    return (this.stored(this.use(), walletId).htlcSecrets ?? []).map(({ secret: _secret, ...rest }) => rest);
  }

  /** A kept lock secret, only after the password is entered again. */
  async revealHtlcSecret(walletId: string, lockId: string, password: string): Promise<KeptHtlcSecret> {
    const session = this.act();
    const kept = (this.stored(session, walletId).htlcSecrets ?? []).find((s) => s.lockId === lockId);
    if (kept === undefined) {
      throw new KeystoreError('ERR_INVALID_INPUT', 'This vault keeps no secret for that lock.');
    }
    await this.verifyPassword(session, password);
    return { ...kept };
  }

  /** The one function that returns a wallet's secret, and only after the password is entered again. */
  async revealRecoveryPhrase(walletId: string, password: string): Promise<RecoveryPhrase> {
    const session = this.act();
    const wallet = this.stored(session, walletId);
    if (wallet.kind === 'ledger') throw onLedger();
    if (wallet.kind === 'watch' || wallet.secret === null) throw watchOnly();
    await this.verifyPassword(session, password);
    const phrase: RecoveryPhrase = { kind: wallet.kind, secret: wallet.secret };
    if (wallet.secondPassphrase !== null) phrase.secondPassphrase = wallet.secondPassphrase;
    return phrase;
  }
}

function watchOnly(): KeystoreError {
  return new KeystoreError('ERR_WATCH_ONLY', 'This is a watch-only wallet: it holds no key to sign with.');
}

function onLedger(): KeystoreError {
  return new KeystoreError(
    'ERR_HARDWARE_WALLET',
    'This wallet’s key is on a Ledger: it signs on the device, and this vault holds no key or phrase for it.',
  );
}

function assertNetwork(wallet: StoredWallet, network: Network): void {
  const params = network.network;
  if (params.nethash !== wallet.network.nethash || params.pubKeyHash !== wallet.network.pubKeyHash) {
    throw new KeystoreError(
      'ERR_NETWORK_MISMATCH',
      `This wallet belongs to ${wallet.network.name}, not to ${params.name}.`,
    );
  }
}
