import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockStore, verifyChain } from '../../../src/core/node/block-store';
import { addBlock, BURN_ADDRESS, createTestChain, openStore, sign, TOKEN } from '../support/chain-fixture';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-chain-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('restart', () => {
  it('reopens a file database at the same tip and state, reading it from disk (no replay)', () => {
    const chain = createTestChain();
    const dir = tempDir();
    const store = openStore(chain, dir);
    const [alice, bob] = [chain.users[0]!, chain.users[1]!];
    addBlock(chain, store, [
      sign(chain, { type: 0, nonce: 1n, amount: 3n * TOKEN, recipientId: bob.address }, alice.passphrase),
    ]);
    addBlock(chain, store);
    const tip = store.lastBlock();
    const wallet = store.state().wallet(bob.address);
    const supply = store.supply();
    store.close();

    const reopened = openStore(chain, dir);
    expect(reopened.db.name).toBe(join(dir, 'votarytest', 'chain.db'));
    expect(reopened.lastBlock()).toEqual(tip);
    expect(reopened.state().wallet(bob.address)).toEqual(wallet);
    expect(reopened.supply()).toEqual(supply);
    // A row changed on disk shows up as is: the state was read, not rebuilt from the blocks.
    reopened.db.prepare('UPDATE wallets SET balance = 1 WHERE address = ?').run(bob.address);
    reopened.close();
    const third = openStore(chain, dir);
    expect(third.state().wallet(bob.address).balance).toBe(1n);
    addBlock(chain, third);
    expect(third.height()).toBe(4);
    third.close();
  });

  it('refuses a database of another chain', () => {
    const dir = tempDir();
    openStore(createTestChain(), dir).close();
    const other = createTestChain({ users: 2 });
    expect(() => BlockStore.open({ dataDir: dir, network: other.network, genesis: other.genesis })).toThrow(
      /belongs to the chain with nethash/,
    );
  });
});

describe('verifyChain', () => {
  it('passes on a good chain and reports a wallet corrupted in the database', () => {
    const chain = createTestChain();
    const store = openStore(chain);
    const [alice, bob] = [chain.users[0]!, chain.users[1]!];
    addBlock(chain, store, [
      sign(chain, { type: 0, nonce: 1n, amount: 3n * TOKEN, recipientId: bob.address }, alice.passphrase),
      sign(
        chain,
        { type: 3, nonce: 1n, asset: { votes: [`+${chain.delegates[0]!.publicKey}`] } },
        bob.passphrase,
      ),
    ]);
    addBlock(chain, store);
    expect(verifyChain(store)).toEqual({ verified: true, height: 3, differences: [] });

    store.db.prepare('UPDATE wallets SET balance = balance + 1 WHERE address = ?').run(bob.address);
    const result = verifyChain(store);
    expect(result.verified).toBe(false);
    expect(result.differences.some((line) => line.startsWith(`wallet ${bob.address}`))).toBe(true);
    expect(result.differences.some((line) => line.startsWith('delegate delegate1: voteBalance'))).toBe(true);
    store.close();
  });
});

describe('supply', () => {
  it('total = genesis + rewards; burned = the burn address balance; circulation = total − burned', () => {
    const chain = createTestChain();
    const store = openStore(chain);
    const genesisTotal = chain.genesis.header.totalAmount;
    expect(store.supply()).toEqual({ total: genesisTotal, burned: 0n, circulation: genesisTotal });
    const alice = chain.users[0]!;
    addBlock(chain, store, [
      sign(chain, { type: 0, nonce: 1n, amount: 7n * TOKEN, recipientId: BURN_ADDRESS }, alice.passphrase),
    ]);
    addBlock(chain, store);
    expect(store.supply()).toEqual({
      total: genesisTotal + 4n * TOKEN,
      burned: 7n * TOKEN,
      circulation: genesisTotal + 4n * TOKEN - 7n * TOKEN,
    });
    store.close();
  });
});
