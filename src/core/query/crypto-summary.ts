/**
 * `/node/configuration/crypto` (ark-core-api.md §9.8) as a reader's record: the network's parameters, its raw
 * milestones and the genesis block's summary (the public API answers the whole genesis block; a reader needs only
 * what tells one chain from another).
 */
import type { CryptoConfiguration } from '../domain';
import type { Block } from '../protocol/blocks';
import type { Network } from '../protocol/networks';

export function cryptoSummary(network: Network, genesis: Block): CryptoConfiguration {
  const params = network.network;
  const header = genesis.header;
  return {
    network: {
      name: params.name,
      messagePrefix: params.messagePrefix,
      bip32: { public: params.bip32.public, private: params.bip32.private },
      pubKeyHash: params.pubKeyHash,
      nethash: params.nethash,
      wif: params.wif,
      slip44: params.slip44,
      aip20: params.aip20,
      ...(params.burnAddress === undefined ? {} : { burnAddress: params.burnAddress }),
      client: { token: params.client.token, symbol: params.client.symbol, explorer: params.client.explorer },
    },
    milestones: network.milestones,
    // Votary serves no exceptions here (ARK's own lists are applied, never announced: api.md).
    exceptions: {},
    genesisBlock: {
      id: header.id ?? '',
      height: header.height,
      timestamp: header.timestamp,
      payloadHash: header.payloadHash,
      generatorPublicKey: header.generatorPublicKey,
      numberOfTransactions: header.numberOfTransactions,
      totalAmount: header.totalAmount.toString(),
    },
  };
}
