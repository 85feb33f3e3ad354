import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LeafPrefetcher, MAX_KEYS_PER_HANDOFF, type PrefetchKey } from '../../../src/core/db/leaf-prefetcher';
import { BlockStore } from '../../../src/core/node/block-store';
import { prefetchKeys } from '../../../src/core/node/block-store/chain-threads';
import { LocalNode } from '../../../src/core/node/node';
import type { Block } from '../../../src/core/protocol/blocks';
import { addBlock, createTestChain, forgeBlock, openStore, sign } from '../support/chain-fixture';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-prefetch-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Waits for `done` (vitest's waitUntil, polling every 20 ms for up to 10 s). */
const until = (done: () => boolean) => vi.waitUntil(done, { timeout: 10_000, interval: 20 });

/** A chain on disk with two stored blocks of transfers, and a third block forged on it but not applied. */
function chainWithRun() {
  const chain = createTestChain({ users: 2 });
  const dir = tempDir();
  const store = openStore(chain, dir);
  const [alice, bob] = chain.users;
  const transfer = (nonce: bigint) =>
    sign(chain, { type: 0, nonce, amount: 1_000n + nonce, recipientId: bob!.address }, alice!.passphrase);
  const stored: Block[] = [addBlock(chain, store, [transfer(1n)]), addBlock(chain, store, [transfer(2n)])];
  const next = forgeBlock(chain, store, [transfer(3n)]);
  return { chain, store, stored, next, file: store.db.name };
}

describe('index leaves read ahead on threads of their own', () => {
  it("the threads' connections look up every key of a run: its block ids, transaction ids and wallets", async () => {
    const { store, stored, next, file } = chainWithRun();
    const keys = prefetchKeys([...stored, next]);
    // Each transaction's id, sender and recipient, then the block's id; the sender and recipient once each.
    expect(keys).toEqual([
      ['transactionId', stored[0]!.transactions[0]!.id],
      ['publicKey', stored[0]!.transactions[0]!.senderPublicKey],
      ['address', stored[0]!.transactions[0]!.recipientId],
      ['blockId', stored[0]!.header.id],
      ['transactionId', stored[1]!.transactions[0]!.id],
      ['blockId', stored[1]!.header.id],
      ['transactionId', next.transactions[0]!.id],
      ['blockId', next.header.id],
    ]);
    const prefetcher = LeafPrefetcher.start(file)!;
    try {
      expect(prefetcher.prefetch(keys)).toBe(true);
      await until(() => prefetcher.progress().done === keys.length);
      // Found stored: the two stored blocks and their transactions (4); the sender's wallet, its balance's entry
      // and its last transaction in the sender indexes by key and by address (4); the recipient's wallet, its
      // balance's entry and its last transaction in the recipient index (3). The next block and its transaction are
      // not stored yet (their look-ups read the leaves they will go into).
      expect(prefetcher.progress()).toEqual({ posted: keys.length, done: keys.length, found: 11 });
    } finally {
      prefetcher.close();
      store.close();
    }
  });

  it("a voter's balance entry in the votes' index is read too, and an index the chain lacks skips only its look-up", async () => {
    const { store, stored, file } = chainWithRun();
    const [transfer] = stored[0]!.transactions;
    const sender = store.state().wallet(store.state().addressOf(transfer!.senderPublicKey));
    store.db
      .prepare('UPDATE wallets SET vote = ? WHERE address = ?')
      .run(transfer!.senderPublicKey, sender.address);
    store.db.exec('DROP INDEX api_transactions_sender_address_order');
    const prefetcher = LeafPrefetcher.start(file)!;
    try {
      expect(prefetcher.prefetch([['publicKey', transfer!.senderPublicKey]])).toBe(true);
      await until(() => prefetcher.progress().done === 1);
      // The wallet, its balance's entry, its vote's entry, its last transaction by key; not by address.
      expect(prefetcher.progress().found).toBe(4);
    } finally {
      prefetcher.close();
      store.close();
    }
  });

  it('close() stops the threads mid-hand-off and leaves none running', async () => {
    const { store, next, file } = chainWithRun();
    const prefetcher = LeafPrefetcher.start(file)!;
    // Far more look-ups than the threads do before close() (one hand-off's bound).
    const keys: PrefetchKey[] = Array.from({ length: MAX_KEYS_PER_HANDOFF }, (_, i) => [
      'blockId',
      `${next.header.id!.slice(0, 56)}${i.toString(16).padStart(8, '0')}`,
    ]);
    expect(prefetcher.prefetch(keys)).toBe(true);
    const started = Date.now();
    prefetcher.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(prefetcher.progress().done).toBeLessThan(keys.length);
    let exited = false;
    void prefetcher.exited().then(() => (exited = true));
    await until(() => exited);
    // Closed, it takes nothing more; the chain's own connection still works and closes last.
    expect(prefetcher.prefetch(keys.slice(0, 1))).toBe(false);
    store.close();
  });

  it('refuses a hand-off over its bound, and one to threads that failed, without throwing', async () => {
    const dir = tempDir();
    const notADatabase = join(dir, 'chain.db');
    writeFileSync(notADatabase, 'not a database');
    const failed = LeafPrefetcher.start(notADatabase)!;
    await failed.exited();
    expect(failed.prefetch([['blockId', 'ab']])).toBe(false);
    failed.close();

    const { store, file } = chainWithRun();
    const prefetcher = LeafPrefetcher.start(file)!;
    const tooMany: PrefetchKey[] = Array.from({ length: MAX_KEYS_PER_HANDOFF + 1 }, () => ['address', 'x']);
    expect(prefetcher.prefetch(tooMany)).toBe(false);
    expect(prefetcher.progress().posted).toBe(0);
    prefetcher.close();
    store.close();
  });

  it('a follower hands each downloaded run to the read-ahead threads before it is applied (LocalNode.prepareBlocks)', async () => {
    const { store, next } = chainWithRun();
    store.close();
    const prefetch = vi.spyOn(BlockStore.prototype, 'prefetch');
    const node = await LocalNode.start({ dataDir: tempDir(), forging: false });
    try {
      await node.prepareBlocks([next]);
      expect(prefetch).toHaveBeenCalledWith([next]);
      // A chain on disk has the threads: the hand-off is taken.
      expect(prefetch.mock.results[0]?.value).toBe(true);
    } finally {
      await node.stop();
    }
  });
});
