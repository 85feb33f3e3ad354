/** Broadcasting a proposal once enough participants signed (multisig:broadcast); it joins the pending list. */
import { addressFromPublicKey } from '../../protocol/crypto';
import { transactionToJson, verifyMultiSignatures } from '../../protocol/transactions';
import type { ProposalRef } from '../../../shared/domain/multisig';
import type { SendResult } from '../../../shared/domain/transactions';
import { kindOf, recipientOf } from '../chain/views';
import { broadcastOutcome } from '../transactions/broadcast-outcome';
import { refuseProblems } from '../transactions/preview';
import { signAsSender, vaultSigner } from '../transactions/signer';
import { ledgerSender } from '../ledger/device-signers';
import { MultisigError } from './errors';
import type { MultisigDeps } from './deps';
import { importMultisig } from './import-multisig';
import { asReviewed, NOT_REGISTERED, reviewedAsNow, reviewOf } from './proposal-review';
import { isRegistrationTx, signedIndices } from './proposal';
import { entryOf, readProposal, transportOf } from './proposal-source';

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
