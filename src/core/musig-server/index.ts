/** The multisignature server `votary musig-server` runs (and the app hosts for localnet). */
export { MusigError, isMusigError } from './errors';
export { ProposalStore, PROPOSAL_LIFETIME_MS, type StoredProposal } from '../db/musig/proposal-store';
export { ProposalRules, DEFAULT_PENDING_LIMIT, stateOf, type ProposalState } from './proposals';
export {
  baseId,
  checkParticipantSignatures,
  isRegistration,
  parseSubmission,
  proposalFromJson,
  requiredSignatures,
  type Submission,
} from './submission';
export { createMusigServer, SERVER_TYPE, SERVER_TYPE_HEADER, type MusigServerOptions } from './server';
