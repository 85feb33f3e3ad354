/**
 * localnet:fund — test tokens on the localnet (core/node/controls/faucet.ts signs and pools the transfer), refused
 * unless the active network is the one the localnet controls act on: other networks' tokens are real. The transfer
 * joins the pending list like any transaction the app sent.
 */
import { FAUCET_MEMO } from '../../node/controls';
import { transactionToJson } from '../../protocol/transactions';
import type { FaucetResult } from '../../../shared/domain/transactions';
import { activeLocalnet, type LocalnetGate } from './gate';
import type { PendingTracker } from '../transactions/pending-tracker';

export interface FaucetDeps extends LocalnetGate {
  tracker: PendingTracker;
}

export function fundFromFaucet(deps: FaucetDeps, address: string, amountText?: string): FaucetResult {
  const controls = activeLocalnet(
    deps,
    () => 'The faucet only exists on the embedded localnet; switch to it to get test tokens.',
    'ERR_FAUCET_UNAVAILABLE',
  );
  const { tx, sender, height, maxAge } = controls.fund(address, amountText);
  const id = tx.id ?? '';
  const pending = deps.tracker.track(
    {
      networkId: deps.localnet.networkId,
      sender,
      kind: 'transfer',
      amount: tx.amount,
      fee: tx.fee,
      nonce: tx.nonce,
      recipient: address,
      json: { ...transactionToJson(tx), id },
      height,
      maxAge,
    },
    { accepted: true },
  );
  return {
    transactionId: id,
    address,
    amount: tx.amount.toString(),
    testTokens: true,
    note: FAUCET_MEMO,
    pending,
  };
}
