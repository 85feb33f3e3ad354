/**
 * tx:send: a transaction prepared for a review (prepare.ts) is signed by its id, never rebuilt from the form:
 * what it rests on is checked again (prepare.ts `checkUnchanged`), the vault's signer (signer.ts) signs exactly
 * its bytes, and that transaction is broadcast to the wallet's network and joins the pending list. The answer holds
 * the id, whether a node accepted it, and for an HTLC lock the secret (it claims the lock; not a wallet key), which
 * the vault keeps with the lock until it is claimed or expired (htlc-secrets.ts).
 */
import { transactionToJson } from '../../protocol/transactions';
import type { SendResult } from '../../../shared/domain/transactions';
import type { SenderDeps } from './deps';
import { broadcastOutcome } from './broadcast-outcome';
import { messageInTokens } from './token-words';
import { kindOf, recipientOf } from '../chain/views';
import { takeToSign } from './prepare';
import type { PreparedStore } from './prepared-store';
import { signAsSender, vaultSigner } from './signer';
import { isDeviceFailure, ledgerSender } from '../ledger/device-signers';

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
    deps.events.emit('wallets:changed', { reason: 'updated', walletId, address: wallet.address });
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
