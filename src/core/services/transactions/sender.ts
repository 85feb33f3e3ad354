/**
 * tx:send: a draft from the renderer becomes a signed transaction inside the key store
 * (Keystore.signDraft — the only place that touches a private key), is broadcast to the wallet's network and
 * joins the pending list. The answer holds the id, whether a node accepted it, and for an HTLC lock the secret
 * (it claims the lock; not a wallet key), which the vault keeps with the lock until it is claimed or expired
 * (htlc-secrets.ts).
 */
import type { NetworkEntry } from '../../client';
import { KeystoreError, type Keystore, type WalletInfo } from '../../keystore';
import { transactionToJson } from '../../protocol/transactions';
import type { DraftInput, SendResult } from '../../../shared/domain/transactions';
import type { Accounts } from './accounts';
import type { SenderAccount } from './accounts';
import { buildDraft, type BuiltDraft } from './drafts';
import { previewDraft, refuseProblems } from './preview';
import { checkFeeCeiling } from './fee-ceiling';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import { broadcastOutcome, type PendingTracker } from './pending-tracker';
import { ServiceError } from '../service-error';
import { messageInTokens } from './token-words';
import type { SettingsFile } from '../settings';
import { kindOf, recipientOf } from '../explorer/views';

export interface SenderDeps {
  keystore: Keystore;
  settings: SettingsFile;
  networks: Networks;
  accounts: Accounts;
  tracker: PendingTracker;
  events: AppEvents;
  now: () => number;
}

/** A draft built for a wallet's account on its network now: what signing and the fee bounds both start from. */
export interface WalletDraft {
  wallet: WalletInfo;
  entry: NetworkEntry;
  account: SenderAccount;
  built: BuiltDraft;
}

/**
 * Builds the draft for the wallet as its network stands now (nonce, height, second key), refusing what could not
 * be signed: a watch-only wallet, an unknown network, a second key registered twice or missing from the vault.
 */
export async function draftFor(deps: SenderDeps, walletId: string, input: DraftInput): Promise<WalletDraft> {
  const wallet = deps.keystore.getWallet(walletId);
  if (wallet.kind === 'watch') {
    throw new KeystoreError('ERR_WATCH_ONLY', 'This is a watch-only wallet: it holds no key to sign with.');
  }
  const entry = deps.networks.byNethash(wallet.nethash);
  if (entry === undefined) {
    throw new ServiceError(
      'ERR_NETWORK_UNKNOWN',
      `This wallet belongs to ${wallet.network}, which is not in the network list. Add one of its nodes first.`,
    );
  }
  const account = await deps.accounts.sender(entry.id, wallet.address, wallet.publicKey);
  const registered = account.secondPublicKey !== undefined;
  if (input.kind === 'secondSignature' && registered) {
    throw new ServiceError('ERR_ALREADY_REGISTERED', 'This wallet already has a second passphrase on chain.');
  }
  if (registered && !wallet.hasSecondPassphrase) {
    throw new ServiceError(
      'ERR_SECOND_PASSPHRASE_REQUIRED',
      "This wallet has a second passphrase on chain: add it on the wallet's page before sending.",
    );
  }
  const built = buildDraft(input, {
    network: entry.network,
    height: account.height,
    now: deps.now(),
    nonce: account.nextNonce,
  });
  return { wallet, entry, account, built };
}

export async function sendTransaction(
  deps: SenderDeps,
  walletId: string,
  input: DraftInput,
  options: { confirmHighFee?: boolean; password?: string } = {},
): Promise<SendResult> {
  if (input.kind === 'multiSignature') {
    // Its participants sign before this wallet does (services/multisig/registration.ts).
    throw new ServiceError(
      'ERR_INVALID_DRAFT',
      'A multisignature registration is signed by every participant first: start it on the Multisignature page.',
    );
  }
  // Everything a node would refuse is refused here first, in the review's words (tx:preview).
  const preview = await previewDraft(deps, walletId, input);
  refuseProblems(preview);
  const { wallet, entry, account, built } = await draftFor(deps, walletId, input);
  const registered = account.secondPublicKey !== undefined;
  checkFeeCeiling(built.draft, {
    network: entry.network,
    height: account.height,
    multiple: deps.settings.get().feeCeilingMultiple,
    confirmed: options.confirmHighFee === true,
  });
  await deps.keystore.confirmPasswordIfStale(deps.settings.get().signPasswordAfterMs, options.password);
  // The second signature follows the chain, not the vault: only a registered second key co-signs (ARK 3).
  const signed = deps.keystore.signDraft(
    walletId,
    built.draft,
    { network: entry.network, height: account.height },
    { secondSignature: registered },
  );
  const id = signed.id ?? '';
  if (built.htlc !== undefined) {
    // Sealed in the vault before the lock leaves this process: a reload or a crash never loses it.
    await deps.keystore.keepHtlcSecret(walletId, {
      lockId: id,
      ...built.htlc,
      recipientId: signed.recipientId ?? '',
      amount: signed.amount.toString(),
    });
  }
  const result = await deps.networks.chain(entry.id).broadcast([signed]);
  const answered = broadcastOutcome(result, id);
  // A node states amounts in arktoshi; the person reads tokens.
  const outcome =
    answered.error === undefined
      ? answered
      : {
          ...answered,
          error: {
            ...answered.error,
            message: messageInTokens(answered.error.message, entry.network.network.client.token),
          },
        };
  if (!outcome.accepted && built.htlc !== undefined) await deps.keystore.forgetHtlcSecrets(walletId, [id]);
  if (outcome.accepted && built.secondPassphrase !== undefined) {
    // Kept from now on: once the registration confirms, every transaction needs the second signature.
    await deps.keystore.setSecondPassphrase(walletId, { secondPassphrase: built.secondPassphrase });
    deps.events.emit('wallet:changed', { reason: 'updated', walletId, address: wallet.address });
  }
  const recipient = recipientOf(signed);
  const pending = deps.tracker.track(
    {
      networkId: entry.id,
      walletId,
      sender: wallet.address,
      kind: kindOf(signed.typeGroup, signed.type),
      amount: signed.amount,
      ...(preview.lockAmount === undefined ? {} : { lockAmount: preview.lockAmount }),
      fee: signed.fee,
      nonce: signed.nonce,
      ...(recipient === undefined ? {} : { recipient }),
      json: { ...transactionToJson(signed), id },
      height: account.height,
      maxAge: account.maxAge,
    },
    outcome,
  );
  return {
    id,
    accepted: outcome.accepted,
    ...(outcome.error === undefined ? {} : { error: outcome.error }),
    pending,
    ...(built.htlc === undefined ? {} : { htlc: built.htlc }),
  };
}
