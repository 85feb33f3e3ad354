/**
 * The multisignature server's rules over its store, shared by the REST routes and JSON-RPC methods (ARK's
 * multi-signature server: `memory.ts` and its handlers). Differences from ARK's, on purpose
 * (docs/design/multisig.md "The server"): signatures are merged by participant index (ARK overwrites by array
 * position, so two co-signers posting at once lose one) and verified against the stored asset, which a
 * resubmission must repeat unchanged; the limits answer 429 with ARK's sentence (ARK: a 500) and bound the
 * server per sender, per participant key and as a whole; a list is paged; reading and deleting need proof of
 * taking part (auth.ts); with a node, what the chain can never take leaves (chain-check.ts).
 */
import { fromHex, isHex } from '../protocol/hex';
import type { ChainContext } from '../protocol/networks';
import { multiSignaturePublicKey, verifyTransactionSignature } from '../protocol/crypto';
import { signingHash, transactionId, transactionToJson } from '../protocol/transactions';
import type { MultiSignatureAsset } from '../protocol/transactions';
import { MusigError } from './errors';
import type { ProposalStore, StoredProposal } from '../db/musig/proposal-store';
import { chainRefusal, type WalletLookup } from './chain-check';
import { checkParticipantSignatures, isRegistration, parseSubmission, proposalFromJson } from './submission';

/** ARK's server: at most 3 proposals waiting per sender (`--pending`, default 3). */
export const DEFAULT_PENDING_LIMIT = 3;
/** Proposals waiting for one participant's signature that it does not send (`--per-key`). */
export const DEFAULT_PER_KEY_LIMIT = 100;
/** Proposals on the whole server (`--max-proposals`). */
export const DEFAULT_MAX_PROPOSALS = 10_000;
/** Their transactions' and assets' JSON on the whole server (`--max-bytes`). */
export const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
/** A list answers at most this many proposals a page (`?page=&limit=`; ARK's server has no paging). */
export const MAX_PAGE_SIZE = 100;

export type ProposalState = 'pending' | 'ready';

export interface ServerLimits {
  pendingLimit: number;
  perKeyLimit: number;
  maxProposals: number;
  maxBytes: number;
}

export interface ProposalRulesOptions extends Partial<ServerLimits> {
  store: ProposalStore;
  ctx: ChainContext;
  now?: () => number;
  /** A node of the network (chain-check.ts): without one, nonces and wallets are not checked. */
  wallets?: WalletLookup;
}

export interface ListRequest {
  publicKey: string;
  state?: ProposalState;
  /** 1-based. */
  page?: number;
  limit?: number;
  /** The keys whose proof of taking part came with the request (auth.ts). */
  viewers: readonly string[];
}

export function stateOf(proposal: StoredProposal): ProposalState {
  const signed = proposal.data.signatures?.length ?? 0;
  const registration = (proposal.data.typeGroup ?? 1) === 1 && proposal.data.type === 4;
  return signed >= (registration ? proposal.multisigAsset.publicKeys.length : proposal.multisigAsset.min)
    ? 'ready'
    : 'pending';
}

function sameAsset(a: MultiSignatureAsset, b: MultiSignatureAsset): boolean {
  return (
    a.min === b.min &&
    a.publicKeys.length === b.publicKeys.length &&
    a.publicKeys.every((key, i) => key.toLowerCase() === b.publicKeys[i]!.toLowerCase())
  );
}

const full = (key: string, limit: number) =>
  new MusigError(429, `The public key [${key}] has reached its maximum of ${limit} pending transactions.`);

export class ProposalRules {
  private readonly store: ProposalStore;
  private readonly ctx: ChainContext;
  readonly limits: ServerLimits;
  private readonly now: () => number;
  private readonly wallets: WalletLookup | undefined;

  constructor(options: ProposalRulesOptions) {
    this.store = options.store;
    this.ctx = options.ctx;
    this.limits = {
      pendingLimit: options.pendingLimit ?? DEFAULT_PENDING_LIMIT,
      perKeyLimit: options.perKeyLimit ?? DEFAULT_PER_KEY_LIMIT,
      maxProposals: options.maxProposals ?? DEFAULT_MAX_PROPOSALS,
      maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    };
    this.now = options.now ?? Date.now;
    this.wallets = options.wallets;
  }

  /** Whether a node is asked about nonces and wallets. */
  get knowsNode(): boolean {
    return this.wallets !== undefined;
  }

  /** Expired proposals go before every read and write, so none is ever answered. */
  purge(): number {
    return this.store.purge(this.now());
  }

