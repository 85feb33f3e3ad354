/**
 * Test chains for the node tests: a network with every milestone from height 1 (as localnet), a genesis block
 * with 21 delegates and a few funded users, and helpers that sign transactions and forge blocks in the right
 * slot with the right key.
 */
import { payloadHash, signBlock, type Block, type BlockHeader } from '../../../src/core/protocol/blocks';
import { addressFromPassphrase, keyPairFromPassphrase } from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import { devnet, milestoneAt, type Network, type RawMilestone } from '../../../src/core/protocol/networks';
import { forgerIndex, roundInfo } from '../../../src/core/protocol/rounds';
import { slotNumber, unixMsFromEpoch } from '../../../src/core/protocol/time';
import {
  signTransaction,
  transactionId,
  type Signer,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';
import { buildGenesisBlock, nethashOf, type GenesisWalletSpec } from '../../../src/core/node/genesis';
import { BlockStore } from '../../../src/core/node/block-store';

export const TOKEN = 100_000_000n;

export const TEST_MILESTONES: RawMilestone[] = [
  {
    height: 1,
    reward: 200000000,
    activeDelegates: 21,
    blocktime: 8,
    block: {
      version: 0,
      maxTransactions: 150,
      maxPayload: 6300000,
      acceptExpiredTransactionTimestamps: false,
      idFullSha256: true,
    },
    epoch: '2017-03-21T13:00:00.000Z',
    fees: { staticFees: { ...milestoneAt(devnet, 1).fees.staticFees } },
    vendorFieldLength: 255,
    multiPaymentLimit: 128,
    aip11: true,
    htlcEnabled: true,
    aip36: true,
    aip37: true,
  },
];

export const BURN_ADDRESS = addressFromPassphrase('votary test burn address', 30);

function makeNetwork(nethash: string, genesis?: Block): Network {
  const header = genesis?.header;
  return {
    network: {
      name: 'votarytest',
      messagePrefix: 'VOTARY test message:\n',
      bip32: { public: 46090600, private: 46089520 },
      pubKeyHash: 30,
      nethash,
      wif: 170,
      slip44: 1,
      aip20: 1,
      burnAddress: BURN_ADDRESS,
      client: { token: 'VTEST', symbol: 'VT', explorer: '' },
    },
    milestones: TEST_MILESTONES,
    genesisBlock: {
      id: header?.id ?? '0'.repeat(64),
      height: 1,
      timestamp: header?.timestamp ?? 0,
      payloadHash: nethash,
      generatorPublicKey: header?.generatorPublicKey ?? '',
      numberOfTransactions: header?.numberOfTransactions ?? 0,
      totalAmount: (header?.totalAmount ?? 0n).toString(),
    },
  };
}

export interface TestAccount {
  passphrase: string;
  publicKey: string;
  address: string;
}

export interface TestChain {
  network: Network;
  genesis: Block;
  genesisAccount: TestAccount;
  delegates: TestAccount[];
  users: TestAccount[];
}

function account(passphrase: string): TestAccount {
  const publicKey = toHex(keyPairFromPassphrase(passphrase).publicKey);
  return { passphrase, publicKey, address: addressFromPassphrase(passphrase, 30) };
}

export const DELEGATE_BALANCE = 1_000n * TOKEN;
export const USER_BALANCE = 10_000n * TOKEN;

/** The same chain every time: 21 delegates (delegate1…), `users` funded users, a burn-address wallet. */
export function createTestChain(options: { delegates?: number; users?: number } = {}): TestChain {
  const delegates = Array.from({ length: options.delegates ?? 21 }, (_, i) =>
    account(`votary test delegate ${i + 1}`),
  );
  const users = Array.from({ length: options.users ?? 4 }, (_, i) => account(`votary test user ${i + 1}`));
  const wallets: GenesisWalletSpec[] = [
    ...delegates.map((d, i) => ({
      passphrase: d.passphrase,
      balance: DELEGATE_BALANCE,
      username: `delegate${i + 1}`,
    })),
    ...users.map((u) => ({ passphrase: u.passphrase, balance: USER_BALANCE })),
  ];
  const genesisPassphrase = 'votary test genesis';
  const draft = makeNetwork('0'.repeat(64));
  const genesis = buildGenesisBlock({ network: draft, genesisPassphrase, wallets });
  const network = makeNetwork(nethashOf(genesis), genesis);
  return { network, genesis, genesisAccount: account(genesisPassphrase), delegates, users };
}

export function openStore(chain: TestChain, dataDir?: string): BlockStore {
  return BlockStore.open({ network: chain.network, genesis: chain.genesis, ...(dataDir ? { dataDir } : {}) });
}

/** Signs a draft at a height (the milestone in force there). */
export function sign(
  chain: TestChain,
  draft: TransactionDraft,
  signer: Signer | string,
  height = 2,
): TransactionData {
  const s = typeof signer === 'string' ? { passphrase: signer } : signer;
  return signTransaction(draft, s, { network: chain.network, height });
}

export interface ForgeOptions {
  /** Slot to forge in; default the slot after the last block's. */
  slot?: number;
  /** Sign with this passphrase instead of the slot owner's. */
  generator?: string;
  /** Change the header before it is signed (to build invalid blocks). */
  header?: (header: BlockHeader) => void;
}

/** A block on top of the store's tip, signed by the owner of its slot (unless told otherwise). */
export function forgeBlock(
  chain: TestChain,
  store: BlockStore,
  transactions: TransactionData[] = [],
  options: ForgeOptions = {},
): Block {
  const last = store.lastBlock();
  const height = last.height + 1;
  const milestone = milestoneAt(chain.network, height);
  const slot = options.slot ?? slotNumber(last.timestamp, milestone.blocktime) + 1;
  const owner = store.roundDelegates(roundInfo(height, chain.network).round)[
    forgerIndex(slot, milestone.activeDelegates)
  ];
  const passphrase = options.generator ?? chain.delegates.find((d) => d.publicKey === owner)?.passphrase;
  if (passphrase === undefined) throw new Error(`no passphrase for the owner of slot ${slot}`);
  const keys = keyPairFromPassphrase(passphrase);
  const header: BlockHeader = {
    version: milestone.block.version,
    timestamp: slot * milestone.blocktime,
    height,
    previousBlock: last.id,
    numberOfTransactions: transactions.length,
    totalAmount: transactions.reduce((sum, tx) => sum + tx.amount, 0n),
    totalFee: transactions.reduce((sum, tx) => sum + tx.fee, 0n),
    reward: BigInt(milestone.reward),
    payloadLength: 32 * transactions.length,
    payloadHash: payloadHash(transactions.map((tx) => tx.id ?? transactionId(tx))),
    generatorPublicKey: toHex(keys.publicKey),
  };
  options.header?.(header);
  return { header: signBlock(header, keys.privateKey, chain.network), transactions };
}

/** The unix ms at which a block is current (for applyBlock's future-timestamp rule). */
export function nowFor(chain: TestChain, block: Block): number {
  return unixMsFromEpoch(block.header.timestamp, chain.network);
}

/** Forges and applies a block; returns it. */
export function addBlock(chain: TestChain, store: BlockStore, transactions: TransactionData[] = []): Block {
  const block = forgeBlock(chain, store, transactions);
  store.applyBlock(block, { now: nowFor(chain, block) });
  return block;
}
