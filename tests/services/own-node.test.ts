/**
 * A remote network's own node in the app (services/follower): a Votary peer of a test network over real HTTP,
 * added to the app as a remote network; the app tells what its own node would take, starts it, reads the network
 * from the verified copy, sends through it (relayed to the peer), follows new blocks, stops it, and starts it again
 * with the app.
 */
import { nodeParts } from '../../src/core/node/parts';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import type { AppCore } from '../../src/core/services';
import type { OwnNodeView } from '../../src/shared/domain/own-node';
import { createTestChain, forgeBlock, sign, type TestChain } from '../node/support/chain-fixture';
import { call, followerOf, nextEvent, openCore, removeDir, savedOwnNodes, tempDir } from './support';

let chain: TestChain;
let peerDir: string;
let peer: LocalNode;
let peerApi: ApiServer;
let peerUrl: string;
let dir: string;
let core: AppCore;
let networkId: string;

function transfer(from: number, nonce: bigint, amount: bigint) {
  return sign(
    chain,
    { type: 0, nonce, amount, recipientId: chain.users[(from + 1) % chain.users.length]!.address },
    chain.users[from]!.passphrase,
  );
}

beforeAll(async () => {
  chain = createTestChain({ users: 4 });
  peerDir = tempDir('votary-own-node-peer-');
  peer = await LocalNode.start({
    dataDir: peerDir,
    followed: { network: chain.network, genesis: chain.genesis },
  });
  for (let i = 0; i < 30; i++) {
    peer.applyBlock(forgeBlock(chain, nodeParts(peer).store, i % 10 === 0 ? [transfer(i / 10, 1n, 5n)] : []));
  }
  peerApi = createApiServer({ node: peer, publicPort: 0, port: 0 });
  peerUrl = (await peerApi.listen()).publicUrl;
  dir = tempDir('votary-own-node-app-');
  core = await openCore(dir);
  networkId = (await call(core, 'networks:add', { url: peerUrl })).id;
});

afterAll(async () => {
  await core?.close();
  await peerApi?.close();
  await peer?.stop();
  removeDir(dir);
  removeDir(peerDir);
});

const synced = (height: () => number) => (view: OwnNodeView) =>
  view.networkId === networkId && view.state === 'synced' && view.height === height();

