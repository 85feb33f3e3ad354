/**
 * The transactions prepared for a review and not signed yet (docs/design/signing.md), in the core's memory only:
 * at most `maxEntries` (the oldest goes first), each signable for `maxAgeMs` after it was prepared, bound to the
 * profile and the vault session it was prepared under (Keystore.sessionToken: a lock and a new unlock, or another
 * profile, make it unsignable), and signed at most once. An HTLC lock's secret and a second passphrase wait here
 * until the signature; nothing here is written to disk.
 */
import { randomBytes } from 'node:crypto';
import type { TransactionData } from '../../protocol/transactions';
import { PreparedError } from './prepared-errors';
import { PREPARED_SESSION, PREPARED_SIGNED, PREPARED_UNKNOWN, preparedExpired } from './refusals';

/**
 * Which channel signs it: tx:send (the wallet's own transaction), multisig:register (a registration's first
 * participant signature) or multisig:propose (a multisignature wallet's transfer, signed first by a participant).
 */
export type PreparedPurpose = 'send' | 'register' | 'propose';

/** What a review prepared: the unsigned transaction and what its signature and broadcast need. */
export interface PreparedTransaction {
  purpose: PreparedPurpose;
  /** The sending wallet (for a proposal, the multisignature wallet's watch entry). */
  walletId: string;
  networkId: string;
  /** The sender's address. */
  address: string;
  /** Unsigned, nonce and fee and expiry filled: exactly what is signed. */
  transaction: TransactionData;
  /** SHA-256 hex of its unsigned bytes (signer.ts unsignedBytes), as the review showed it. */
  unsignedHash: string;
  /** The chain height it was prepared at (its milestone is the one of height + 1). */
  height: number;
  /** The chain had a second key registered for the sender: the vault signs with it too. */
  secondSignature: boolean;
  /** What leaves the spendable balance: amount(s) + fee. */
  totalOut: bigint;
  /** An HTLC lock's secret and its hash (in the transaction). */
  htlc?: { secret: string; secretHash: string };
  /** A second-signature registration's passphrase, kept in the vault once a node accepts it. */
  secondPassphrase?: string;
  /** A claim's or refund's lock amount, as read when prepared (what the pending list says it moves). */
  lockAmount?: bigint;
}

/** The vault session a prepared transaction belongs to. */
export interface SessionBinding {
  profile: string;
  /** Keystore.sessionToken(): undefined while locked. */
  session: string | undefined;
}

interface Entry {
  prepared: PreparedTransaction;
  binding: SessionBinding;
  createdAt: number;
  /** open: signable; signing: a tx:send holds it; signed: done; ended: its vault session ended (secrets let go). */
  state: 'open' | 'signing' | 'signed' | 'ended';
}

export interface PreparedStoreOptions {
  now: () => number;
  maxEntries?: number;
  maxAgeMs?: number;
}

export const PREPARED_MAX_ENTRIES = 32;
export const PREPARED_MAX_AGE_MS = 10 * 60_000;

const stores = new WeakMap<object, PreparedStore>();

/** The one store of a running core (`owner`: its services), made on first use. */
export function preparedStoreOf(owner: { now: () => number }): PreparedStore {
  let store = stores.get(owner);
  if (store === undefined) {
    store = new PreparedStore({ now: owner.now });
    stores.set(owner, store);
  }
  return store;
}

export class PreparedStore {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;

  constructor(private readonly options: PreparedStoreOptions) {
    this.maxEntries = options.maxEntries ?? PREPARED_MAX_ENTRIES;
    this.maxAgeMs = options.maxAgeMs ?? PREPARED_MAX_AGE_MS;
  }

  /** Keeps a prepared transaction; answers its id (random: never guessable from another). */
  add(prepared: PreparedTransaction, binding: SessionBinding): string {
    this.sweep(binding);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    const id = randomBytes(16).toString('hex');
    this.entries.set(id, { prepared, binding, createdAt: this.options.now(), state: 'open' });
    return id;
  }

  /**
   * Takes a prepared transaction for signing: refused when unknown, signed already (or being signed), of another
   * vault session or profile, or too old. Until `signed` or `release`, a second take is refused.
   */
  take(id: string, binding: SessionBinding): PreparedTransaction {
    this.sweep(binding);
    const entry = this.entries.get(id);
    if (entry === undefined) throw new PreparedError('ERR_PREPARED_UNKNOWN', PREPARED_UNKNOWN);
    if (entry.state === 'ended') throw new PreparedError('ERR_PREPARED_SESSION', PREPARED_SESSION);
    if (entry.state !== 'open') throw new PreparedError('ERR_PREPARED_SIGNED', PREPARED_SIGNED);
    if (this.options.now() - entry.createdAt > this.maxAgeMs) {
      this.entries.delete(id);
      throw new PreparedError('ERR_PREPARED_EXPIRED', preparedExpired(Math.round(this.maxAgeMs / 60_000)));
    }
    entry.state = 'signing';
    return entry.prepared;
  }

  /** Gives a taken transaction back unsigned (the password was asked for, the fee was not confirmed). */
  release(id: string): void {
    const entry = this.entries.get(id);
    if (entry?.state === 'signing') entry.state = 'open';
  }

  /** Signed: it is never signed again, and its secrets are no longer held here. */
  signed(id: string): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    entry.state = 'signed';
    entry.prepared = withoutSecrets(entry.prepared);
  }

  /** Forgets one that can never be signed as reviewed (what it rested on changed). */
  drop(id: string): void {
    this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * Ends what another vault session or profile prepared (its secrets let go at once; its id still answers why it
   * cannot be signed) and forgets what is long past signing (twice the age bound).
   */
  private sweep(binding: SessionBinding): void {
    const now = this.options.now();
    for (const [id, entry] of this.entries) {
      if (now - entry.createdAt > 2 * this.maxAgeMs) {
        this.entries.delete(id);
        continue;
      }
      const otherSession =
        entry.binding.profile !== binding.profile || entry.binding.session !== binding.session;
      if (otherSession && entry.state !== 'ended') {
        entry.state = 'ended';
        entry.prepared = withoutSecrets(entry.prepared);
      }
    }
  }
}

function withoutSecrets(prepared: PreparedTransaction): PreparedTransaction {
  const { htlc: _htlc, secondPassphrase: _second, ...rest } = prepared;
  return rest;
}
