/**
 * A co-signer's side of the prepared flow (docs/design/signing.md "The co-signer"): what a participant reviewed
 * (multisig:review) is kept here under an id, so that multisig:sign, which reads the proposal again, signs exactly
 * the bytes the person read, and refuses with ERR_PREPARED_PROPOSAL_CHANGED, saying what changed, when the
 * proposal it reads now is another transaction. A signature added by another participant since is no change: the
 * reviewed bytes (signer.ts `unsignedBytes`) carry no signature. In the core's memory only; a review holds
 * public proposal data and no secret. The id is derived from what was reviewed, so the reviews a screen repeats
 * as the chain moves (ProposalCard) keep one entry per proposal. Like a prepared transaction
 * (transactions/prepared-store.ts), a review is bound to the profile and vault session it was made in: after a lock
 * and an unlock, or in another profile, it is refused with ERR_PREPARED_SESSION and the person reviews again.
 */
import { sha256 } from '../../protocol/hash';
import { bytesEqual, toHex } from '../../protocol/hex';
import type { MultiSignatureAsset, TransactionData } from '../../protocol/transactions';
import type { Keystore } from '../../keystore';
import { sessionOf } from '../transactions/prepare';
import { PreparedError } from '../transactions/prepared-errors';
import type { SessionBinding } from '../transactions/prepared-store';
import { PREPARED_SESSION, PREPARED_UNKNOWN, proposalChanged } from '../transactions/refusals';
import { unsignedBytes } from '../transactions/signer';

/** What a participant reviewed: the proposal's transaction without signatures, and its participants. */
export interface ReviewedProposal {
  networkId: string;
  tx: TransactionData;
  asset: MultiSignatureAsset;
  bytes: Uint8Array;
  unsignedHash: string;
}

export const PROPOSAL_REVIEWS_MAX = 64;

/** What can change in a proposal, in the words a refusal lists them with. */
const FIELDS: [string, (tx: TransactionData, asset: MultiSignatureAsset) => unknown][] = [
  ['kind', (tx) => `${tx.typeGroup}/${tx.type}`],
  ['sender', (tx) => tx.senderPublicKey],
  ['recipient', (tx) => tx.recipientId],
  ['amount', (tx) => tx.amount.toString()],
  ['fee', (tx) => tx.fee.toString()],
  ['nonce', (tx) => tx.nonce.toString()],
  ['memo', (tx) => tx.vendorField ?? ''],
  ['expiry', (tx) => tx.expiration ?? 0],
  ['participants', (_tx, asset) => `${asset.min} of ${asset.publicKeys.join(',')}`],
  [
    'asset',
    (tx) =>
      JSON.stringify(tx.asset ?? {}, (_key, value: unknown) =>
        typeof value === 'bigint' ? value.toString() : value,
      ),
  ],
];

/** The fields in which `now` differs from what was reviewed (empty: the same transaction). */
export function proposalChanges(
  reviewed: Pick<ReviewedProposal, 'tx' | 'asset' | 'bytes'>,
  now: { tx: TransactionData; asset: MultiSignatureAsset },
): string[] {
  const changed = FIELDS.filter(
    ([, read]) => read(reviewed.tx, reviewed.asset) !== read(now.tx, now.asset),
  ).map(([name]) => name);
  if (changed.length === 0 && !bytesEqual(unsignedBytes(now.tx), reviewed.bytes)) changed.push('transaction');
  return changed;
}

interface Kept {
  review: ReviewedProposal;
  binding: SessionBinding;
}

const sameSession = (a: SessionBinding, b: SessionBinding) =>
  a.profile === b.profile && a.session === b.session;

export class ProposalReviews {
  private readonly reviews = new Map<string, Kept>();

  /** `session`: the vault session reviews are made and signed in now (transactions/prepare.ts sessionOf). */
  constructor(
    private readonly session: () => SessionBinding,
    private readonly max = PROPOSAL_REVIEWS_MAX,
  ) {}

  /** Keeps what was reviewed; answers its id and the hash of its unsigned bytes. */
  remember(
    networkId: string,
    proposal: { tx: TransactionData; asset: MultiSignatureAsset },
  ): {
    id: string;
    unsignedHash: string;
  } {
    const bytes = unsignedBytes(proposal.tx);
    const unsignedHash = toHex(sha256(bytes));
    const key = `${networkId}\n${unsignedHash}\n${proposal.asset.min}\n${proposal.asset.publicKeys.join(',')}`;
    const id = toHex(sha256(new TextEncoder().encode(`votary proposal review\n${key}`))).slice(0, 32);
    this.reviews.delete(id);
    while (this.reviews.size >= this.max) this.reviews.delete(this.reviews.keys().next().value as string);
    const { signatures: _signatures, id: _id, ...unsigned } = proposal.tx;
    this.reviews.set(id, {
      review: { networkId, tx: unsigned, asset: proposal.asset, bytes, unsignedHash },
      binding: this.session(),
    });
    return { id, unsignedHash };
  }

  /**
   * What review `id` showed, or ERR_PREPARED_UNKNOWN (never reviewed here, or let go by the bound), or
   * ERR_PREPARED_SESSION (reviewed before the vault was locked and opened again, or in another profile).
   */
  reviewed(id: string): ReviewedProposal {
    const kept = this.reviews.get(id);
    if (kept === undefined) throw new PreparedError('ERR_PREPARED_UNKNOWN', PREPARED_UNKNOWN);
    if (!sameSession(kept.binding, this.session())) {
      throw new PreparedError('ERR_PREPARED_SESSION', PREPARED_SESSION);
    }
    return kept.review;
  }

  /**
   * The proposal as read now, checked against review `id`: the same transaction (whatever signatures were added
   * since), or ERR_PREPARED_PROPOSAL_CHANGED naming what changed (`details.changed`).
   */
  unchanged(id: string, now: { tx: TransactionData; asset: MultiSignatureAsset }): ReviewedProposal {
    const review = this.reviewed(id);
    const changed = proposalChanges(review, now);
    if (changed.length > 0) {
      throw new PreparedError('ERR_PREPARED_PROPOSAL_CHANGED', proposalChanged(changed), { changed });
    }
    return review;
  }
}

const owners = new WeakMap<object, ProposalReviews>();

/** The one set of reviews of a running core (`owner`: its services), made on first use. */
export function proposalReviewsOf(owner: { keystore: Keystore }): ProposalReviews {
  let reviews = owners.get(owner);
  if (reviews === undefined) {
    reviews = new ProposalReviews(() => sessionOf(owner));
    owners.set(owner, reviews);
  }
  return reviews;
}
