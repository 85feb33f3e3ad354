/**
 * Builds the content of resources/networks/localnet/*. Pure and deterministic: the same code gives
 * the same bytes, because every key comes from a fixed label, the genesis timestamp is fixed and signatures are
 * deterministic (RFC6979 ECDSA for the block, deterministic Schnorr for the transactions).
 */
import { blockHeaderToJson, serializeBlock, type Block } from '../../protocol/blocks';
import { addressFromPublicKey, keyPairFromPassphrase } from '../../protocol/crypto';
import { toHex } from '../../protocol/hex';
import type { Network } from '../../protocol/networks';
import { buildGenesisBlock, nethashOf } from '../genesis';
import { BURN_ADDRESS_LABEL, LOCALNET_PUB_KEY_HASH, localnetMilestones, localnetParams } from './params';
import {
  GENESIS_LABEL,
  LOCALNET_TOTAL_SUPPLY,
  TEST_ONLY_NOTE,
  deriveLocalnetWallets,
  passphraseFromLabel,
  type LocalnetWallet,
} from './wallets';

/** The genesis block's timestamp: the first second of the epoch. */
export const LOCALNET_GENESIS_TIMESTAMP = 0;

export type LocalnetFileName = 'network.json' | 'milestones.json' | 'genesis.json' | 'wallets.json';
export type LocalnetFiles = Record<LocalnetFileName, string>;

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function walletJson(wallet: LocalnetWallet) {
  return { ...wallet, balance: wallet.balance.toString() };
}

/** The network with a given nethash and genesis summary (the summary is unknown until the block is built). */
function networkWith(nethash: string, genesis: Block | undefined): Network {
  const header = genesis?.header;
  return {
    network: localnetParams(nethash),
    milestones: localnetMilestones(),
    genesisBlock: {
      id: header?.id ?? '',
      height: 1,
      timestamp: LOCALNET_GENESIS_TIMESTAMP,
      payloadHash: header?.payloadHash ?? '',
      generatorPublicKey: header?.generatorPublicKey ?? '',
      numberOfTransactions: header?.numberOfTransactions ?? 0,
      totalAmount: (header?.totalAmount ?? 0n).toString(),
    },
  };
}

export function buildLocalnetFiles(): LocalnetFiles {
  const wallets = deriveLocalnetWallets();
  const genesisPassphrase = passphraseFromLabel(GENESIS_LABEL);
  // Transaction bytes carry the network byte, not the nethash, so the block can be built before the nethash is
  // known; the nethash is then its payloadHash (protocol reference §1).
  const block = buildGenesisBlock({
    network: networkWith('', undefined),
    genesisPassphrase,
    wallets: wallets.map((w) => ({
      passphrase: w.passphrase,
      balance: w.balance,
      ...(w.username === undefined ? {} : { username: w.username }),
    })),
    timestamp: LOCALNET_GENESIS_TIMESTAMP,
  });
  if (block.header.totalAmount !== LOCALNET_TOTAL_SUPPLY) {
    throw new Error(`genesis total ${block.header.totalAmount} is not the supply ${LOCALNET_TOTAL_SUPPLY}`);
  }
  const network = networkWith(nethashOf(block), block);
  const genesisPublicKey = toHex(keyPairFromPassphrase(genesisPassphrase).publicKey);
  return {
    'network.json': json(network.network),
    'milestones.json': json(network.milestones),
    'genesis.json': json({
      ...blockHeaderToJson(block.header, network),
      serialized: toHex(serializeBlock(block, network)),
    }),
    'wallets.json': json({
      note: TEST_ONLY_NOTE,
      testOnly: true,
      howDerived:
        'passphrase = BIP39 entropyToMnemonic(SHA256(label)); see src/core/node/localnet/wallets.ts for the labels',
      genesis: {
        label: GENESIS_LABEL,
        publicKey: genesisPublicKey,
        address: addressFromPublicKey(genesisPublicKey, LOCALNET_PUB_KEY_HASH),
      },
      burnAddress: {
        address: network.network.burnAddress,
        howDerived: `Base58Check(30 ‖ first 20 bytes of SHA256("${BURN_ADDRESS_LABEL}")): no public key hashes to it`,
      },
      totalSupply: LOCALNET_TOTAL_SUPPLY.toString(),
      wallets: wallets.map(walletJson),
    }),
  };
}
