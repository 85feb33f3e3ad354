/**
 * tx:preview — the one review every signature goes through (docs/design/ui.md "Review before every signature"):
 * from which wallet (name and address), what happens in words, the amounts in and out, the fee, the total out
 * (amount + fee), the balance before and after — counting what this wallet already has pending — and the locked
 * balance, warnings, and every problem a node would refuse the draft for (draft-checks.ts), at its field. The
 * money comes from the one ledger (core/domain/ledger.ts), as the wallet's history does. A draft with a problem
 * is never prepared; one without is prepared once (prepare.ts) and signed as reviewed.
 */
import { unless404 } from '../../client';
import { effectOn, spendable, type LedgerEffect, type LedgerLock } from '../../domain';
import { KeystoreError, type WalletInfo } from '../../keystore';
import { staticFee } from '../../protocol/fees';
import { milestoneAt, type Network } from '../../protocol/networks';
import { addressFromPublicKey } from '../../protocol/crypto';
import { epochTimestamp } from '../../protocol/time';
import { prepareTransaction } from '../../protocol/transactions';
import type { DraftInput, SpendableView, TxPreview } from '../../../shared/domain/transactions';
import type { NetworkEntry } from '../networks/registry';
import { ServiceError } from '../service-error';
import { isCodedError } from '../../../shared/lib/coded-error';
import { buildDraft } from './drafts';
import { draftProblems, type DraftProblem } from './draft-checks';
import { pendingEffects } from './pending-effects';
import type { SenderDeps } from './deps';
import type { SenderAccount } from './accounts';
import { tokens, wordsOf } from './draft-words';
import { networkNotListed, SECOND_PASSPHRASE_REQUIRED, WATCH_ONLY } from './refusals';

function amountOf(input: DraftInput): bigint {
  if (input.kind === 'transfer' || input.kind === 'htlcLock') return BigInt(input.amount);
  if (input.kind === 'multiPayment') return input.payments.reduce((s, p) => s + BigInt(p.amount), 0n);
  return 0n;
}

/** The fee the draft pays: its own, or the network's static fee for it at the next height. */
function feeOf(input: DraftInput, network: Network, height: number, nonce: bigint, now: number): bigint {
  if (input.fee !== undefined) return BigInt(input.fee);
  const { draft } = buildDraft(
    { ...input, ...('memo' in input ? { memo: undefined } : {}) },
    {
      network,
      height,
      now,
      nonce,
    },
  );
  const tx = prepareTransaction({ ...draft, senderPublicKey: '02'.padEnd(66, '0') }, { network, height });
  return staticFee(tx, milestoneAt(network, height + 1));
}

const amountString = (value: bigint) => value.toString();

/** The wallet's network in the list, or ERR_NETWORK_UNKNOWN. */
export function networkOfWallet(
  deps: Pick<SenderDeps, 'networks'>,
  wallet: WalletInfo,
  hint = true,
): NetworkEntry {
  const entry = deps.networks.byNethash(wallet.nethash);
  if (entry === undefined)
    throw new ServiceError('ERR_NETWORK_UNKNOWN', networkNotListed(wallet.network, hint));
  return entry;
}

/**
 * The preview, its problems with the typed error tx:send refuses each with, and for an HTLC claim or refund the
 * amount of the lock it closes as read now (what the pending list says it moves).
 */
export type DraftPreview = Omit<TxPreview, 'problems'> & { problems: DraftProblem[]; lockAmount?: bigint };

/** A multisignature wallet's draft: its participants sign (services/multisig), not a key of the vault. */
export interface PreviewOptions {
  multisig?: { min: number; publicKeys: string[] };
  /** The wallet to preview for when it is not in the vault (a co-signer reviews another's registration). */
  wallet?: WalletInfo;
  /** The sender's account as the caller read it once (prepare.ts builds the transaction on it). */
  account?: SenderAccount;
}

