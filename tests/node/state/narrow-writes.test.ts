/**
 * A block's generator is written with two narrow UPDATEs when only its balance and forging record changed
 * (WalletRepository.saveChanged), every other change with the full upsert. Whichever was taken, the rows on disk
 * must read back as the state the node holds in memory: checked for every wallet a block changed, over rounds of
 * blocks with transfers (senders, recipients, new wallets), votes and a delegate registration.
 */
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { WalletRepository } from '../../../src/core/db/repositories';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { addBlock, createTestChain, openStore, sign, TOKEN } from '../support/chain-fixture';

const chain = createTestChain({ users: 6 });

/**
 * Records every write that assigns a wallet's columns besides balance and nonce (an upsert assigns them all);
 * returns the addresses written so far.
 */
function watchRewrites(db: Database.Database): () => string[] {
  db.exec(`CREATE TEMP TABLE rewritten (address TEXT NOT NULL);
    CREATE TEMP TRIGGER rewritten_columns AFTER UPDATE OF public_key, second_public_key, multi_signature, vote,
      locked_balance, business ON main.wallets BEGIN INSERT INTO rewritten (address) VALUES (NEW.address); END;`);
  const read = db.prepare<[], { address: string }>('SELECT address FROM rewritten');
  return () => read.all().map((row) => row.address);
}

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

  it("re-rank every delegate at a round's start without rewriting their wallets' rows, and store the same rows", () => {
    const store = openStore(chain);
    const rows = new WalletRepository(store.db);
    const rewritten = watchRewrites(store.db);
    const rounds = new Set<number>();
    // Past two rounds' starts: each sets every delegate's round (and rank) in the delegates table.
    for (let height = 2; height <= 45; height++) {
      addBlock(chain, store, []);
      for (const delegate of chain.delegates) {
        const wallet = store.state().walletByPublicKey(delegate.publicKey);
        rounds.add(wallet.delegate!.round!);
        expect(rows.get(wallet.address), `${delegate.address} after block ${height}`).toEqual(wallet);
      }
    }
    expect(rounds.size).toBeGreaterThan(2);
    expect(rewritten()).toEqual([]);
    store.close();
  });

  it("write a transfer's sender and recipient without assigning their other columns, and store the same rows", () => {
    const store = openStore(chain);
    const rows = new WalletRepository(store.db);
    const rewritten = watchRewrites(store.db);
    const sender = chain.users[1]!;
    const recipient = addressFromPassphrase('narrow writes: a recipient without a key', 30);
    const transfer = (nonce: bigint) =>
      sign(chain, { type: 0, nonce, amount: TOKEN, recipientId: recipient }, sender.passphrase);
    // The first transfer stores the sender's key and creates the recipient: whole rows.
    addBlock(chain, store, [transfer(1n)]);
    store.db.exec('DELETE FROM rewritten');
    addBlock(chain, store, [transfer(2n)]);
    addBlock(chain, store, [transfer(3n), transfer(4n)]);
    expect(rewritten()).not.toContain(sender.address);
    expect(rewritten()).not.toContain(recipient);
    for (const address of [sender.address, recipient]) {
      expect(rows.get(address)).toEqual(store.state().wallet(address));
    }
    expect(rows.get(sender.address)?.nonce).toBe(4n);
    expect(rows.get(recipient)?.balance).toBe(4n * TOKEN);
    // Reverted, the rows go back as well.
    store.revertLastBlock();
    expect(rows.get(sender.address)).toEqual(store.state().wallet(sender.address));
    expect(rows.get(sender.address)?.nonce).toBe(2n);
    expect(rows.get(recipient)?.balance).toBe(2n * TOKEN);
    store.close();
  });
});
