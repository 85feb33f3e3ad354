/**
 * The localnet faucet: test tokens for a wallet on the chain this node forges. It signs a transfer from the faucet
 * wallet of resources/networks/localnet/wallets.json, whose passphrase is public TEST-ONLY data derived from a
 * fixed label — not a user's key, so it is signed here rather than in the key store — and hands it to the pool.
 */
import { validateAddress } from '../../protocol/crypto';
import { CoreType, signTransaction, type TransactionData } from '../../protocol/transactions';
import { ARKTOSHI, localnetWallet } from '../localnet';
import type { LocalNode } from '../node';
import { LocalnetError } from './errors';

export const FAUCET_DEFAULT_AMOUNT = 1_000n * ARKTOSHI;
export const FAUCET_MAX_AMOUNT = 100_000n * ARKTOSHI;
export const FAUCET_MEMO = 'Votary localnet faucet: test tokens, no value';

/** The transfer in the pool, with what following it needs. */
export interface FaucetTransfer {
  tx: TransactionData;
  sender: string;
  /** The chain height it was signed at, and the blocks the pool keeps it unforged. */
  height: number;
  maxAge: number;
}

export function fundFromFaucet(node: LocalNode, address: string, amountText?: string): FaucetTransfer {
  const network = node.network;
  if (!validateAddress(address, network.network.pubKeyHash)) {
    throw new LocalnetError('ERR_FAUCET_UNAVAILABLE', `${address} is not a ${network.network.name} address.`);
  }
  const amount = amountText === undefined ? FAUCET_DEFAULT_AMOUNT : BigInt(amountText);
  if (amount <= 0n || amount > FAUCET_MAX_AMOUNT) {
    throw new LocalnetError(
      'ERR_FAUCET_LIMIT',
      `The faucet gives 1 arktoshi to ${FAUCET_MAX_AMOUNT / ARKTOSHI} tokens per request.`,
    );
  }
  const faucet = localnetWallet('faucet');
  const { nextNonce } = node.senderAccount(faucet.address, faucet.publicKey);
  const height = node.height;
  const tx = signTransaction(
    { type: CoreType.Transfer, nonce: nextNonce, amount, recipientId: address, vendorField: FAUCET_MEMO },
    { passphrase: faucet.passphrase },
    { network, height },
  );
  const id = tx.id ?? '';
  const result = node.addTransactions([tx]);
  if (!result.accept.includes(id)) {
    const error = result.errors[id];
    throw new LocalnetError(
      'ERR_FAUCET_UNAVAILABLE',
      `The local node refused the faucet transfer. ${error === undefined ? '' : `${error.type}: ${error.message}`}`.trim(),
    );
  }
  return { tx, sender: faucet.address, height, maxAge: node.maxTransactionAge };
}
