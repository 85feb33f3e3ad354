/**
 * The localnet faucet: one click funds a wallet with test tokens on the embedded chain. It signs a
 * transfer from the faucet wallet of resources/networks/localnet/wallets.json, whose passphrase is public
 * TEST-ONLY data derived from a fixed label — not a user's key, so it is signed here rather than in the key
 * store. Remote networks are refused: their tokens are real.
 */
import { EMBEDDED_NETWORK_ID } from '../client';
import { ARKTOSHI, localnetWallet, type LocalNode } from '../node';
import { validateAddress } from '../protocol/crypto';
import { CoreType, signTransaction, transactionToJson } from '../protocol/transactions';
import type { FaucetResult } from '../../shared/domain/transactions';
import type { Accounts } from './accounts';
import type { Networks } from './networks';
import type { PendingTracker } from './pending-tracker';
import { refusalReason } from './reasons';
import { ServiceError } from './service-error';

export const FAUCET_DEFAULT_AMOUNT = 1_000n * ARKTOSHI;
export const FAUCET_MAX_AMOUNT = 100_000n * ARKTOSHI;
export const FAUCET_MEMO = 'Votary localnet faucet: test tokens, no value';

export interface FaucetDeps {
  node: LocalNode;
  networks: Networks;
  accounts: Accounts;
  tracker: PendingTracker;
}

export function fundFromFaucet(deps: FaucetDeps, address: string, amountText?: string): FaucetResult {
  if (deps.networks.activeId !== EMBEDDED_NETWORK_ID) {
    throw new ServiceError(
      'ERR_FAUCET_UNAVAILABLE',
      'The faucet only exists on the embedded localnet; switch to it to get test tokens.',
    );
  }
  const network = deps.node.network;
  if (!validateAddress(address, network.network.pubKeyHash)) {
    throw new ServiceError('ERR_FAUCET_UNAVAILABLE', `${address} is not a ${network.network.name} address.`);
  }
  const amount = amountText === undefined ? FAUCET_DEFAULT_AMOUNT : BigInt(amountText);
  if (amount <= 0n || amount > FAUCET_MAX_AMOUNT) {
    throw new ServiceError(
      'ERR_FAUCET_LIMIT',
      `The faucet gives 1 arktoshi to ${FAUCET_MAX_AMOUNT / ARKTOSHI} tokens per request.`,
    );
  }
  const faucet = localnetWallet('faucet');
  const account = deps.accounts.embedded(faucet.address, faucet.publicKey);
  const tx = signTransaction(
    {
      type: CoreType.Transfer,
      nonce: account.nextNonce,
      amount,
      recipientId: address,
      vendorField: FAUCET_MEMO,
    },
    { passphrase: faucet.passphrase },
    { network, height: account.height },
  );
  const id = tx.id ?? '';
  const result = deps.node.addTransactions([tx]);
  const error = result.errors[id];
  if (!result.accept.includes(id)) {
    throw new ServiceError(
      'ERR_FAUCET_UNAVAILABLE',
      `The local node refused the faucet transfer. ${error === undefined ? '' : refusalReason(error)}`.trim(),
    );
  }
  const pending = deps.tracker.track(
    {
      networkId: EMBEDDED_NETWORK_ID,
      sender: faucet.address,
      kind: 'transfer',
      amount,
      fee: tx.fee,
      nonce: tx.nonce,
      recipient: address,
      json: { ...transactionToJson(tx), id },
      height: account.height,
      maxAge: account.maxAge,
    },
    { accepted: true },
  );
  return {
    transactionId: id,
    address,
    amount: amount.toString(),
    testTokens: true,
    note: FAUCET_MEMO,
    pending,
  };
}
