/**
 * tx:send: a transaction prepared for a review (prepare.ts) is signed by its id, never rebuilt from the form:
 * what it rests on is checked again (prepare.ts `checkUnchanged`), the vault's signer (signer.ts) signs exactly
 * its bytes, and that transaction is broadcast to the wallet's network and joins the pending list. The answer holds
 * the id, whether a node accepted it, and for an HTLC lock the secret (it claims the lock; not a wallet key), which
 * the vault keeps with the lock until it is claimed or expired (htlc-secrets.ts).
 */
import type { NetworkEntry } from '../../client';
import { KeystoreError, type Keystore, type WalletInfo } from '../../keystore';
import { transactionToJson } from '../../protocol/transactions';
import type { DraftInput, SendResult } from '../../../shared/domain/transactions';
import type { Accounts } from './accounts';
import type { SenderAccount } from './accounts';
import { buildDraft, type BuiltDraft } from './drafts';
import type { AppEvents } from '../events';
import type { Networks } from '../networks/networks';
import { broadcastOutcome, type PendingTracker } from './pending-tracker';
import { ServiceError } from '../service-error';
import { messageInTokens } from './token-words';
import type { SettingsFile } from '../settings';
import { kindOf, recipientOf } from '../explorer/views';
import { takeToSign } from './prepare';
import type { PreparedStore } from './prepared-store';
import { networkOfWallet } from './preview';
import { SECOND_ALREADY_REGISTERED, SECOND_PASSPHRASE_REQUIRED, WATCH_ONLY } from './refusals';
import { signAsSender, vaultSigner } from './signer';
import { isDeviceFailure, ledgerSender } from '../ledger/device-signers';
import type { LedgerHost } from '../ledger/ledger-host';

export interface SenderDeps {
  keystore: Keystore;
  settings: SettingsFile;
  networks: Networks;
  accounts: Accounts;
  tracker: PendingTracker;
  events: AppEvents;
  /** The Ledger device a wallet of kind `ledger` signs on. */
  ledger: LedgerHost;
  now: () => number;
}

/** A draft built for a wallet's account on its network now: what the fee bounds and a registration start from. */
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
  if (wallet.kind === 'watch') throw new KeystoreError('ERR_WATCH_ONLY', WATCH_ONLY);
  const entry = networkOfWallet(deps, wallet);
  const account = await deps.accounts.sender(entry.id, wallet.address, wallet.publicKey);
  const registered = account.secondPublicKey !== undefined;
  if (input.kind === 'secondSignature' && registered) {
    throw new ServiceError('ERR_ALREADY_REGISTERED', SECOND_ALREADY_REGISTERED);
  }
  if (registered && !wallet.hasSecondPassphrase) {
    throw new ServiceError('ERR_SECOND_PASSPHRASE_REQUIRED', SECOND_PASSPHRASE_REQUIRED);
  }
  const built = buildDraft(input, {
    network: entry.network,
    height: account.height,
    now: deps.now(),
    nonce: account.nextNonce,
  });
  return { wallet, entry, account, built };
}

/**
 * Signs the prepared transaction `preparedId` as reviewed and broadcasts it. Refused, with nothing signed, when
 * the id is unknown, signed already, of another vault session or too old (prepared-store.ts), when what it rests
 * on changed (`checkUnchanged`), when its fee is over the ceiling unconfirmed, or when the password is due.
 */
export async function sendPrepared(
  deps: SenderDeps,
  store: PreparedStore,
  preparedId: string,
  options: { confirmHighFee?: boolean; password?: string } = {},
): Promise<SendResult> {
  const { prepared, account } = await takeToSign(deps, store, preparedId, 'send', options);
  const { transaction, networkId, walletId } = prepared;
  const entry = deps.networks.entry(networkId);
  const context = { network: entry.network, height: prepared.height };
  const wallet = deps.keystore.getWallet(walletId);
  // The second signature follows the chain, not the vault: only a registered second key co-signs (ARK 3).
  const second = { secondSignature: prepared.secondSignature };
  const signer =
    wallet.kind === 'ledger'
      ? ledgerSender(deps, walletId, { ...second, preparedId })
      : vaultSigner(deps.keystore, walletId, second);
  let signed;
  try {
    signed = await signAsSender(signer, transaction, context);
  } catch (error) {
    // Refused or failed on the device: nothing was signed, nothing is pending, the nonce is still free — the same
    // review can be confirmed again.
    if (isDeviceFailure(error)) store.release(preparedId);
    else store.signed(preparedId);
    throw error;
  }
  store.signed(preparedId);
  const id = signed.id ?? '';
  if (prepared.htlc !== undefined) {
    // Sealed in the vault before the lock leaves this process: a reload or a crash never loses it.
    await deps.keystore.keepHtlcSecret(walletId, {
      lockId: id,
      ...prepared.htlc,
      recipientId: signed.recipientId ?? '',
      amount: signed.amount.toString(),
    });
  }
  const result = await deps.networks.chain(networkId).broadcast([signed]);
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
  if (!outcome.accepted && prepared.htlc !== undefined) await deps.keystore.forgetHtlcSecrets(walletId, [id]);
  if (outcome.accepted && prepared.secondPassphrase !== undefined) {
    // Kept from now on: once the registration confirms, every transaction needs the second signature.
    await deps.keystore.setSecondPassphrase(walletId, { secondPassphrase: prepared.secondPassphrase });
    deps.events.emit('wallet:changed', { reason: 'updated', walletId, address: wallet.address });
  }
  const recipient = recipientOf(signed);
  const pending = deps.tracker.track(
    {
      networkId,
      walletId,
      sender: wallet.address,
      kind: kindOf(signed.typeGroup, signed.type),
      amount: signed.amount,
      ...(prepared.lockAmount === undefined ? {} : { lockAmount: prepared.lockAmount }),
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
    ...(prepared.htlc === undefined ? {} : { htlc: prepared.htlc }),
  };
}
