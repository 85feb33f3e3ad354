/**
 * LocalChain (src/core/chain-access/local-chain.ts) over a real LocalNode and its API server: the reads are the server's
 * ChainQueries — the records its routes answer from — with no request at all (the server's hook counts none, its
 * socket sees no connection), broadcast goes straight into the node's pool, the account follows the pool's nonces,
 * and the node's blocks and reverts arrive as events with their transactions.
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { LocalChain, type ChainEvent } from '../../src/core/chain-access';
import { isNotFound } from '../../src/core/client';
import { localnet, localnetWallet } from '../../src/core/node/localnet';
import { LocalNode } from '../../src/core/node/node';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { epochUnixMs, milestoneAt } from '../../src/core/protocol/networks';
import { signTransaction, type TransactionData } from '../../src/core/protocol/transactions';

let dataDir: string;
let node: LocalNode;
let server: ApiServer;
let chain: LocalChain;
let connections = 0;
let answered = 0;
const clock = { now: 0 };
const faucet = localnetWallet('faucet');
const recipient = addressFromPassphrase('votary local chain recipient', localnet.network.pubKeyHash);

function forge(): void {
  clock.now += milestoneAt(localnet, 1).blocktime * 1000;
  const outcome = nodeParts(node).forger.forgeAt(clock.now);
  if (outcome.kind !== 'forged') throw new Error(`slot not forged: ${JSON.stringify(outcome)}`);
}

function transfer(nonce: bigint, amount: bigint): TransactionData {
  return signTransaction(
    { type: 0, nonce, amount, recipientId: recipient },
    { passphrase: faucet.passphrase },
    { network: localnet, height: node.height + 1 },
  );
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'votary-local-chain-'));
  clock.now = epochUnixMs(localnet) + 1_000_000_000;
  node = await LocalNode.start({ dataDir, forging: false, now: () => clock.now });
  forge();
  server = createApiServer({ node, publicPort: 0, port: 0, now: () => clock.now });
  server.publicApp.addHook('onResponse', (_request, _reply, done) => {
    answered += 1;
    done();
  });
  const { publicUrl } = await server.listen();
  server.publicApp.server.on('connection', () => (connections += 1));
  chain = new LocalChain({ networkId: 'localnet', node, api: { queries: server.queries, url: publicUrl } });
});

afterAll(async () => {
  await server.close();
  await node.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('LocalChain', () => {
  it("reads the server's ChainQueries in this process: no request, no connection", async () => {
    expect(chain.reads).toBe(server.queries);
    expect(chain.inProcess).toBe(true);
    expect((await chain.reads.syncing()).height).toBe(node.height);
    const last = await chain.reads.lastBlock();
    expect(last.height).toBe(node.height);
    expect(last.id).toBe(node.lastBlock().id);
    const wallet = await chain.reads.wallet(faucet.address);
    expect(wallet.balance).toBeGreaterThan(0n);
    // A missing wallet is a not-found, as a remote node's 404 is (client/not-found.ts knows both).
    const missing = await chain.reads.wallet(recipient).catch((error: unknown) => error);
    expect(isNotFound(missing)).toBe(true);
    expect(missing).toMatchObject({ code: 'ERR_NOT_FOUND', message: 'Wallet not found' });
    expect(answered).toBe(0);
    expect(connections).toBe(0);
  });

  it('broadcasts into the pool, refuses what the pool refuses, and the account follows the pooled nonces', async () => {
    const before = await chain.account(faucet.address, faucet.publicKey);
    expect(before.height).toBe(node.height);
    expect(before.maxAge).toBe(node.maxTransactionAge);
    const first = transfer(before.nextNonce, 10_000n);
    const answer = await chain.broadcast([first]);
    expect(answer.accept).toEqual([first.id]);
    expect((await chain.reads.unconfirmedTransaction(first.id!)).id).toBe(first.id);
    // The pool holds the first: the next one takes the following nonce, whatever the app says it sent.
    const after = await chain.account(faucet.address, faucet.publicKey, 0n);
    expect(after.nextNonce).toBe(before.nextNonce + 1n);
    const again = await chain.broadcast([first]);
    expect(again.invalid).toEqual([first.id]);
    expect(again.errors[first.id!]?.type).toBe('ERR_DUPLICATE');
  });

  it('reports the node’s blocks with their transactions, then its sync, until unwatched', async () => {
    const events: ChainEvent[] = [];
    const unwatch = chain.watch((event) => events.push(event));
    const tx = transfer((await chain.account(faucet.address, faucet.publicKey)).nextNonce, 20_000n);
    await chain.broadcast([tx]);
    forge();
    const [block, sync] = events;
    expect(block).toMatchObject({ kind: 'block', tip: { height: node.height, id: node.lastBlock().id } });
    expect(block?.kind === 'block' ? block.block?.map((t) => t.id) : []).toContain(tx.id);
    expect(sync).toEqual({ kind: 'sync', height: node.height, syncing: false, blocksBehind: 0 });

    events.length = 0;
    const height = node.height;
    node.revertBlocks(1);
    const [revert] = events;
    expect(revert).toMatchObject({ kind: 'revert', tip: { height: height - 1, id: node.lastBlock().id } });
    expect(revert?.kind === 'revert' ? revert.reverted.map((t) => t.id) : []).toContain(tx.id);

    unwatch();
    events.length = 0;
    forge();
    expect(events).toEqual([]);
  });

  it('as a follower: says how far behind it is, paces its sync events while catching up, and relays what it accepts', async () => {
    let behind = 50;
    let now = 0;
    const relayed: TransactionData[][] = [];
    const follower = new LocalChain({
      networkId: 'followed',
      node,
      api: { queries: server.queries, url: 'http://127.0.0.1:1/api' },
      sync: { blocksBehind: () => behind, relay: (transactions) => relayed.push([...transactions]) },
      now: () => now,
    });
    expect(follower.localApiUrl).toBe('http://127.0.0.1:1/api');
    expect(chain.localApiUrl).toBeUndefined();
    const events: ChainEvent[] = [];
    const unwatch = follower.watch((event) => events.push(event));
    forge();
    forge();
    // Catching up: each block says so, and one sync event within the second.
    expect(events.map((event) => event.kind)).toEqual(['block', 'sync', 'block']);
    expect(events[0]).toMatchObject({ kind: 'block', catchingUp: true });
    expect(events[1]).toEqual({ kind: 'sync', height: node.height - 1, syncing: true, blocksBehind: 50 });
    now += 1_000;
    forge();
    expect(events.at(-1)).toEqual({ kind: 'sync', height: node.height, syncing: true, blocksBehind: 50 });
    // Caught up: announced at once, block by block.
    events.length = 0;
    behind = 0;
    forge();
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'block',
        tip: expect.objectContaining({ height: node.height }) as unknown,
      }),
      { kind: 'sync', height: node.height, syncing: false, blocksBehind: 0 },
    ]);
    expect(events[0]).not.toHaveProperty('catchingUp');
    unwatch();

    const tx = transfer((await follower.account(faucet.address, faucet.publicKey)).nextNonce, 30_000n);
    const refused = { ...transfer(1n, 1n), signature: '00'.repeat(64) };
    const answer = await follower.broadcast([tx, refused]);
    expect(answer.accept).toEqual([tx.id]);
    expect(relayed).toEqual([[tx]]);
  });
});
