/**
 * The one review of a multisignature proposal (transactions/preview.ts, for the wallet that sends it, plus the nonce
 * check), and holding a later step to it: a co-signature or a broadcast acts on the proposal read again, only while it
 * is the transaction that review showed (proposal-reviews.ts).
 */
import type { NetworkEntry } from '../networks/registry';
import type { WalletInfo } from '../../keystore';
import { addressFromPublicKey } from '../../protocol/crypto';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { TxPreview } from '../../../shared/domain/transactions';
import { previewDraft, type DraftPreview } from '../transactions/preview';
import { PreparedError } from '../transactions/prepared-errors';
import { proposalChanged } from '../transactions/refusals';
import type { MultisigDeps } from './deps';
import { proposalReviewsOf } from './proposal-reviews';
import { draftOfProposal, isRegistrationTx, type Proposal } from './proposal';
import { entryOf, readProposal, view } from './proposal-source';

export const NOT_REGISTERED = 'This multisignature wallet is not registered on chain yet';

/** A wallet that is not in the vault, for the review of what it signs (its name says so). */
function outsideWallet(entry: NetworkEntry, publicKey: string, name: string): WalletInfo {
  return {
    id: '',
    name,
    kind: 'watch',
    network: entry.network.network.name,
    nethash: entry.nethash,
    address: addressFromPublicKey(publicKey, entry.pubKeyHash),
    publicKey,
    hasSecondPassphrase: false,
    createdAt: '',
  };
}

/** The one review of a proposal (transactions/preview.ts), for the wallet that sends it, plus the nonce check. */
export async function reviewOf(
  s: MultisigDeps,
  entry: NetworkEntry,
  proposal: Proposal,
): Promise<DraftPreview> {
  const input = draftOfProposal(proposal);
  const { tx, asset } = proposal;
  const vault = s.keystore.listWallets({ nethash: entry.nethash });
  let preview: DraftPreview;
  if (isRegistrationTx(proposal)) {
    const sender = vault.find((w) => w.publicKey === tx.senderPublicKey && w.kind !== 'watch');
    preview = await previewDraft(s, sender?.id ?? '', input, {
      ...(sender === undefined
        ? { wallet: outsideWallet(entry, tx.senderPublicKey, 'Registering wallet (not in this vault)') }
        : {}),
    });
    // The registering wallet need not be in this vault: only its last signature needs its key.
    preview.problems = preview.problems.filter((p) => sender !== undefined || p.code !== 'ERR_WATCH_ONLY');
  } else {
    const record = s.multisig.book.byPublicKey(entry.nethash, tx.senderPublicKey);
    preview = await previewDraft(s, record?.walletId ?? '', input, {
      multisig: asset,
      ...(record === undefined
        ? { wallet: outsideWallet(entry, tx.senderPublicKey, 'Multisignature wallet (not imported)') }
        : {}),
    });
  }
  const senderAddress = addressFromPublicKey(tx.senderPublicKey, entry.pubKeyHash);
  const account = await s.accounts.sender(entry.id, senderAddress, tx.senderPublicKey);
  if (tx.nonce < account.nextNonce) {
    preview.problems.push({
      field: 'wallet',
      message: `This proposal's nonce ${tx.nonce} is used already (the wallet's next is ${account.nextNonce}): it was broadcast, or another transaction took its place.`,
    });
  }
  return preview;
}

/**
 * The proposal and its one review, with what was reviewed kept for multisig:sign (proposal-reviews.ts): the
 * review's `prepared` holds its id, the hash of the proposal's unsigned bytes and its nonce.
 */
export async function reviewProposal(
  s: MultisigDeps,
  input: { networkId?: string; proposal: ProposalRef },
): Promise<{ proposal: ProposalView; preview: TxPreview }> {
  const entry = entryOf(s, input.networkId);
  const proposal = await readProposal(s, entry, input.proposal);
  const preview = await reviewOf(s, entry, proposal);
  const { id, unsignedHash } = proposalReviewsOf(s).remember(entry.id, proposal);
  return {
    proposal: view(s, entry, proposal),
    preview: { ...preview, prepared: { id, unsignedHash, nonce: proposal.tx.nonce.toString() } },
  };
}

/**
 * What review `preparedId` showed, when the proposal read now is that transaction on that network (signatures
 * added since are no change); else ERR_PREPARED_PROPOSAL_CHANGED naming what changed (proposal-reviews.ts).
 */
export function reviewedAsNow(s: MultisigDeps, entry: NetworkEntry, preparedId: string, proposal: Proposal) {
  const reviewed = proposalReviewsOf(s).unchanged(preparedId, proposal);
  if (reviewed.networkId !== entry.id) {
    throw new PreparedError('ERR_PREPARED_PROPOSAL_CHANGED', proposalChanged(['network']), {
      changed: ['network'],
    });
  }
  return reviewed;
}

/** The reviewed transaction with the signatures the proposal carries now: its unsigned bytes are the reviewed. */
export function asReviewed(reviewed: { tx: Proposal['tx'] }, proposal: Proposal): Proposal['tx'] {
  return {
    ...reviewed.tx,
    ...(proposal.tx.signatures === undefined ? {} : { signatures: proposal.tx.signatures }),
  };
}