export async function previewDraft(
  deps: SenderDeps,
  walletId: string,
  input: DraftInput,
  options: PreviewOptions = {},
): Promise<DraftPreview> {
  const wallet: WalletInfo = options.wallet ?? deps.keystore.getWallet(walletId);
  const entry = networkOfWallet(deps, wallet);
  const problems: DraftProblem[] = [];
  const multisigWarnings: string[] = [];
  if (wallet.kind === 'watch' && options.multisig === undefined) {
    problems.push({ field: 'wallet', code: 'ERR_WATCH_ONLY', message: WATCH_ONLY });
  }
  const { network } = entry;
  const reads = deps.networks.chain(entry.id).reads;
  const account = options.account ?? (await deps.accounts.sender(entry.id, wallet.address, wallet.publicKey));
  const milestone = milestoneAt(network, account.height + 1);
  const chainWallet = await unless404(reads.wallet(wallet.address));
  const delegate = chainWallet?.attributes.delegate;
  const lastBlock = await unless404(reads.block(String(account.height))).catch(() => undefined);
  const now = deps.now();
  problems.push(
    ...(await draftProblems(input, {
      network,
      milestone,
      height: account.height,
      lastBlockTimestamp: lastBlock?.timestamp.epoch ?? epochTimestamp(now, network),
      reads,
      sender: {
        address: wallet.address,
        ...(delegate === undefined
          ? {}
          : { delegate: { username: delegate.username, resigned: delegate.resigned === true } }),
        vote: chainWallet?.attributes.vote,
        secondPublicKey: account.secondPublicKey,
      },
      now,
      arkTestMode: entry.arkTestMode === true,
    })),
  );
  if (account.secondPublicKey !== undefined && !wallet.hasSecondPassphrase && wallet.kind !== 'watch') {
    problems.push({
      field: 'wallet',
      code: 'ERR_SECOND_PASSPHRASE_REQUIRED',
      message: SECOND_PASSPHRASE_REQUIRED,
    });
  }

  // The lock a claim or refund closes, for the amounts and the words.
  let lock: LedgerLock | undefined;
  let expired = false;
  if (input.kind === 'htlcClaim' || input.kind === 'htlcRefund') {
    const open = await unless404(reads.lock(input.lockId.toLowerCase()));
    if (open !== undefined) {
      expired = open.isExpired;
      lock = {
        sender: addressFromPublicKey(open.senderPublicKey, network.network.pubKeyHash),
        recipient: open.recipientId,
        amount: open.amount,
      };
    }
  }

  let fee = 0n;
  try {
    fee = feeOf(input, network, account.height, account.nextNonce, now);
  } catch (error) {
    // The network's rules for this kind (buildDraft's checkNetworkRules): a sentence for the whole form.
    if (!isCodedError(error)) throw error;
    problems.push({ field: 'form', code: 'ERR_NETWORK_RULES', message: error.message });
  }

  const amount = amountOf(input);
  const recipient = input.kind === 'transfer' || input.kind === 'htlcLock' ? input.recipientId : undefined;
  const effect: LedgerEffect = effectOn(
    {
      kind: input.kind,
      sender: wallet.address,
      recipient,
      amount,
      fee,
      payments:
        input.kind === 'multiPayment'
          ? input.payments.map((p) => ({ recipientId: p.recipientId, amount: BigInt(p.amount) }))
          : undefined,
      lock,
    },
    wallet.address,
  );
  const balance = chainWallet?.balance ?? 0n;
  const locked = chainWallet?.attributes.htlc?.lockedBalance ?? 0n;
  const pending = pendingEffects(deps.tracker, entry.id, wallet.address);
  const pendingOut = pending.reduce((sum, e) => sum + e.sent + e.fee, 0n);
  const available = spendable(balance, pending);
  const totalOut = effect.sent + effect.fee;
  if (totalOut > available) {
    const token = network.network.client.token;
    const most = available - effect.fee > 0n ? available - effect.fee : 0n;
    problems.push({
      field: amount > 0n ? 'amount' : 'wallet',
      message:
        amount > 0n
          ? `This wallet can send at most ${tokens(most, token)} now: ${tokens(balance, token)}${pendingOut > 0n ? `, less ${tokens(pendingOut, token)} pending` : ''}, less the fee of ${tokens(effect.fee, token)}.`
          : `The fee of ${tokens(effect.fee, token)} is more than this wallet can spend now (${tokens(available, token)}${pendingOut > 0n ? ' after what it has pending' : ''}).`,
    });
  }
  if (options.multisig !== undefined) {
    const { min, publicKeys } = options.multisig;
    const registered = chainWallet?.attributes.multiSignature;
    if (registered === undefined) {
      problems.push({
        field: 'wallet',
        message:
          'This multisignature wallet is not registered on chain yet: a node refuses its transactions until it is.',
      });
    }
    multisigWarnings.push(
      `${min} of its ${publicKeys.length} participants must sign before anyone can broadcast it.`,
    );
  }
  const words = await wordsOf(
    input,
    {
      reads,
      token: network.network.client.token,
      lock,
      expired,
      self: wallet.address,
      pubKeyHash: network.network.pubKeyHash,
    },
    delegate,
  );
  return {
    walletId: wallet.id,
    walletName: wallet.name,
    address: wallet.address,
    kind: input.kind,
    what: words.what,
    received: amountString(effect.received),
    sent: amountString(effect.sent),
    fee: amountString(effect.fee),
    totalOut: amountString(totalOut),
    locked: amountString(effect.locked),
    unlocked: amountString(effect.unlocked),
    balanceBefore: amountString(balance),
    pendingOut: amountString(pendingOut),
    spendable: amountString(available),
    balanceAfter: amountString(balance - pendingOut - totalOut + effect.received),
    lockedBefore: amountString(locked),
    lockedAfter: amountString(locked + effect.locked - effect.unlocked),
    ...('memo' in input && input.memo !== undefined && input.memo !== '' ? { memo: input.memo } : {}),
    ...(words.votes === undefined ? {} : { votes: words.votes }),
    warnings: [...words.warnings, ...multisigWarnings],
    problems,
    ...(lock === undefined ? {} : { lockAmount: lock.amount }),
  };
}

/** tx:spendable: the wallet's balance less what it has on its way. */
export async function spendableNow(deps: SenderDeps, walletId: string): Promise<SpendableView> {
  const wallet = deps.keystore.getWallet(walletId);
  const entry = networkOfWallet(deps, wallet, false);
  const chainWallet = await unless404(deps.networks.chain(entry.id).reads.wallet(wallet.address));
  const balance = chainWallet?.balance ?? 0n;
  const pending = pendingEffects(deps.tracker, entry.id, wallet.address);
  return {
    balance: balance.toString(),
    pendingOut: pending.reduce((sum, e) => sum + e.sent + e.fee, 0n).toString(),
    spendable: spendable(balance, pending).toString(),
  };
}

/** A refusal's guard: the first problem of the preview, as the typed error a screen shows at its field. */
export function refuseProblems(preview: DraftPreview): void {
  const first = preview.problems[0];
  if (first === undefined) return;
  if (first.code === 'ERR_WATCH_ONLY') throw new KeystoreError('ERR_WATCH_ONLY', first.message);
  throw new ServiceError(first.code ?? 'ERR_INVALID_DRAFT', first.message, {
    field: first.field,
    kind: preview.kind,
  });
}
