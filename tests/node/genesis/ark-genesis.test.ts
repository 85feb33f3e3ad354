/**
 * ARK mainnet's and devnet's genesis blocks, whole, as @arkecosystem/crypto-networks ships them (the package a peer's
 * `/node/configuration/crypto` serves them from): accepted against the presets' summaries and applied by the node.
 * Mainnet's holds 1,492 version 1 transactions (1,441 transfers from the genesis wallet and 51 delegate
 * registrations), devnet's 52.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BlockStore } from '../../../src/core/node/block-store';
import { devnet, mainnet, type Network } from '../../../src/core/protocol/networks';
import { followedNetworkOf, type CryptoConfigJson } from '../../../src/core/sync';

const PACKAGE = join(process.cwd(), 'node_modules/@arkecosystem/crypto-networks/dist');

function configOf(name: 'mainnet' | 'devnet'): CryptoConfigJson {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(PACKAGE, name, file), 'utf8'));
  return {
    network: read('network.json'),
    milestones: read('milestones.json'),
    exceptions: read('exceptions.json'),
    genesisBlock: read('genesisBlock.json'),
  } as CryptoConfigJson;
}

describe.each([
  ['mainnet', mainnet, 1492, 51],
  ['devnet', devnet, 52, 51],
] as ['mainnet' | 'devnet', Network, number, number][])(
  '%s genesis block',
  (name, preset, count, delegates) => {
    it('is accepted as the preset’s, every transaction of version 1, and applied: its delegates and balances', () => {
      const { network, genesis } = followedNetworkOf(configOf(name));
      expect(network.network.nethash).toBe(preset.network.nethash);
      expect(genesis.header.id).toBe(preset.genesisBlock.id);
      expect(genesis.transactions).toHaveLength(count);
      expect(genesis.transactions.every((tx) => tx.version === 1)).toBe(true);

      const store = BlockStore.open({ network, genesis });
      const state = store.state();
      expect(store.height()).toBe(1);
      expect(state.delegates()).toHaveLength(delegates);
      // Every amount moved from its sender to its recipient (a genesis block pays no fees): the wallets it touched
      // sum to zero, and each holds what it received less what it sent.
      const addresses = new Set(
        genesis.transactions.flatMap((tx) =>
          [state.addressOf(tx.senderPublicKey), tx.recipientId ?? []].flat(),
        ),
      );
      const expected = new Map<string, bigint>();
      for (const tx of genesis.transactions) {
        const from = state.addressOf(tx.senderPublicKey);
        expected.set(from, (expected.get(from) ?? 0n) - tx.amount);
        if (tx.recipientId !== undefined)
          expected.set(tx.recipientId, (expected.get(tx.recipientId) ?? 0n) + tx.amount);
      }
      let total = 0n;
      for (const address of addresses) {
        expect(state.wallet(address).balance).toBe(expected.get(address));
        total += state.wallet(address).balance;
      }
      expect(total).toBe(0n);
      // Nonces are counted: the genesis wallet's first version 2 nonce is its number of genesis transactions + 1.
      const sender = genesis.transactions[0]!.senderPublicKey;
      const sent = genesis.transactions.filter((tx) => tx.senderPublicKey === sender).length;
      expect(state.walletByPublicKey(sender).nonce).toBe(BigInt(sent));
      store.close();
    });
  },
);
