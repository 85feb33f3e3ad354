/**
 * The genesis block of a followed network (src/core/sync/genesis.ts): ARK Core testnet's crypto configuration, as
 * its node serves it (tests/fixtures/ark-testnet-crypto.json, saved from ARK Core 3.9.1), is the preset Votary
 * ships: v1 transactions that no longer hash to their ids, taken as given once nethash, id, counts, totals and the
 * block signature agree. Votary's own localnet genesis hashes to its nethash and is verified in full.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockHeaderToJson } from '../../src/core/protocol/blocks';
import { localnet, localnetGenesis } from '../../src/core/node/localnet';
import { transactionToJson } from '../../src/core/protocol/transactions';
import { followedNetworkOf, type CryptoConfigJson } from '../../src/core/sync';
import { flipHex } from './support';

function arkTestnet(): CryptoConfigJson {
  return JSON.parse(
    readFileSync(join(__dirname, '../fixtures/ark-testnet-crypto.json'), 'utf8'),
  ) as CryptoConfigJson;
}

function localnetConfig(): CryptoConfigJson {
  const genesis = localnetGenesis();
  return {
    network: { ...localnet.network },
    milestones: localnet.milestones,
    exceptions: {},
    genesisBlock: {
      ...blockHeaderToJson(genesis.header, localnet),
      transactions: genesis.transactions.map(transactionToJson),
    },
  };
}

type Tx = Record<string, unknown>;
const transactionsOf = (config: CryptoConfigJson) => config.genesisBlock.transactions as Tx[];

describe('ARK Core testnet’s genesis block', () => {
  it('is accepted as the testnet preset, with its configured ids and ARK’s v1 nonces', () => {
    const { network, genesis } = followedNetworkOf(arkTestnet());
    expect(network.network.name).toBe('testnet');
    expect(genesis.header.id).toBe('17184958558311101492');
    expect(genesis.header.previousBlock).toBe('0');
    const served = transactionsOf(arkTestnet());
    expect(genesis.transactions.map((tx) => tx.id)).toEqual(served.map((tx) => tx.id));
    // The genesis wallet sent 51 transfers: nonces 1…51, as ARK Core stores them.
    const sender = genesis.transactions[0]!.senderPublicKey;
    expect(
      genesis.transactions
        .filter((tx) => tx.senderPublicKey === sender)
        .map((tx) => tx.nonce)
        .at(-1),
    ).toBe(51n);
  });

  it('is refused when a transaction’s amount was changed', () => {
    const config = arkTestnet();
    const first = transactionsOf(config)[0]!;
    first.amount = String(BigInt(first.amount as string) + 1n);
    expect(() => followedNetworkOf(config)).toThrow(/do not add up to its header's totals/);
  });

  it('is refused when its signature was changed', () => {
    const config = arkTestnet();
    config.genesisBlock.blockSignature = flipHex(config.genesisBlock.blockSignature as string, 20);
    expect(() => followedNetworkOf(config)).toThrow(/invalid signature/);
  });

  it('is refused under another network’s name, where it cannot be checked', () => {
    const config = arkTestnet();
    config.network.name = 'somechain';
    expect(() => followedNetworkOf(config)).toThrow(
      /does not hash to the nethash .* not the genesis block of a network Votary ships/,
    );
  });

  it('is refused when its payload hash is not the nethash', () => {
    const config = arkTestnet();
    config.network.nethash = flipHex(config.network.nethash as string);
    expect(() => followedNetworkOf(config)).toThrow(/payload hash .* not the nethash/);
  });
});

describe('Votary’s localnet genesis block', () => {
  it('hashes to its nethash and is verified in full', () => {
    const { genesis } = followedNetworkOf(localnetConfig());
    expect(genesis.header.id).toBe(localnetGenesis().header.id);
  });

  it('is refused when a transaction was changed', () => {
    const config = localnetConfig();
    const tx = transactionsOf(config)[0]!;
    tx.amount = String(BigInt(tx.amount as string) + 1n);
    expect(() => followedNetworkOf(config)).toThrow(/genesis block/);
  });
});
