/**
 * The multisignature server's rules over its store, shared by the REST routes and JSON-RPC methods (ARK's
 * multi-signature server: `memory.ts` and its handlers). Differences from ARK's, on purpose: signatures are
 * merged by participant index (ARK overwrites by array position, so two co-signers posting at once lose one);
 * every merged signature is verified again; the per-sender limit answers 429 with a sentence (ARK: a 500).
 */
import { fromHex, isHex } from '../protocol/hex';
import type { ChainContext } from '../protocol/networks';
import { verifyTransactionSignature } from '../protocol/crypto';
import { signingHash, transactionId, transactionToJson } from '../protocol/transactions';
import { MusigError } from './errors';
import type { ProposalStore, StoredProposal } from '../db/musig/proposal-store';
import { checkParticipantSignatures, parseSubmission, proposalFromJson } from './submission';

/** ARK's server: at most 3 proposals waiting per sender (`--pending`, default 3). */
export const DEFAULT_PENDING_LIMIT = 3;

export type ProposalState = 'pending' | 'ready';

export interface ProposalRulesOptions {
  store: ProposalStore;
  ctx: ChainContext;
  pendingLimit?: number;
  now?: () => number;
}

export function stateOf(proposal: StoredProposal): ProposalState {
  const signed = proposal.data.signatures?.length ?? 0;
  const registration = (proposal.data.typeGroup ?? 1) === 1 && proposal.data.type === 4;
  return signed >= (registration ? proposal.multisigAsset.publicKeys.length : proposal.multisigAsset.min)
    ? 'ready'
    : 'pending';
}

export class ProposalRules {
  private readonly store: ProposalStore;
  private readonly ctx: ChainContext;
  private readonly pendingLimit: number;
  private readonly now: () => number;

  constructor(options: ProposalRulesOptions) {
    this.store = options.store;
    this.ctx = options.ctx;
    this.pendingLimit = options.pendingLimit ?? DEFAULT_PENDING_LIMIT;
    this.now = options.now ?? Date.now;
  }

  /** Expired proposals go before every read and write, so none is ever answered. */
  purge(): number {
    return this.store.purge(this.now());
  }

  list(publicKey: string, state?: ProposalState): StoredProposal[] {
    this.purge();
    const all = this.store.byPublicKey(publicKey);
    return state === undefined ? all : all.filter((p) => stateOf(p) === state);
  }

  show(id: string): StoredProposal {
    this.purge();
    const found = this.store.get(id.toLowerCase());
    if (found === undefined) throw new MusigError(404, `Failed to find transaction [${id}]`);
    return found;
  }

  /** A new proposal, or more signatures for one this server has: answers its base id. */
  submit(body: unknown): { id: string } {
    this.purge();
    const submission = parseSubmission(body, this.ctx);
    const existing = this.store.get(submission.storeId);
    if (existing === undefined) {
      if (this.store.countBySender(submission.tx.senderPublicKey) >= this.pendingLimit) {
        throw new MusigError(
          429,
          `The public key [${submission.tx.senderPublicKey}] has reached its maximum of ${this.pendingLimit} pending transactions.`,
        );
      }
      this.store.insert(submission, this.now());
      return { id: submission.storeId };
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
    checkParticipantSignatures(merged, submission.asset);
    merged.id = transactionId(merged);
    this.store.replaceData(submission.storeId, transactionToJson(merged));
    return { id: submission.storeId };
  }

  remove(id: string): void {
    this.purge();
    if (!this.store.remove(id.toLowerCase())) throw new MusigError(404, `Failed to find transaction [${id}]`);
  }
}
