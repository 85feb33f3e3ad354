/**
 * Preparing (tx:preview, docs/design/signing.md): the sender's account is read once, the transaction is built once
 * on it — nonce, fee, expiry, an HTLC lock's secret — and the review's facts are computed for exactly that
 * transaction (preview.ts, with its fee and on the same account). A draft without problems is kept in the
 * PreparedStore under a new id with the hash of its unsigned bytes; tx:send signs it by that id (sender.ts), after
 * `checkUnchanged` found that what it rests on still holds.
 */
import { spendable } from '../../domain';
import { isCodedError } from '../../../shared/lib/coded-error';
import { sha256 } from '../../protocol/hash';
import { toHex } from '../../protocol/hex';
import { milestoneAt } from '../../protocol/networks';
import { prepareTransaction, signingBytes } from '../../protocol/transactions';
import { checkDeviceCanSign } from '../../ledger';
import type { DraftInput } from '../../../shared/domain/transactions';
import type { SenderAccount } from './accounts';
import { tokens } from './draft-words';
import { buildDraft, type BuiltDraft } from './drafts';
import { pendingEffects } from './pending-effects';
import { PreparedError } from './prepared-errors';
import type { PreparedPurpose, PreparedStore, PreparedTransaction, SessionBinding } from './prepared-store';
import type { NetworkEntry } from '../networks/registry';
import { checkFeeCeiling } from './fee-ceiling';
import { ServiceError } from '../service-error';
import { networkOfWallet, previewDraft, type DraftPreview } from './preview';
import { preparedBalance, preparedMilestone, preparedNonceUsed } from './refusals';
import type { SenderDeps } from './deps';
import { unsignedBytes } from './signer';

/** The vault session signing happens under now. */
export function sessionOf(deps: Pick<SenderDeps, 'keystore'>): SessionBinding {
  return { profile: deps.keystore.profile, session: deps.keystore.sessionToken() };
}

/**
 * The review of a draft, and when nothing in it would be refused and tx:send signs its kind, the transaction
 * prepared for it (`prepared`: its id, the hash of its unsigned bytes, its nonce).
 */
export async function prepareDraft(
  deps: SenderDeps,
  store: PreparedStore,
  walletId: string,
  input: DraftInput,
): Promise<DraftPreview> {
  const wallet = deps.keystore.getWallet(walletId);
  if (wallet.kind === 'watch' || wallet.publicKey === undefined) return previewDraft(deps, walletId, input);
  // A multisignature registration is signed by its participants first (multisig:register), never by tx:send.
  return prepareFor(deps, store, {
    purpose: input.kind === 'multiSignature' ? 'register' : 'send',
    walletId,
    address: wallet.address,
    publicKey: wallet.publicKey,
    input,
    entry: networkOfWallet(deps, wallet),
    ledger: wallet.kind === 'ledger',
  });
}

/**
 * The review of a transfer from a multisignature wallet of this profile (`walletId`: its watch entry) and, when
 * nothing in it would be refused, the transfer prepared for multisig:propose: its participants sign it as it is.
 */
export async function prepareMultisigTransfer(
  deps: SenderDeps,
  store: PreparedStore,
  walletId: string,
  input: Extract<DraftInput, { kind: 'transfer' }>,
  multisig: { address: string; publicKey: string; min: number; publicKeys: string[] },
): Promise<DraftPreview> {
  const wallet = deps.keystore.getWallet(walletId);
  return prepareFor(deps, store, {
    purpose: 'propose',
    walletId,
    address: multisig.address,
    publicKey: multisig.publicKey,
    input,
    entry: networkOfWallet(deps, wallet),
    multisig: { min: multisig.min, publicKeys: multisig.publicKeys },
  });
}

interface PrepareRequest {
  purpose: PreparedPurpose;
  walletId: string;
  /** The sender's address and public key (a multisignature wallet's own). */
  address: string;
  publicKey: string;
  input: DraftInput;
  entry: NetworkEntry;
  multisig?: { min: number; publicKeys: string[] };
  /** The sender is a Ledger wallet: the device must be able to sign it. */
  ledger?: boolean;
}

