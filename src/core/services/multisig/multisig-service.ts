/**
 * Multisignature wallets end to end (docs/design/multisig.md): import one by its participants' keys, register one
 * (every participant signs, then the sender), propose a spend, review and co-sign, broadcast once enough have
 * signed. Every step goes through the one review (transactions/preview.ts) and every signature is made by a
 * Signer (transactions/signer.ts: a participant's side, or the registering wallet's last signature, both in the
 * vault), handed the proposal's bytes and checked against them. Proposals travel through the network's multisignature server
 * (transports.ts; localnet's is hosted by the app, local-server.ts) or as a document (a file or a QR code).
 */
import type { NetworkEntry } from '../networks/registry';
import type { WalletInfo } from '../../keystore';
import { addressFromPublicKey, multiSignaturePublicKey } from '../../protocol/crypto';
import { transactionToJson, verifyMultiSignatures } from '../../protocol/transactions';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { DraftInput, SendResult, TxPreview } from '../../../shared/domain/transactions';
import { ServiceError } from '../service-error';
import { kindOf, recipientOf } from '../chain/views';
import { broadcastOutcome } from '../transactions/pending-tracker';
import { prepareMultisigTransfer, takeToSign } from '../transactions/prepare';
import { preparedStoreOf } from '../transactions/prepared-store';
import { previewDraft, refuseProblems, type DraftPreview } from '../transactions/preview';
import {
  participantSigner,
  signAsParticipant,
  signAsSender,
  vaultSigner,
  type ParticipantSignature,
  type Signer,
} from '../transactions/signer';
import { isDeviceFailure, ledgerParticipant, ledgerSender } from '../ledger/device-signers';
import { MultisigError } from './errors';
import { PreparedError } from '../transactions/prepared-errors';
import { proposalChanged } from '../transactions/refusals';
import type { MultisigDeps } from './deps';
import { proposalReviewsOf } from './proposal-reviews';
import { draftOfProposal, isRegistrationTx, checkedProposal, signedIndices, type Proposal } from './proposal';
import { entryOf, readContext, readProposal, transportOf, view } from './proposal-source';

