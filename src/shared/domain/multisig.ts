/**
 * Multisignature wallets and their partly signed transactions ("proposals") as the multisig:* channels carry them
 * (docs/design/multisig.md). A proposal document is the JSON ARK's multisignature servers store,
 * `{data, multisigAsset}`: the same text goes into a file or a QR code.
 */
import { z } from 'zod';
import { hex64, publicKeyHex } from './common';
import { multiSignatureDraft, transferDraft, txPreview } from './transactions';

export const musigServerKind = z.enum(['rest', 'rpc']);
export const PROPOSAL_DOCUMENT_MAX = 64_000;

export const musigServerView = z.object({
  /** Empty when the network has none: proposals then travel as files or QR codes only. */
  url: z.string(),
  kind: musigServerKind,
  /** The server the app runs itself (localnet's default). */
  hosted: z.boolean(),
});

export const multisigWalletView = z.object({
  walletId: z.string(),
  name: z.string(),
  address: z.string(),
  publicKey: z.string(),
  min: z.number().int(),
  publicKeys: z.array(z.string()),
  /** Whether the chain knows its registration. */
  registered: z.boolean(),
});

/** Where a proposal is read from: the network's server (by its base id), or a document (a file's or a QR code's text). */
export const proposalRef = z.union([
  z.strictObject({ id: hex64 }),
  z.strictObject({ document: z.string().min(2).max(PROPOSAL_DOCUMENT_MAX) }),
]);
export type ProposalRef = z.input<typeof proposalRef>;

/** Where a signed proposal goes: the network's server, or back to the caller as a document. */
export const proposalVia = z.enum(['server', 'file']);

export const proposalParticipant = z.object({
  index: z.number().int(),
  publicKey: z.string(),
  signed: z.boolean(),
  /** The vault wallet that holds this participant's key, if any. */
  walletId: z.string().optional(),
  walletName: z.string().optional(),
});

export const proposalView = z.object({
  /** The base id (without signatures), under which servers keep it. */
  id: z.string(),
  /** The id it has with the signatures it carries now. */
  txId: z.string(),
  kind: z.enum(['transfer', 'multiSignature']),
  what: z.string(),
  /** A transfer: the address it pays (the review names it when it is a contact or a wallet of the person). */
  recipient: z.string().optional(),
  /** The multisignature wallet's address (a registration's: the one it creates). */
  multisigAddress: z.string(),
  min: z.number().int(),
  signatures: z.number().int(),
  /** How many must sign before it can be broadcast: `min`, or every participant for a registration. */
  required: z.number().int(),
  ready: z.boolean(),
  participants: z.array(proposalParticipant),
  /** A registration: the vault wallet that registers it (signs last and pays the fee), if in this vault. */
  senderWalletId: z.string().optional(),
  /** Listed from a wallet this profile does not know (neither registered nor imported, nor signed by the vault). */
  invitation: z.boolean().optional(),
  document: z.string(),
});
export type ProposalView = z.output<typeof proposalView>;

export const proposalReview = z.object({ proposal: proposalView, preview: txPreview });

export const multisigImport = z.strictObject({
  networkId: z.string().min(1).max(100).optional(),
  name: z.string().min(1).max(64).optional(),
  min: z.number().int().min(1).max(16),
  publicKeys: z.array(publicKeyHex).min(2).max(16),
});

export { multiSignatureDraft, transferDraft };
