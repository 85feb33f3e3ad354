/**
 * The transactions of bench:scale's chain (scale-chain-db.ts): the i-th is one of every Core type in each 20,
 * transfers for the rest — real AIP-11 bytes with a placeholder signature, as bench:api's synthetic rows.
 */
import { base58 } from '@scure/base';
import { localnet } from '../../src/core/node/localnet';
import type { TransactionData } from '../../src/core/protocol/transactions';
import type { BenchWallet } from './api-chain-db';
import { hash } from 'node:crypto';

export const VTY = 100_000_000n;

/** SHA256 as lower-case hex: synthetic-transactions.ts's `sha256Hex`, one-shot (a Hash object costs a third more). */
export function sha256Hex(data: string | Uint8Array): string {
  return hash('sha256', data, 'hex');
}

/** The i-th synthetic transaction: one of every Core type in each 20, transfers for the rest. */
export function transactionAt(
  i: number,
  wallets: readonly BenchWallet[],
  delegates: readonly string[],
  transfersOnly: boolean,
): TransactionData {
  const sender = wallets[i % wallets.length]!;
  const other = wallets[(i * 7919 + 13) % wallets.length]!;
  const base = {
    version: 2,
    network: localnet.network.pubKeyHash,
    typeGroup: 1,
    nonce: BigInt(Math.floor(i / wallets.length) + 1),
    senderPublicKey: sender.publicKey,
    fee: VTY / 10n,
    amount: 0n,
    signature: sha256Hex(`sig ${i}`) + sha256Hex(`sig' ${i}`),
  };
  switch (transfersOnly ? -1 : i % 20) {
    case 0:
      return { ...base, type: 3, asset: { votes: [`+${delegates[i % delegates.length]!}`] } };
    case 1:
      return {
        ...base,
        type: 6,
        asset: {
          payments: [0, 1, 2].map((k) => ({
            amount: VTY + BigInt(k),
            recipientId: wallets[(i + k * 31) % wallets.length]!.address,
          })),
        },
      };
    case 2:
      // A sha2-256 multihash (0x12, 32 bytes), base58 as IPFS writes it.
      return {
        ...base,
        type: 5,
        asset: { ipfs: base58.encode(Buffer.from(`1220${sha256Hex(`ipfs ${i}`)}`, 'hex')) },
      };
    case 3:
      return {
        ...base,
        type: 8,
        amount: VTY,
        recipientId: other.address,
        asset: {
          lock: { secretHash: sha256Hex(`secret ${i}`), expiration: { type: 2, value: 1_000_000_000 } },
        },
      };
    case 4:
      return { ...base, type: 1, asset: { signature: { publicKey: other.publicKey } } };
    case 5:
      return { ...base, type: 2, asset: { delegate: { username: `scale_${i}` } } };
    case 6:
      return { ...base, type: 7 };
    case 7:
      return {
        ...base,
        type: 9,
        asset: { claim: { lockTransactionId: sha256Hex(`lock ${i}`), unlockSecret: sha256Hex(`u ${i}`) } },
      };
    case 8:
      return { ...base, type: 10, asset: { refund: { lockTransactionId: sha256Hex(`lock ${i}`) } } };
    default:
      return {
        ...base,
        type: 0,
        amount: VTY + BigInt(i),
        recipientId: other.address,
        expiration: 0,
        ...(i % 10 === 5 ? { vendorField: `scale memo ${i}` } : {}),
      };
  }
}
