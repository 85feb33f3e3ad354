/**
 * A proposal as this app reads it, from a server or a document: checked exactly as `votary musig-server` checks
 * what arrives (core/musig-server/submission.ts: the network's schema, the asset, every participant signature),
 * so a server's or a file's word is never shown unverified; then put in words with the vault's wallets beside the
 * participants' keys.
 */
import type { WalletInfo } from '../../keystore';
import { isMusigError, parseSubmission, requiredSignatures, type Submission } from '../../musig-server';
import { addressFromPublicKey, multiSignaturePublicKey } from '../../protocol/crypto';
import type { ChainContext } from '../../protocol/networks';
import { CoreType, TypeGroup, transactionToJson } from '../../protocol/transactions';
import type { DraftInput } from '../../../shared/domain/transactions';
import type { ProposalView } from '../../../shared/domain/multisig';
import { tokenWords } from './words';
import { MultisigError } from './errors';

/** A checked proposal. */
export type Proposal = Submission;

/** The document's text → a checked proposal, or ERR_MUSIG_PROPOSAL saying what is wrong. */
export function proposalFromDocument(text: string, ctx: ChainContext): Proposal {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MultisigError(
      'ERR_MUSIG_PROPOSAL',
      'This is not a proposal: paste or open the whole {"data": …, "multisigAsset": …} document.',
    );
  }
  return checkedProposal(json, ctx);
}

export function checkedProposal(json: unknown, ctx: ChainContext): Proposal {
  try {
    return parseSubmission(json, ctx);
  } catch (error) {
    if (isMusigError(error))
      throw new MultisigError('ERR_MUSIG_PROPOSAL', `This proposal is not valid: ${error.message}`);
    throw error;
  }
}

export function proposalDocument(proposal: Pick<Proposal, 'tx' | 'asset'>): string {
  return JSON.stringify({ data: transactionToJson(proposal.tx), multisigAsset: proposal.asset });
}

export function isRegistrationTx(proposal: Proposal): boolean {
  return proposal.tx.typeGroup === TypeGroup.Core && proposal.tx.type === CoreType.MultiSignature;
}

/** The draft the one review (transactions/preview.ts) reads: a transfer or a registration. */
export function draftOfProposal(proposal: Proposal): DraftInput {
  const { tx, asset } = proposal;
  if (isRegistrationTx(proposal)) {
    return { kind: 'multiSignature', min: asset.min, publicKeys: asset.publicKeys, fee: tx.fee.toString() };
  }
  if (tx.typeGroup === TypeGroup.Core && tx.type === CoreType.Transfer && tx.recipientId !== undefined) {
    return {
      kind: 'transfer',
      recipientId: tx.recipientId,
      amount: tx.amount.toString(),
      fee: tx.fee.toString(),
      ...(tx.vendorField === undefined ? {} : { memo: tx.vendorField }),
    };
  }
  throw new MultisigError(
    'ERR_MUSIG_PROPOSAL',
    'Votary reviews multisignature transfers and registrations; this proposal is another kind of transaction.',
  );
}

export function signedIndices(proposal: Proposal): number[] {
  return (proposal.tx.signatures ?? []).map((entry) => Number.parseInt(entry.slice(0, 2), 16));
}

export function proposalView(
  proposal: Proposal,
  ctx: ChainContext,
  wallets: readonly WalletInfo[],
): ProposalView {
  const { tx, asset } = proposal;
  const pubKeyHash = ctx.network.network.pubKeyHash;
  const token = ctx.network.network.client.token;
  const multisigAddress = addressFromPublicKey(multiSignaturePublicKey(asset), pubKeyHash);
  const signed = signedIndices(proposal);
  const required = requiredSignatures(tx, asset);
  const byKey = (key: string) => wallets.find((w) => w.publicKey?.toLowerCase() === key.toLowerCase());
  const registration = isRegistrationTx(proposal);
  const what = registration
    ? `Register a ${asset.min}-of-${asset.publicKeys.length} multisignature wallet at ${multisigAddress}`
    : `Send ${tokenWords(tx.amount, token)} from ${multisigAddress} to ${tx.recipientId ?? ''}`;
  const sender = registration ? byKey(tx.senderPublicKey) : undefined;
  return {
    id: proposal.storeId,
    txId: tx.id ?? '',
    kind: registration ? 'multiSignature' : 'transfer',
    what,
    ...(registration || tx.recipientId === undefined ? {} : { recipient: tx.recipientId }),
    multisigAddress,
    min: asset.min,
    signatures: signed.length,
    required,
    ready: signed.length >= required,
    participants: asset.publicKeys.map((publicKey, index) => {
      const wallet = byKey(publicKey);
      return {
        index,
        publicKey,
        signed: signed.includes(index),
        ...(wallet === undefined ? {} : { walletId: wallet.id, walletName: wallet.name }),
      };
    }),
    ...(sender === undefined ? {} : { senderWalletId: sender.id }),
    document: proposalDocument(proposal),
  };
}
