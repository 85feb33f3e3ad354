/**
 * Proposing (docs/design/multisig.md): a transaction prepared by the one review (a registration through tx:preview, a
 * transfer through multisig:preview), signed by its first participant in this vault over exactly the reviewed bytes,
 * checked as any proposal is, and delivered to the network's multisignature server or as a document.
 */
import type { NetworkEntry } from '../networks/registry';
import type { WalletInfo } from '../../keystore';
import { transactionToJson } from '../../protocol/transactions';
import type { ProposalView } from '../../../shared/domain/multisig';
import type { DraftInput } from '../../../shared/domain/transactions';
import { prepareMultisigTransfer, takeToSign } from '../transactions/prepare';
import { preparedStoreOf } from '../transactions/prepared-store';
import type { DraftPreview } from '../transactions/preview';
import { signAsParticipant } from '../transactions/signer';
import { isDeviceFailure } from '../ledger/device-signers';
import { MultisigError } from './errors';
import type { MultisigDeps } from './deps';
import { participantIndex, participantOf } from './participants';
import { checkedProposal, type Proposal } from './proposal';
import { readContext, transportOf, view } from './proposal-source';

/** A proposal sent on its way: to the network's server, or (a document) only answered for the person to pass on. */
export async function deliver(
  s: MultisigDeps,
  entry: NetworkEntry,
  proposal: Proposal,
  via: 'server' | 'file',
): Promise<ProposalView> {
  if (via === 'server') {
    await (
      await transportOf(s, entry)
    ).submit({ data: transactionToJson(proposal.tx), multisigAsset: proposal.asset });
  }
  return view(s, entry, proposal);
}

/**
 * A prepared transaction signed by its first participant in this vault (at `index` of the asset's keys), checked
 * as any proposal is, and delivered (the server or a document): registration and transfer proposals alike.
 */
async function proposeSigned(
  s: MultisigDeps,
  entry: NetworkEntry,
  prepared: { tx: Proposal['tx']; asset: Proposal['asset']; height: number; id: string },
  participant: { wallet: WalletInfo; index: number },
  via: 'server' | 'file',
): Promise<ProposalView> {
  const { tx, asset } = prepared;
  const signed = await signAsParticipant(
    participantOf(s, participant.wallet, participant.index, asset.publicKeys, prepared.id),
    tx,
    { network: entry.network, height: prepared.height },
  );
  return deliver(
    s,
    entry,
    checkedProposal({ data: transactionToJson(signed), multisigAsset: asset }, readContext(entry)),
    via,
  );
}

/**
 * Starts a registration tx:preview prepared for the registering wallet: its own participant signature over exactly
 * the reviewed bytes (transactions/prepare.ts takeToSign refuses what changed since the review).
 */
export async function startRegistration(
  s: MultisigDeps,
  input: { preparedId: string; via: 'server' | 'file'; password?: string },
): Promise<ProposalView> {
  const store = preparedStoreOf(s);
  const { prepared } = await takeToSign(s, store, input.preparedId, 'register', withPassword(input));
  const { transaction: tx } = prepared;
  const entry = s.networks.entry(prepared.networkId);
  const asset = tx.asset!.multiSignature!;
  const wallet = s.keystore.getWallet(prepared.walletId);
  let index: number;
  try {
    index = participantIndex({ storeId: '', tx, asset }, wallet);
  } catch (error) {
    store.drop(input.preparedId);
    throw error;
  }
  return signOnce(store, input.preparedId, () =>
    proposeSigned(
      s,
      entry,
      { tx, asset, height: prepared.height, id: input.preparedId },
      { wallet, index },
      input.via,
    ),
  );
}

/**
 * Signs a taken review once: signed for good when `sign` answers (or fails after a signature could exist), given
 * back when the device refused or failed (ERR_LEDGER_*: nothing was signed, the review can be confirmed again).
 */
async function signOnce<T>(
  store: ReturnType<typeof preparedStoreOf>,
  preparedId: string,
  sign: () => Promise<T>,
): Promise<T> {
  let answer: T;
  try {
    answer = await sign();
  } catch (error) {
    if (isDeviceFailure(error)) store.release(preparedId);
    else store.signed(preparedId);
    throw error;
  }
  store.signed(preparedId);
  return answer;
}

const withPassword = (input: { password?: string }) =>
  input.password === undefined ? {} : { password: input.password };

function recordOf(s: MultisigDeps, walletId: string) {
  const record = s.multisig.book.byWallet(walletId);
  if (record === undefined) {
    throw new MultisigError(
      'ERR_MULTISIG_UNKNOWN',
      'That wallet is not a multisignature wallet of this profile: import it first.',
    );
  }
  return record;
}

/**
 * The one review of a multisignature wallet's transfer before any participant signs it, and the transfer prepared
 * for multisig:propose when nothing in it would be refused.
 */
export function previewMultisigTransfer(
  s: MultisigDeps,
  walletId: string,
  draft: Extract<DraftInput, { kind: 'transfer' }>,
): Promise<DraftPreview> {
  const record = recordOf(s, walletId);
  return prepareMultisigTransfer(s, preparedStoreOf(s), walletId, draft, record);
}

/** Proposes the transfer multisig:preview prepared, signed first by one of its participants in this vault. */
export async function proposeTransfer(
  s: MultisigDeps,
  input: { preparedId: string; signerId: string; via: 'server' | 'file'; password?: string },
): Promise<ProposalView> {
  const store = preparedStoreOf(s);
  const { prepared } = await takeToSign(s, store, input.preparedId, 'propose', withPassword(input));
  const { transaction: tx } = prepared;
  const record = recordOf(s, prepared.walletId);
  const entry = s.networks.entry(prepared.networkId);
  const asset = { min: record.min, publicKeys: record.publicKeys };
  let index: number;
  let signer: WalletInfo;
  try {
    signer = s.keystore.getWallet(input.signerId);
    index = participantIndex({ storeId: '', tx, asset }, signer);
  } catch (error) {
    // Another participant of this vault may still sign the same review.
    store.release(input.preparedId);
    throw error;
  }
  return signOnce(store, input.preparedId, () =>
    proposeSigned(
      s,
      entry,
      { tx, asset, height: prepared.height, id: input.preparedId },
      { wallet: signer, index },
      input.via,
    ),
  );
}
