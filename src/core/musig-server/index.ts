/** The multisignature server `votary musig-server` runs (and the app hosts for localnet). */
export { MusigError, isMusigError } from './errors';
export { ProposalStore, PROPOSAL_LIFETIME_MS, type StoredProposal } from '../db/musig/proposal-store';
export {
  ProposalRules,
  DEFAULT_PENDING_LIMIT,
  DEFAULT_PER_KEY_LIMIT,
  DEFAULT_MAX_PROPOSALS,
  DEFAULT_MAX_BYTES,
  MAX_PAGE_SIZE,
  stateOf,
  type ProposalState,
  type ServerLimits,
} from './proposals';
export {
  AUTH_HEADER,
  FRESHNESS_S,
  MAX_PROOFS,
  authMessage,
  authProof,
  provenKeys,
  type AuthAction,
} from './auth';
export {
  SWEEP_EVERY_MS,
  chainRefusal,
  nodeWalletLookup,
  type ChainWallet,
  type WalletLookup,
} from './chain-check';
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