describe("a remote network's own node", () => {
  it('is off by default, and refused for the embedded localnet', async () => {
    expect(await call(core, 'follower:list')).toEqual([
      expect.objectContaining({ networkId, state: 'off', apiUrl: null }),
    ]);
    expect(await core.handleRequest('follower:start', { networkId: 'embedded' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_OWN_NODE_REMOTE_ONLY' },
    });
    expect(await core.handleRequest('follower:estimate', { networkId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_UNKNOWN_NETWORK' },
    });
  });

  it('tells the disk and the time it will take before it starts', async () => {
    const estimate = await call(core, 'follower:estimate', { networkId });
    expect(estimate).toMatchObject({
      networkId,
      networkHeight: peer.height,
      // The genesis block's transactions and the three transfers.
      transactions: ((await peerGet('/transactions?limit=1')) as { meta: { totalCount: number } }).meta
        .totalCount,
      storedHeight: 0,
      directory: join(dir, 'followed', chain.network.network.nethash, chain.network.network.name),
    });
    expect(estimate.diskBytes).toBeGreaterThan(0);
    expect(estimate.diskBytesToCome).toBe(estimate.diskBytes);
    expect(estimate.seconds).toBeGreaterThanOrEqual(1);
  });

  it('starts, verifies the whole chain, and answers for the network from then on', async () => {
    await call(core, 'networks:select', { networkId });
    expect(core.testSeam.chain(networkId).inProcess).toBe(false);
    const events: OwnNodeView[] = [];
    let announced = 0;
    const off = core.subscribe((name, payload) => {
      if (name === 'follower:status') events.push(payload as OwnNodeView);
      if (name === 'networks:block') announced += 1;
    });
    const caughtUp = nextEvent<OwnNodeView>(
      core,
      'follower:status',
      synced(() => peer.height),
    );
    const started = await call(core, 'follower:start', { networkId });
    // The follower's first step runs after start() returns (core/sync follower.ts loop): it may still be starting.
    expect(['starting', 'syncing', 'synced']).toContain(started.state);
    expect(started.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const view = await caughtUp;
    off();
    expect(events[0]?.state).toBe('starting');
    // Catching up, blocks are not announced one by one (the screens would re-read 30 times): only the last few.
    expect(announced).toBeLessThanOrEqual(5);
    expect(view.peers).toEqual([
      expect.objectContaining({ url: peerUrl.replace(/\/api$/, ''), height: peer.height, banned: null }),
    ]);

    expect(core.testSeam.chain(networkId).inProcess).toBe(true);
    const status = await call(core, 'networks:status');
    expect(status).toMatchObject({ networkId, height: peer.height, synced: true });
    const user = chain.users[0]!.address;
    const wallet = await call(core, 'chain:wallet', { address: user });
    const peerWallet = (await peerGet(`/wallets/${user}`)) as { data: { balance: string; nonce: string } };
    expect(wallet).toMatchObject({ balance: peerWallet.data.balance, nonce: '1' });
  });

  it('sends through its own pool to the peers, and follows the block that confirms it', async () => {
    const tx = transfer(0, 2n, 7n);
    const answer = await core.testSeam.chain(networkId).broadcast([tx]);
    expect(answer).toMatchObject({ accept: [tx.id], broadcast: [tx.id], invalid: [] });
    // Relayed: the peer's pool has it.
    await until(async () => {
      const found = await peerApi.publicApp.inject({
        url: `/api/transactions/unconfirmed/${tx.id!}`,
        headers: { host: new URL(peerUrl).host },
      });
      return found.statusCode === 200;
    }, 'the relay');
    const block = forgeBlock(chain, nodeParts(peer).store, [tx]);
    const followed = nextEvent<{ height: number }>(
      core,
      'networks:block',
      (event) => event.height === block.header.height,
    );
    peer.applyBlock(block);
    await followed;
    expect((await call(core, 'chain:wallet', { address: chain.users[0]!.address })).nonce).toBe('2');
  });

  it('stops, keeps its verified chain, and tells what is left to come', async () => {
    const stopped = await call(core, 'follower:stop', { networkId });
    expect(stopped).toMatchObject({ state: 'off', apiUrl: null });
    expect(core.testSeam.chain(networkId).inProcess).toBe(false);
    expect(savedOwnNodes(dir)).toEqual([]);
    for (let i = 0; i < 5; i++) peer.applyBlock(forgeBlock(chain, nodeParts(peer).store));
    const estimate = await call(core, 'follower:estimate', { networkId });
    expect(estimate).toMatchObject({ storedHeight: peer.height - 5, networkHeight: peer.height });
    expect(estimate.diskBytesToCome).toBeLessThan(estimate.diskBytes);
  });

  it('starts again with the app when it was running, and catches up from where it was', async () => {
    await call(core, 'follower:start', { networkId });
    expect(savedOwnNodes(dir)).toEqual([networkId]);
    await core.close();
    peer.applyBlock(forgeBlock(chain, nodeParts(peer).store));
    core = await openCore(dir);
    expect((await call(core, 'follower:list'))[0]?.state).not.toBe('off');
    await until(async () => {
      const view = await followerOf(core, networkId);
      return view.state === 'synced' && view.height === peer.height;
    }, 'the restored own node');
    expect(core.testSeam.chain(networkId).inProcess).toBe(true);
  });

  it('stops with the network it follows when that network is removed', async () => {
    await call(core, 'networks:remove', { networkId });
    expect(savedOwnNodes(dir)).toEqual([]);
    expect(await call(core, 'follower:list')).toEqual([]);
  });
});

async function peerGet(path: string): Promise<unknown> {
  return (
    await peerApi.publicApp.inject({ url: `/api${path}`, headers: { host: new URL(peerUrl).host } })
  ).json();
}

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an own node whose peers serve another network', () => {
  it('does not start, says why, and leaves the network read from its peers', async () => {
    const first = createTestChain({ users: 1 });
    const other = createTestChain({ users: 2 });
    const dirs = [
      tempDir('votary-own-node-a-'),
      tempDir('votary-own-node-b-'),
      tempDir('votary-own-node-app2-'),
    ];
    const nodeA = await LocalNode.start({
      dataDir: dirs[0]!,
      followed: { network: first.network, genesis: first.genesis },
    });
    const apiA = createApiServer({ node: nodeA, publicPort: 0, port: 0 });
    const url = (await apiA.listen()).publicUrl;
    const app = await openCore(dirs[2]!);
    const nodeB = await LocalNode.start({
      dataDir: dirs[1]!,
      followed: { network: other.network, genesis: other.genesis },
    });
    let apiB: ApiServer | undefined;
    try {
      const id = (await call(app, 'networks:add', { url })).id;
      // The same address now answers for another chain.
      await apiA.close();
      apiB = createApiServer({ node: nodeB, publicPort: Number(new URL(url).port), port: 0 });
      await apiB.listen();
      const answer = await app.handleRequest('follower:start', { networkId: id });
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'ERR_SYNC_NETWORK',
          message: expect.stringContaining(other.network.network.nethash) as string,
        },
      });
      expect(await followerOf(app, id)).toMatchObject({
        state: 'failed',
        error: { code: 'ERR_SYNC_NETWORK' },
      });
      expect(app.testSeam.chain(id).inProcess).toBe(false);
      expect(savedOwnNodes(dirs[2]!)).toEqual([]);
    } finally {
      await app.close();
      await apiB?.close();
      await apiA.close();
      await nodeA.stop();
      await nodeB.stop();
      dirs.forEach(removeDir);
    }
  });
});