  /**
   * A page of the proposals `publicKey` sends or takes part in that one of the viewers sends or takes part in:
   * those it sends first, then those it signed, then those waiting for it (proposals.ts of the store).
   */
  list(request: ListRequest): StoredProposal[] {
    this.purge();
    const limit = Math.min(request.limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
    const page = request.page ?? 1;
    return this.store.list({
      publicKey: request.publicKey,
      viewers: request.viewers,
      ...(request.state === undefined ? {} : { ready: request.state === 'ready' }),
      offset: (page - 1) * limit,
      limit,
    });
  }

  /** A stored proposal, for a viewer that takes part in it: 404 unknown, 403 a stranger. */
  show(id: string, viewers: readonly string[]): StoredProposal {
    this.purge();
    const found = this.store.get(id.toLowerCase());
    if (found === undefined) throw new MusigError(404, `Failed to find transaction [${id.slice(0, 64)}]`);
    this.requireParticipant(found.id, viewers);
    return found;
  }

  /** Whether the proposal is stored (a 404 comes before a request for proof). */
  has(id: string): boolean {
    this.purge();
    return this.store.get(id.toLowerCase()) !== undefined;
  }

  private requireParticipant(id: string, viewers: readonly string[]): void {
    if (!viewers.some((key) => this.store.takesPart(id, key))) {
      throw new MusigError(403, `Only a participant of transaction [${id}] may read or delete it`);
    }
  }

  /**
   * A new proposal, or more signatures for one this server has: answers its base id. With a node, a proposal the
   * chain can never take is refused (422) and a stored copy of it removed.
   */
  async submit(body: unknown): Promise<{ id: string }> {
    const submission = parseSubmission(body, this.ctx);
    if (this.wallets !== undefined) {
      let refusal: string | undefined;
      try {
        const sender = await this.wallets(submission.tx.senderPublicKey);
        const registered = isRegistration(submission.tx)
          ? await this.wallets(multiSignaturePublicKey(submission.asset))
          : undefined;
        refusal = chainRefusal(submission.tx, submission.asset, sender, registered);
      } catch {
        // The node cannot tell now: nothing is refused for it.
      }
      if (refusal !== undefined) {
        this.store.remove(submission.storeId);
        throw new MusigError(422, `The chain can never take this transaction: ${refusal}`);
      }
    }
    // From here to the write nothing waits, so two posts of one proposal cannot both insert it.
    this.purge();
    const existing = this.store.get(submission.storeId);
    if (existing === undefined) {
      this.checkRoom(submission.tx.senderPublicKey, submission.asset, submission.tx.signatures ?? []);
      if (isRegistration(submission.tx)) {
        // The registering wallet takes part and signed first, so nobody fills another's sender slots.
        const position = submission.asset.publicKeys.indexOf(submission.tx.senderPublicKey.toLowerCase());
        const signed = (submission.tx.signatures ?? []).some(
          (entry) => Number.parseInt(entry.slice(0, 2), 16) === position,
        );
        if (position < 0 || !signed) {
          throw new MusigError(
            422,
            'data.senderPublicKey: the registering wallet is one of the participants and signs first',
          );
        }
      }
      this.store.insert(submission, this.now());
      return { id: submission.storeId };
    }
    // A resubmission carries the stored asset unchanged: the signatures' indices are positions in it.
    if (!sameAsset(existing.multisigAsset, submission.asset)) {
      throw new MusigError(422, 'multisigAsset must be the stored proposal’s asset, unchanged');
    }
    const stored = proposalFromJson(existing.data, this.ctx);
    const byIndex = new Map<number, string>();
    for (const entry of [...(stored.signatures ?? []), ...(submission.tx.signatures ?? [])]) {
      byIndex.set(Number.parseInt(entry.slice(0, 2), 16), entry.toLowerCase());
    }
    const signatures = [...byIndex.keys()].sort((a, b) => a - b).map((index) => byIndex.get(index)!);
    const merged = { ...stored, signatures };
    delete merged.signature;
    const signature = submission.tx.signature ?? stored.signature;
    if (signature !== undefined) {
      const withSignature = { ...merged, signature };
      // A sender's signature covers the participants' signatures: it stays only if it still verifies.
      if (
        isHex(signature) &&
        verifyTransactionSignature(
          signingHash(withSignature),
          fromHex(signature),
          fromHex(merged.senderPublicKey),
        )
      ) {
        merged.signature = signature;
      }
    }
    checkParticipantSignatures(merged, existing.multisigAsset);
    merged.id = transactionId(merged);
    this.store.replaceData(submission.storeId, transactionToJson(merged));
    return { id: submission.storeId };
  }

  /** 429 with ARK's sentence when the sender, a participant it waits for, or the server is full. */
  private checkRoom(sender: string, asset: MultiSignatureAsset, signatures: readonly string[]): void {
    const { pendingLimit, perKeyLimit, maxProposals, maxBytes } = this.limits;
    if (this.store.countBySender(sender) >= pendingLimit) throw full(sender, pendingLimit);
    const signed = new Set(signatures.map((entry) => Number.parseInt(entry.slice(0, 2), 16)));
    for (const [position, key] of asset.publicKeys.entries()) {
      if (signed.has(position) || key === sender.toLowerCase()) continue;
      if (this.store.countWaitingFor(key) >= perKeyLimit) throw full(key, perKeyLimit);
    }
    const totals = this.store.totals();
    if (totals.count >= maxProposals) {
      throw new MusigError(
        429,
        `The server has reached its maximum of ${maxProposals} pending transactions.`,
      );
    }
    if (totals.bytes >= maxBytes) {
      throw new MusigError(
        429,
        `The server has reached its maximum of ${maxBytes} bytes of pending transactions.`,
      );
    }
  }

  remove(id: string, viewers: readonly string[]): void {
    this.show(id, viewers);
    this.store.remove(id.toLowerCase());
  }

  /**
   * With a node: drops every proposal whose nonce the chain has used (broadcast, or replaced), asking about at
   * most `senders` senders; answers how many went. A sender the node cannot tell about now is kept.
   */
  async sweep(senders = 500): Promise<number> {
    if (this.wallets === undefined) return 0;
    let removed = 0;
    for (const entry of this.store.senders(senders)) {
      let nonce: bigint;
      try {
        nonce = (await this.wallets(entry.sender))?.nonce ?? 0n;
      } catch {
        continue;
      }
      for (const proposal of entry.proposals) {
        if (BigInt(proposal.data.nonce ?? '0') <= nonce && this.store.remove(proposal.id)) removed += 1;
      }
    }
    return removed;
  }
}
