/**
 * The app's own node of the ARK Core testnet network (services/follower): added to the app by ARK Core's URL, its
 * estimate checked against what ARK says of its chain, started, caught up, and then the app's reads of that network
 * — wallets, delegates, the node's status — are the verified copy's, equal to ARK Core's own answers at one height.
 *
 * The interop node forges in ARK's test mode, whose chain holds HTLC locks production rules refuse
 * (follow.interop.ts): the own node's folder is given the network as `votary node --follow --ark-test-mode` leaves it
 * (network.json with `rules.arkTestMode`), which an own node keeps.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PeerPool } from '../../src/core/client';
import { chainDirectoryName } from '../../src/core/node/chain-files';
import type { AppCore } from '../../src/core/services';
import { discoverFollowedNetwork, NETWORK_FILE, saveNetworkFile } from '../../src/core/sync';
import { call, followerOf, openCore, removeDir, tempDir } from '../services/support';
import { ARK_URL, arkGet, arkHeight } from './ark-node';

let dir: string;
let core: AppCore;
let networkId: string;

async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await followerOf(core, networkId))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  dir = tempDir('votary-interop-own-node-');
  core = await openCore(dir, { forging: false });
  const added = await call(core, 'networks:add', { url: `${ARK_URL}/api` });
  networkId = added.id;
  const discovery = await discoverFollowedNetwork(new PeerPool([`${ARK_URL}/api`]));
  const folder = join(dir, 'followed', added.nethash, chainDirectoryName(discovery.network));
  await saveNetworkFile(join(folder, NETWORK_FILE), {
    config: discovery.config,
    rules: { arkTestMode: true },
  });
}, 60_000);

afterAll(async () => {
  await core?.close();
  removeDir(dir);
});

describe('the own node of the ARK Core testnet network, in the app', () => {
  it("estimates from ARK's own figures", async () => {
    const estimate = await call(core, 'follower:estimate', { networkId });
    const height = await arkHeight();
    const total = (await arkGet<{ meta: { totalCount: number } }>('/transactions?limit=1')).meta.totalCount;
    expect(Math.abs(estimate.networkHeight - height)).toBeLessThanOrEqual(1);
    expect(estimate.transactions).toBe(total);
    expect(estimate.storedHeight).toBe(0);
    expect(estimate.seconds).toBeGreaterThan(0);
  });

  it('starts, verifies the whole chain and keeps up with ARK Core', async () => {
    await call(core, 'follower:start', { networkId });
    await until(
      async () => {
        const view = await followerOf(core, networkId);
        return view.state === 'synced' && view.height >= (await arkHeight());
      },
      'the own node to catch up',
      240_000,
    );
    expect(await followerOf(core, networkId)).toMatchObject({ error: null, blocksBehind: 0 });
  }, 300_000);

  it("reads the network from the verified copy: wallets, delegates and status equal ARK Core's", async () => {
    await call(core, 'networks:select', { networkId });
    expect(core.testSeam.chain(networkId).inProcess).toBe(true);
    const wallets = (
      await arkGet<{ data: { address: string; balance: string; nonce: string }[] }>('/wallets?limit=25')
    ).data;
    for (let attempt = 0; ; attempt++) {
      const height = await arkHeight();
      await until(
        async () => (await followerOf(core, networkId)).height >= height,
        `height ${height}`,
        30_000,
      );
      const ours = await Promise.all(
        wallets.map((wallet) => call(core, 'chain:wallet', { address: wallet.address })),
      );
      const theirs = await Promise.all(
        wallets.map((wallet) =>
          arkGet<{ data: { balance: string; nonce: string } }>(`/wallets/${wallet.address}`).then(
            (a) => a.data,
          ),
        ),
      );
      if ((await arkHeight()) !== height && attempt < 4) continue;
      expect(ours.map((w) => [w.address, w.balance, w.nonce])).toEqual(
        wallets.map((w, i) => [w.address, theirs[i]!.balance, theirs[i]!.nonce]),
      );
      break;
    }
    const delegates = await call(core, 'chain:delegates', { limit: 51 });
    const arkDelegates = await arkGet<{ data: { username: string }[] }>('/delegates?limit=51');
    expect(delegates.data.map((d) => d.username).sort()).toEqual(
      arkDelegates.data.map((d) => d.username).sort(),
    );
    const status = await call(core, 'networks:status');
    expect(status).toMatchObject({ networkId, synced: true });
  }, 120_000);
});
