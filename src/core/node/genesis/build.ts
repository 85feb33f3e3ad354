import { payloadHash, signBlock, type Block, type BlockHeader } from '../../protocol/blocks';
import {
  addressFromPublicKey,
  keyPairFromPassphrase,
  schnorrSign,
  type KeyPair,
} from '../../protocol/crypto';
import { toHex } from '../../protocol/hex';
import { milestoneAt, type ChainContext, type Network } from '../../protocol/networks';
import {
  CoreType,
  TypeGroup,
  signingHash,
  transactionId,
  validateTransaction,
  type TransactionData,
} from '../../protocol/transactions';

export interface GenesisWalletSpec {
  passphrase: string;
  balance: bigint;
  /** Registers the wallet as this delegate and makes it vote for itself, both inside the genesis block. */
  username?: string;
}

export interface GenesisInput {
  /** Milestones must start at height 1 with aip11 (version-2 transactions) and full-SHA256 block ids. */
  network: Network;
  genesisPassphrase: string;
  wallets: GenesisWalletSpec[];
  /** Epoch seconds; 0 (the epoch itself) by default. */
  timestamp?: number;
}

/** previousBlock of the genesis block: 32 zero bytes, since ids are full SHA256 from height 1. */
export const GENESIS_PREVIOUS_BLOCK = '0'.repeat(64);

/**
 * Signs a genesis transaction by hand: genesis transactions carry fee 0, which the signing builder refuses
 * (its schema has the fee minimums) while the genesis schema exempts them (protocol.md §5).
 */
function signGenesisTransaction(draft: TransactionData, keys: KeyPair, ctx: ChainContext): TransactionData {
  const tx: TransactionData = { ...draft };
  tx.signature = toHex(schnorrSign(signingHash(tx), keys.privateKey));
  tx.id = transactionId(tx);
  validateTransaction(tx, ctx, { genesis: true });
  return tx;
}

function base(ctx: ChainContext, keys: KeyPair, type: number, nonce: bigint): TransactionData {
  return {
    version: 2,
    network: ctx.network.network.pubKeyHash,
    typeGroup: TypeGroup.Core,
    type,
    nonce,
    senderPublicKey: toHex(keys.publicKey),
    fee: 0n,
    amount: 0n,
  };
}

function checkInput(input: GenesisInput): void {
  const milestone = milestoneAt(input.network, 1);
  if (milestone.aip11 !== true || milestone.block.idFullSha256 !== true) {
    throw new Error('buildGenesisBlock: the network needs aip11 and block.idFullSha256 from height 1');
  }
  const usernames = new Set<string>();
  for (const wallet of input.wallets) {
    if (wallet.balance < 0n) throw new Error(`buildGenesisBlock: negative balance for a genesis wallet`);
    if (wallet.username === undefined) continue;
    if (usernames.has(wallet.username))
      throw new Error(`buildGenesisBlock: username "${wallet.username}" twice`);
    usernames.add(wallet.username);
  }
}

/**
 * The genesis block of a Votary chain (design "Genesis"): version-2 transfers from the genesis key to every
 * wallet (the genesis wallet ends negative, as ARK's), then for each wallet with a username its delegate
 * registration (nonce 1) and self-vote (nonce 2). Height 1, reward 0, every fee 0, a true payloadHash (no ARK
 * genesis quirk), a full-SHA256 id, signed by the genesis key. Deterministic: same input, same block.
 */
export function buildGenesisBlock(input: GenesisInput): Block {
  checkInput(input);
  const { network } = input;
  const ctx: ChainContext = { network, height: 1 };
  const genesisKeys = keyPairFromPassphrase(input.genesisPassphrase);
  const pubKeyHash = network.network.pubKeyHash;
  const transactions: TransactionData[] = [];

  input.wallets.forEach((wallet, index) => {
    const recipient = addressFromPublicKey(keyPairFromPassphrase(wallet.passphrase).publicKey, pubKeyHash);
    const draft = base(ctx, genesisKeys, CoreType.Transfer, BigInt(index + 1));
    transactions.push(
      signGenesisTransaction(
        { ...draft, amount: wallet.balance, expiration: 0, recipientId: recipient },
        genesisKeys,
        ctx,
      ),
    );
  });
  for (const wallet of input.wallets) {
    if (wallet.username === undefined) continue;
    const keys = keyPairFromPassphrase(wallet.passphrase);
    const registration = base(ctx, keys, CoreType.DelegateRegistration, 1n);
    transactions.push(
      signGenesisTransaction(
        { ...registration, asset: { delegate: { username: wallet.username } } },
        keys,
        ctx,
      ),
    );
    const vote = base(ctx, keys, CoreType.Vote, 2n);
    transactions.push(
      signGenesisTransaction({ ...vote, asset: { votes: [`+${toHex(keys.publicKey)}`] } }, keys, ctx),
    );
  }

  const ids = transactions.map((tx) => tx.id ?? transactionId(tx));
  const header: BlockHeader = {
    version: milestoneAt(network, 1).block.version,
    timestamp: input.timestamp ?? 0,
    height: 1,
    previousBlock: GENESIS_PREVIOUS_BLOCK,
    numberOfTransactions: transactions.length,
    totalAmount: transactions.reduce((sum, tx) => sum + tx.amount, 0n),
    totalFee: 0n,
    reward: 0n,
    payloadLength: 32 * transactions.length,
    payloadHash: payloadHash(ids),
    generatorPublicKey: toHex(genesisKeys.publicKey),
  };
  return { header: signBlock(header, genesisKeys.privateKey, network), transactions };
}

/** The network's nethash: the genesis block's payloadHash (protocol.md §1). */
export function nethashOf(block: Block): string {
  return block.header.payloadHash;
}
