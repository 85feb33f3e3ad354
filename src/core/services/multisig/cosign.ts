/** Co-signing a proposal (multisig:sign), held to the review that showed it (proposal-review.ts). */
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import { refuseProblems } from '../transactions/preview';
import { signAsParticipant } from '../transactions/signer';
import type { MultisigDeps } from './deps';
import { participantIndex, participantOf } from './participants';
import { asReviewed, reviewedAsNow, reviewOf } from './proposal-review';
import { deliver } from './propose';
import { entryOf, readContext, readProposal } from './proposal-source';

/**
 * A co-signer's signature (docs/design/signing.md "The co-signer"): the proposal is read again now and must be
 * the transaction review `preparedId` showed (signatures added since are fine; anything else changed is refused
 * with ERR_PREPARED_PROPOSAL_CHANGED naming it), then reviewed again for what a node would refuse now, and the
 * participant's Signer is handed exactly the reviewed bytes.
 */
export async function cosign(
  s: MultisigDeps,
  input: {
    networkId?: string;
    proposal: ProposalRef;
    preparedId: string;
    walletId: string;
    via: 'server' | 'file';
    password?: string;
  },
): Promise<ProposalView> {
  const entry = entryOf(s, input.networkId);
  const proposal = await readProposal(s, entry, input.proposal);
  const reviewed = reviewedAsNow(s, entry, input.preparedId, proposal);
  const preview = await reviewOf(s, entry, proposal);
  refuseProblems(preview);
  const wallet = s.keystore.getWallet(input.walletId);
  const index = participantIndex(proposal, wallet);
  await s.keystore.confirmPasswordIfStale(s.settings.get().signPasswordAfterMs, input.password);
  const signed = await signAsParticipant(
    participantOf(s, wallet, index, proposal.asset.publicKeys),
    asReviewed(reviewed, proposal),
    readContext(entry),
  );
  return deliver(s, entry, { ...proposal, tx: signed }, input.via);
}