async function prepareFor(
  deps: SenderDeps,
  store: PreparedStore,
  request: PrepareRequest,
): Promise<DraftPreview> {
  const { walletId, input, entry } = request;
  const multisig = request.multisig === undefined ? {} : { multisig: request.multisig };
  const account = await deps.accounts.sender(entry.id, request.address, request.publicKey);
  const context = { network: entry.network, height: account.height };
  let built: BuiltDraft;
  let transaction;
  try {
    built = buildDraft(input, {
      network: entry.network,
      height: account.height,
      now: deps.now(),
      nonce: account.nextNonce,
    });
    transaction = prepareTransaction({ ...built.draft, senderPublicKey: request.publicKey }, context);
  } catch (error) {
    if (!isCodedError(error)) throw error;
    // The review says why at its field (draft-checks.ts, the network's rules); what it does not say is refused.
    const preview = await previewDraft(deps, walletId, input, { account, ...multisig });
    if (preview.problems.length === 0) throw error;
    return preview;
  }
  // A Ledger wallet's transaction must be one ARK's Ledger app signs (core/ledger/signable.ts): refused before the
  // review, with the reason, rather than after the person confirmed it.
  if (request.ledger === true) {
    checkDeviceCanSign(transaction, signingBytes(transaction), {
      hasSecondPublicKey: account.secondPublicKey !== undefined,
    });
  }
  // The facts of this very transaction: its fee, on the account it was built on.
  const preview = await previewDraft(
    deps,
    walletId,
    { ...input, fee: transaction.fee.toString() },
    { account, ...multisig },
  );
  if (preview.problems.length > 0) return preview;
  const unsignedHash = toHex(sha256(unsignedBytes(transaction)));
  const prepared: PreparedTransaction = {
    purpose: request.purpose,
    walletId,
    networkId: entry.id,
    address: request.address,
    transaction,
    unsignedHash,
    height: account.height,
    secondSignature: account.secondPublicKey !== undefined,
    totalOut: BigInt(preview.totalOut),
    ...(built.htlc === undefined ? {} : { htlc: built.htlc }),
    ...(built.secondPassphrase === undefined ? {} : { secondPassphrase: built.secondPassphrase }),
    ...(preview.lockAmount === undefined ? {} : { lockAmount: preview.lockAmount }),
  };
  const id = store.add(prepared, sessionOf(deps));
  return { ...preview, prepared: { id, unsignedHash, nonce: transaction.nonce.toString() } };
}

/**
 * What a prepared transaction rests on, read again just before it is signed: its nonce is still the wallet's
 * next, its network is still under the same milestone, and the balance less what is pending still covers it.
 * Refused with the typed error of what changed (prepared-errors.ts); the person reviews again.
 */
export async function checkUnchanged(
  deps: SenderDeps,
  prepared: PreparedTransaction,
): Promise<SenderAccount> {
  const { transaction: tx, networkId, address } = prepared;
  const account = await deps.accounts.sender(networkId, address, tx.senderPublicKey);
  if (account.nextNonce !== tx.nonce) {
    throw new PreparedError('ERR_PREPARED_NONCE_USED', preparedNonceUsed(tx.nonce, account.nextNonce), {
      nonce: tx.nonce.toString(),
      nextNonce: account.nextNonce.toString(),
    });
  }
  const { network } = deps.networks.entry(networkId);
  const then = milestoneAt(network, prepared.height + 1);
  const now = milestoneAt(network, account.height + 1);
  if (then.height !== now.height) {
    throw new PreparedError('ERR_PREPARED_MILESTONE', preparedMilestone(then.height, now.height), {
      preparedAt: prepared.height,
      height: account.height,
    });
  }
  // The balance read with the nonce, in the one read of the account (ChainAccess.account).
  const available = spendable(account.balance, pendingEffects(deps.tracker, networkId, address));
  if (prepared.totalOut > available) {
    const token = network.network.client.token;
    throw new PreparedError(
      'ERR_PREPARED_BALANCE',
      preparedBalance(tokens(prepared.totalOut, token), tokens(available, token)),
      { needed: prepared.totalOut.toString(), spendable: available.toString() },
    );
  }
  return account;
}

export interface TakeOptions {
  /** The person confirmed a fee above the ceiling; undefined: the ceiling is not this channel's to check. */
  confirmHighFee?: boolean;
  password?: string;
}

const SIGNED_ELSEWHERE: Record<PreparedPurpose, string> = {
  send: 'This review is for a transaction of the wallet itself: send it from its own page.',
  register:
    'This review is for a multisignature registration: its participants sign it first, on the Multisignature page.',
  propose: "This review is for a multisignature wallet's transfer: propose it on the Multisignature page.",
};

/**
 * Takes the prepared transaction `preparedId` to sign it for `purpose`: refused when the store refuses it
 * (prepared-store.ts), when it is another channel's to sign, when what it rests on changed (`checkUnchanged`),
 * when its fee is over the ceiling unconfirmed, or when the password is due. What changed can never be signed as
 * reviewed and is dropped; a confirmation or a password can still come, and it is given back. The caller marks it
 * `signed` before it signs.
 */
export async function takeToSign(
  deps: SenderDeps,
  store: PreparedStore,
  preparedId: string,
  purpose: PreparedPurpose,
  options: TakeOptions = {},
): Promise<{ prepared: PreparedTransaction; account: SenderAccount }> {
  const prepared = store.take(preparedId, sessionOf(deps));
  try {
    if (prepared.purpose !== purpose) {
      throw new ServiceError('ERR_INVALID_DRAFT', SIGNED_ELSEWHERE[prepared.purpose]);
    }
    const account = await checkUnchanged(deps, prepared);
    if (purpose === 'send') {
      checkFeeCeiling(prepared.transaction, {
        network: deps.networks.entry(prepared.networkId).network,
        height: prepared.height,
        multiple: deps.settings.get().feeCeilingMultiple,
        confirmed: options.confirmHighFee === true,
      });
    }
    await deps.keystore.confirmPasswordIfStale(deps.settings.get().signPasswordAfterMs, options.password);
    return { prepared, account };
  } catch (error) {
    if (error instanceof PreparedError) store.drop(preparedId);
    else store.release(preparedId);
    throw error;
  }
}
