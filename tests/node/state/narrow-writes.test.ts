/**
 * A block's generator is written with two narrow UPDATEs when only its balance and forging record changed
 * (WalletRepository.saveChanged), every other change with the full upsert. Whichever was taken, the rows on disk
 * must read back as the state the node holds in memory: checked for every wallet a block changed, over rounds of
 * blocks with transfers (senders, recipients, new wallets), votes and a delegate registration.
 */
import { describe, expect, it } from 'vitest';
import { WalletRepository } from '../../../src/core/db/repositories';
import { addBlock, createTestChain, openStore, sign, TOKEN } from '../support/chain-fixture';

const chain = createTestChain({ users: 6 });

describe('narrow wallet writes', () => {
  it('leave the stored rows equal to the state in memory, block after block', () => {
    const store = openStore(chain);
    const rows = new WalletRepository(store.db);
    const nonces = new Map<string, bigint>();
    const next = (address: string) => {
      const nonce = (nonces.get(address) ?? 0n) + 1n;
      nonces.set(address, nonce);
      return nonce;
    };
    for (let height = 2; height <= 60; height++) {
      const txs = [];
      const user = chain.users[height % chain.users.length]!;
      if (height % 3 === 0) {
        txs.push(
          sign(
            chain,
            {
              type: 0,
              nonce: next(user.address),
              amount: TOKEN,
              recipientId: chain.delegates[height % 21]!.address,
            },
            user.passphrase,
          ),
        );
      }
      if (height === 10) {
        const voter = chain.users[0]!;
        txs.push(
          sign(
            chain,
            { type: 3, nonce: next(voter.address), asset: { votes: [`+${chain.delegates[2]!.publicKey}`] } },
            voter.passphrase,
          ),
        );
      }
      const block = addBlock(chain, store, txs);
      const changed = [
        store.state().walletByPublicKey(block.header.generatorPublicKey).address,
        ...chain.users.map((u) => u.address),
        ...chain.delegates.map((d) => d.address),
      ];
      for (const address of changed) {
        expect(rows.get(address), `${address} after block ${height}`).toEqual(store.state().wallet(address));
      }
    }
    store.close();
  });
});