const NOT_REGISTERED = 'This multisignature wallet is not registered on chain yet';

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
async function reviewOf(s: MultisigDeps, entry: NetworkEntry, proposal: Proposal): Promise<DraftPreview> {
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

function participantIndex(proposal: Proposal, wallet: WalletInfo): number {
  const index = proposal.asset.publicKeys.findIndex((key) => key === wallet.publicKey?.toLowerCase());
  if (index < 0 || wallet.kind === 'watch') {
    throw new MultisigError(
      'ERR_NOT_PARTICIPANT',
      `${wallet.name} holds none of this wallet's participant keys.`,
    );
  }
  if (signedIndices(proposal).includes(index)) {
    throw new MultisigError(
      'ERR_ALREADY_SIGNED',
      `${wallet.name} (participant ${index + 1}) has signed this proposal already.`,
    );
  }
  return index;
}

async function deliver(
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

// ── the operations behind the multisig:* channels ─────────────────────────────────────────────────────────────

/** Adds a multisignature wallet by its participants' keys: a watch wallet at the address the asset derives. */
export async function importMultisig(
  s: MultisigDeps,
  input: { networkId?: string; name?: string; min: number; publicKeys: string[] },
): Promise<WalletInfo> {
  const entry = entryOf(s, input.networkId);
  const publicKeys = input.publicKeys.map((key) => key.toLowerCase());
  if (input.min > publicKeys.length || new Set(publicKeys).size !== publicKeys.length) {
    throw new ServiceError(
      'ERR_INVALID_DRAFT',
      'min must be at most the number of keys, and no key may repeat.',
    );
  }
  const publicKey = multiSignaturePublicKey({ min: input.min, publicKeys });
  const address = addressFromPublicKey(publicKey, entry.pubKeyHash);
  const existing = s.keystore.listWallets({ nethash: entry.nethash }).find((w) => w.address === address);
  const wallet =
    existing ??
    (await s.keystore.addWatchOnly({
      network: entry.network,
      address,
      name: input.name ?? `Multisignature ${input.min} of ${publicKeys.length}`,
    }));
  await s.multisig.book.add({
    walletId: wallet.id,
    nethash: entry.nethash,
    address,
    publicKey,
    min: input.min,
    publicKeys,
  });
  s.events.emit('wallets:changed', { reason: 'added', walletId: wallet.id, address });
  return wallet;
}

/**
 * A prepared transaction signed by its first participant in this vault (at `index` of the asset's keys), checked
 * as any proposal is, and delivered (the server or a document): registration and transfer proposals alike.
 */
/**
 * The participant's signer: the vault's key, or for a Ledger wallet the device (ARK's app signs a participant's
 * transfer on every model; a registration only on the Nano X, so core/ledger refuses that before asking).
 */
function participantOf(
  s: MultisigDeps,
  wallet: WalletInfo,
  index: number,
  publicKeys: readonly string[],
  preparedId?: string,
): Signer<ParticipantSignature> {
  return wallet.kind === 'ledger'
    ? ledgerParticipant(s, wallet.id, index, publicKeys, preparedId)
    : participantSigner(s.keystore, wallet.id, index, publicKeys);
}

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
function reviewedAsNow(s: MultisigDeps, entry: NetworkEntry, preparedId: string, proposal: Proposal) {
  const reviewed = proposalReviewsOf(s).unchanged(preparedId, proposal);
  if (reviewed.networkId !== entry.id) {
    throw new PreparedError('ERR_PREPARED_PROPOSAL_CHANGED', proposalChanged(['network']), {
      changed: ['network'],
    });
  }
  return reviewed;
}

/** The reviewed transaction with the signatures the proposal carries now: its unsigned bytes are the reviewed. */
function asReviewed(reviewed: { tx: Proposal['tx'] }, proposal: Proposal): Proposal['tx'] {
  return {
    ...reviewed.tx,
    ...(proposal.tx.signatures === undefined ? {} : { signatures: proposal.tx.signatures }),
  };
}

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

/**
 * Broadcasts a proposal once enough participants signed, when it is still the transaction review `preparedId`
 * showed (`reviewedAsNow`): a spend as it is (a multisignature wallet's transaction carries only `signatures`), a
 * registration after the registering wallet's own signature over exactly the reviewed bytes and them all. It joins
 * the pending list; the server's copy is deleted.
 */
export async function broadcastProposal(
  s: MultisigDeps,
  input: { networkId?: string; proposal: ProposalRef; preparedId: string; password?: string },
): Promise<SendResult> {
  const entry = entryOf(s, input.networkId);
  const proposal = await readProposal(s, entry, input.proposal);
  const reviewed = reviewedAsNow(s, entry, input.preparedId, proposal);
  const preview = await reviewOf(s, entry, proposal);
  refuseProblems({
    ...preview,
    problems: preview.problems.filter(
      (p) => !p.message.startsWith(NOT_REGISTERED) || isRegistrationTx(proposal),
    ),
  });
  const { tx, asset } = proposal;
  const senderAddress = addressFromPublicKey(tx.senderPublicKey, entry.pubKeyHash);
  const account = await s.accounts.sender(entry.id, senderAddress, tx.senderPublicKey);
  let final = tx;
  let walletId: string | undefined;
  if (isRegistrationTx(proposal)) {
    if (signedIndices(proposal).length < asset.publicKeys.length) {
      throw new MultisigError(
        'ERR_NOT_ENOUGH_SIGNATURES',
        `Every participant signs a registration first: ${signedIndices(proposal).length} of ${asset.publicKeys.length} have.`,
      );
    }
    const sender = s.keystore
      .listWallets({ nethash: entry.nethash })
      .find((w) => w.publicKey === tx.senderPublicKey && w.kind !== 'watch');
    if (sender === undefined) {
      throw new MultisigError(
        'ERR_NOT_PARTICIPANT',
        `Only the registering wallet (${senderAddress}) can sign last and broadcast this registration.`,
      );
    }
    walletId = sender.id;
    await s.keystore.confirmPasswordIfStale(s.settings.get().signPasswordAfterMs, input.password);
    const second = { secondSignature: account.secondPublicKey !== undefined };
    final = await signAsSender(
      sender.kind === 'ledger'
        ? ledgerSender(s, sender.id, second)
        : vaultSigner(s.keystore, sender.id, second),
      asReviewed(reviewed, proposal),
      { network: entry.network, height: account.height },
    );
  } else {
    if (!verifyMultiSignatures(tx, asset)) {
      throw new MultisigError(
        'ERR_NOT_ENOUGH_SIGNATURES',
        `${asset.min} participants must sign before it can be broadcast: ${signedIndices(proposal).length} have.`,
      );
    }
    walletId = s.multisig.book.byPublicKey(entry.nethash, tx.senderPublicKey)?.walletId;
  }
  const id = final.id ?? '';
  const outcome = broadcastOutcome(await s.networks.chain(entry.id).broadcast([final]), id);
  const recipient = recipientOf(final);
  const pending = s.tracker.track(
    {
      networkId: entry.id,
      ...(walletId === undefined ? {} : { walletId }),
      sender: senderAddress,
      kind: kindOf(final.typeGroup, final.type),
      amount: final.amount,
      fee: final.fee,
      nonce: final.nonce,
      ...(recipient === undefined ? {} : { recipient }),
      json: { ...transactionToJson(final), id },
      height: account.height,
      maxAge: account.maxAge,
    },
    outcome,
  );
  if (outcome.accepted) {
    if ('id' in input.proposal) {
      // The server's copy has done its work; a failure to delete only leaves it to expire.
      await (
        await transportOf(s, entry, proposal.asset.publicKeys)
      )
        .remove(proposal.storeId)
        .catch(() => undefined);
    }
    if (isRegistrationTx(proposal))
      await importMultisig(s, { networkId: entry.id, min: asset.min, publicKeys: asset.publicKeys });
  }
  return {
    id,
    accepted: outcome.accepted,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    pending,
  };
}
