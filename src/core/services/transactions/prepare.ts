/**
 * Preparing (tx:preview, docs/design/signing.md): the sender's account is read once, the transaction is built once
 * on it — nonce, fee, expiry, an HTLC lock's secret — and the review's facts are computed for exactly that
 * transaction (preview.ts, with its fee and on the same account). A draft without problems is kept in the
 * PreparedStore under a new id with the hash of its unsigned bytes; tx:send signs it by that id (sender.ts), after
 * `checkUnchanged` found that what it rests on still holds.
 */
import { unless404 } from '../../client';
import { spendable } from '../../domain';
import { isCodedError } from '../../../shared/lib/coded-error';
import { sha256 } from '../../protocol/hash';
import { toHex } from '../../protocol/hex';
import { milestoneAt } from '../../protocol/networks';
import { prepareTransaction } from '../../protocol/transactions';
import type { DraftInput } from '../../../shared/domain/transactions';
import type { SenderAccount } from './accounts';
import { tokens } from './draft-words';
import { buildDraft, type BuiltDraft } from './drafts';
import { pendingEffects } from './pending-effects';
import { PreparedError } from './prepared-errors';
import type { PreparedStore, PreparedTransaction, SessionBinding } from './prepared-store';
import { networkOfWallet, previewDraft, type DraftPreview } from './preview';
import { preparedBalance, preparedMilestone, preparedNonceUsed } from './refusals';
import type { SenderDeps } from './sender';
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
  const entry = networkOfWallet(deps, wallet);
  // A multisignature registration is signed by its participants first (services/multisig), never by tx:send.
  if (wallet.kind === 'watch' || wallet.publicKey === undefined || input.kind === 'multiSignature') {
    return previewDraft(deps, walletId, input);
  }
  const account = await deps.accounts.sender(entry.id, wallet.address, wallet.publicKey);
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
    transaction = prepareTransaction({ ...built.draft, senderPublicKey: wallet.publicKey }, context);
  } catch (error) {
    if (!isCodedError(error)) throw error;
    // The review says why at its field (draft-checks.ts, the network's rules); what it does not say is refused.
    const preview = await previewDraft(deps, walletId, input, { account });
    if (preview.problems.length === 0) throw error;
    return preview;
  }
  // The facts of this very transaction: its fee, on the account it was built on.
  const preview = await previewDraft(
    deps,
    walletId,
    { ...input, fee: transaction.fee.toString() },
    { account },
  );
  if (preview.problems.length > 0) return preview;
  const unsignedHash = toHex(sha256(unsignedBytes(transaction)));
  const prepared: PreparedTransaction = {
    walletId: wallet.id,
    networkId: entry.id,
    address: wallet.address,
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
  const chainWallet = await unless404(deps.networks.chain(networkId).reads.wallet(address));
  const available = spendable(chainWallet?.balance ?? 0n, pendingEffects(deps.tracker, networkId, address));
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
