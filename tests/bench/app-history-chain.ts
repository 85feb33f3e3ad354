/**
 * The localnet chain of `npm run bench:app`'s scroll run: one wallet with a 100,000-transaction
 * history, written into a fresh data directory before `votary serve` opens it. 2,001 blocks (genesis + 2,000),
 * 50 transactions in each, every one of them to or from the history wallet, through buildMillionBlockDb's block
 * rows and rounds (million-blocks.ts).
 *
 * Synthetic rows, as bench:api's (api-chain-db.ts): every transaction is a real AIP-11 transfer or vote serialized
 * by the protocol library — so the API decodes it as any stored transaction and the wallet page shows it as it
 * would a real one — but its signature is a placeholder (signing 100,000 transactions would dominate the run).
 * Ids are the SHA256 of those bytes. The wallets' balances and nonces are plausible, not the sum of the rows.
 */
import { openDatabase } from '../../src/core/db';
import { LOCALNET_NAME, localnet, localnetWallets } from '../../src/core/node/localnet';
import { chainDatabasePath } from '../../src/core/node/chain-files';
import { serializeTransaction, type TransactionData } from '../../src/core/protocol/transactions';
import { benchWallets, type BenchWallet } from './api-chain-db';
import { buildMillionBlockDb } from './million-blocks';
import { sha256Hex, SyntheticTransactionFiller, type SyntheticTransaction } from './synthetic-transactions';

export const HISTORY_SIZE = {
  transactions: 100_000,
  perBlock: 50,
  counterparts: 500,
} as const;

const VTY = 100_000_000n;

export interface HistoryChain {
  /** The address whose history holds every transaction. */
  address: string;
  transactions: number;
  blocks: number;
}

/**
 * The i-th transaction of the history: even ones the history wallet sends (every 25th of them a vote), odd
 * ones a counterpart sends to it; every 10th carries a memo. Each sender's nonce counts its own transactions.
 */
class HistoryRows {
  private readonly nonces = new Map<string, bigint>();

  constructor(
    private readonly owner: BenchWallet,
    private readonly counterparts: readonly BenchWallet[],
    private readonly delegate: string,
  ) {}

  at(i: number): SyntheticTransaction {
    const other = this.counterparts[i % this.counterparts.length]!;
    const outgoing = i % 2 === 0;
    const sender = outgoing ? this.owner : other;
    const nonce = (this.nonces.get(sender.address) ?? 0n) + 1n;
    this.nonces.set(sender.address, nonce);
    const common = {
      version: 2,
      network: localnet.network.pubKeyHash,
      typeGroup: 1,
      nonce,
      senderPublicKey: sender.publicKey,
      signature: sha256Hex(`history sig ${i}`) + sha256Hex(`history sig' ${i}`),
    } as const;
    const tx: TransactionData =
      outgoing && i % 50 === 0
        ? { ...common, type: 3, fee: VTY, amount: 0n, asset: { votes: [`+${this.delegate}`] } }
        : {
            ...common,
            type: 0,
            fee: VTY / 10n,
            amount: VTY * BigInt(1 + (i % 97)) + BigInt(i),
            recipientId: outgoing ? other.address : this.owner.address,
            expiration: 0,
            ...(i % 10 === 5 ? { vendorField: `bench history ${i}` } : {}),
          };
    const bytes = serializeTransaction(tx);
    return { tx, bytes, id: sha256Hex(bytes), senderAddress: sender.address };
  }
}

/** Builds the chain in `dataDir` (which it empties first); returns the history wallet's address. */
export function buildHistoryChain(dataDir: string): HistoryChain {
  const [owner, ...counterparts] = benchWallets(1 + HISTORY_SIZE.counterparts);
  const delegate = localnetWallets().find((wallet) => wallet.role === 'delegate');
  if (!owner || !delegate) throw new Error('the localnet has no delegate to vote for');
  const blocks = 1 + HISTORY_SIZE.transactions / HISTORY_SIZE.perBlock;
  const rows = new HistoryRows(owner, counterparts, delegate.publicKey);
  buildMillionBlockDb(
    dataDir,
    blocks,
    () => undefined,
    // Each block's 50 transactions, written with the block.
    new SyntheticTransactionFiller(HISTORY_SIZE.perBlock, (i) => rows.at(i)),
  );

  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    db.pragma('synchronous = OFF');
    const insertWallet = db.prepare(
      `INSERT INTO wallets (address, public_key, balance, nonce, second_public_key, multi_signature, vote,
         locked_balance) VALUES (?, ?, ?, ?, NULL, NULL, ?, 0)`,
    );
    const sentEach = BigInt(HISTORY_SIZE.transactions / 2 / HISTORY_SIZE.counterparts);
    db.transaction(() => {
      insertWallet.run(
        owner.address,
        owner.publicKey,
        VTY * 1_000_000n,
        BigInt(HISTORY_SIZE.transactions / 2),
        delegate.publicKey,
      );
      counterparts.forEach((wallet, i) =>
        insertWallet.run(wallet.address, wallet.publicKey, VTY * BigInt(1_000 + i), sentEach, null),
      );
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { address: owner.address, transactions: HISTORY_SIZE.transactions, blocks };
}
