/**
 * The follower across ARK's version-1 era, on a chain ARK Core 3.9.1 forged itself: ARK Core started with
 * `ARK_AIP11_HEIGHT=N` (scripts/ark-core/run.sh: the testnet preset with aip11 moved to height N) took the version-1
 * transactions of scripts/ark-core/send-v1.js before N — transfers with and without a memo, a second-signature
 * registration and a transfer signed with both passphrases, a delegate registration, a vote and an unvote — and
 * version 2 after it (v1era-legacy.ts: a transfer from a sender of version 1 history, and the legacy business and
 * bridgechain types, which ARK takes between aip11 and aip36). Votary follows that chain from genesis across aip11
 * and finds every block, transaction, wallet (a business's included) and delegate equal to ARK Core's.
 *
 * Run (outside `npm run check`; under the ARK lock, on ports away from 4003/4004, in a base of its own, reset every
 * time: a chain already past height 40 leaves no room for the version-1 transactions):
 *   ARK_RESET=1 ARK_BASE=/var/tmp/ark-core-v1era ARK_API_PORT=15703 ARK_P2P_PORT=15700 ARK_PG_PORT=15732 ARK_AIP11_HEIGHT=40 \
 *     flock /tmp/votary-ark.lock npm run test:interop -- tests/interop/v1era.interop.ts
 */
import { nodeParts } from '../../src/core/node/parts';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { PeerPool } from '../../src/core/client';
import { verifyChain } from '../../src/core/node/block-store';
import { LocalNode } from '../../src/core/node/node';
import { discoverFollowedNetwork, Follower, type Discovery } from '../../src/core/sync';
import { ARK_BASE, ARK_URL, arkGet, arkHeight, arkMilestoneHeight, untilArkHeight } from './ark-node';
import { sendAfterAip11 } from './v1era-legacy';

interface Sent {
  step: string;
  id?: string;
  version?: number;
  height?: number;
}

let dataDir: string;
let node: LocalNode;
let follower: Follower;
let discovery: Discovery;
let api: ApiServer;
let aip11: number;
const sent: Sent[] = [];
const logs: string[] = [];

async function ours(route: string): Promise<unknown> {
  const answer = await api.publicApp.inject({ url: `/api${route}`, headers: { host: '127.0.0.1:4003' } });
  return answer.json();
}

async function until(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(follower.status())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** ARK's and Votary's answers at the same height (Votary waits for ARK's tip first). */
async function both(route: string): Promise<[unknown, unknown]> {
  for (let attempt = 0; ; attempt++) {
    const height = await arkHeight();
    await until(() => node.height >= height, `height ${height}`, 60_000);
    const [mine, theirs] = [await ours(route), await arkGet(route)];
    if ((await arkHeight()) === height) return [mine, theirs];
    if (attempt === 4) throw new Error(`${route}: the chain kept moving`);
  }
}

beforeAll(async () => {
  aip11 = await arkMilestoneHeight('aip11');
  if (aip11 < 14)
    throw new Error(`ARK Core runs aip11 from height ${aip11}: start it with ARK_AIP11_HEIGHT (>= 14)`);
  // The version-1 transactions, while the chain is still before aip11.
  if ((await arkHeight()) + 12 < aip11) {
    // With ARK's own Node 16 and @arkecosystem/crypto (native addons built by run.sh for that Node): the script runs
    // from ARK_BASE, so that its require() finds ARK's node_modules rather than the project's.
    const script = join(ARK_BASE, 'send-v1.js');
    copyFileSync('scripts/ark-core/send-v1.js', script);
    const run = spawnSync(join(ARK_BASE, 'node16/package/bin/node'), [script], {
      cwd: ARK_BASE,
      env: { ...process.env, ARK_API: ARK_URL, CORE_PATH_CONFIG: join(ARK_BASE, 'config') },
      encoding: 'utf8',
      timeout: 600_000,
    });
    if (run.status !== 0) throw new Error(`send-v1.js failed: ${run.stderr}`);
    for (const line of run.stdout.split('\n')) if (line.startsWith('{')) sent.push(JSON.parse(line) as Sent);
  }
  // Version 2 once aip11 is in force (its block's transactions read the milestone before): a transfer from a
  // sender of version 1 history and the legacy business types, while aip36 is still ahead.
  const aip36 = await arkMilestoneHeight('aip36');
  if (sent.length > 0 && (await arkHeight()) < aip36 - 8) {
    await untilArkHeight(aip11, 'aip11');
    sent.push(...(await sendAfterAip11()));
  }
  // A few blocks past aip11, so that the follower crosses it.
  await untilArkHeight(aip11 + 3, 'a few blocks past aip11');
  dataDir = mkdtempSync(join(tmpdir(), 'votary-follow-v1era-'));
  const peerPool = new PeerPool([ARK_URL]);
  discovery = await discoverFollowedNetwork(peerPool);
  node = await LocalNode.start({
    dataDir,
    followed: { network: discovery.network, genesis: discovery.genesis, rules: { arkTestMode: true } },
  });
  follower = new Follower({
    node,
    network: discovery.network,
    peerPool,
    exceptions: discovery.exceptions,
    log: (line) => logs.push(line),
  });
  api = createApiServer({ node });
  await api.publicApp.ready();
  follower.start();
}, 900_000);

afterAll(async () => {
  await follower?.stop();
  await api?.close();
  await node?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('following a chain ARK Core forged across aip11', () => {
  it('reaches ARK’s height with nothing refused, the version-1 transactions included', async () => {
    const target = await arkHeight();
    await until(() => node.height >= target, `height ${target}`, 300_000);
    expect(logs.filter((line) => line.includes('banned') || line.includes('stopped'))).toEqual([]);
    const v1 = sent.filter((entry) => entry.version === 1);
    expect(v1.length).toBeGreaterThanOrEqual(11);
    for (const entry of v1) expect(entry.height).toBeLessThan(aip11);
    // The version 2 ones after aip11: a transfer and the six legacy business and bridgechain transactions.
    const v2 = sent.filter((entry) => entry.version === 2);
    expect(v2.length).toBe(7);
    for (const entry of v2) expect(entry.height).toBeGreaterThan(aip11);
  }, 600_000);

  it('every block and every transaction equal ARK’s, raw and transformed', async () => {
    const height = node.height;
    for (let from = 1; from <= height; from += 100) {
      const route = `/blocks?height.from=${from}&height.to=${Math.min(height, from + 99)}&limit=100&orderBy=height:asc`;
      const [mine, theirs] = [await ours(`${route}`), await arkGet(route)];
      expect((mine as { data: unknown[] }).data).toEqual((theirs as { data: unknown[] }).data);
    }
    for (const entry of sent.filter((e) => e.id !== undefined)) {
      for (const query of ['', '?transform=false']) {
        const route = `/transactions/${entry.id!}${query}`;
        const [mine, theirs] = [await ours(route), await arkGet(route)];
        const stripConfirmations = (answer: unknown) => {
          const data = { ...(answer as { data: Record<string, unknown> }).data };
          delete data.confirmations;
          return data;
        };
        expect(stripConfirmations(mine), `${entry.step} ${route}`).toEqual(stripConfirmations(theirs));
      }
    }
  }, 600_000);

  it('every wallet the version-1 era touched, and every delegate, equal ARK’s', async () => {
    const addresses = new Set<string>();
    for (const entry of sent.filter((e) => e.id !== undefined)) {
      const tx = (
        await arkGet<{ data: { sender: string; recipient?: string } }>(`/transactions/${entry.id!}`)
      ).data;
      addresses.add(tx.sender);
      if (tx.recipient !== undefined) addresses.add(tx.recipient);
    }
    for (const address of addresses) {
      const [mine, theirs] = await both(`/wallets/${address}`);
      expect(mine, address).toEqual(theirs);
    }
    const [mine, theirs] = await both('/delegates?limit=100');
    expect((mine as { data: unknown[] }).data).toEqual((theirs as { data: unknown[] }).data);
  }, 600_000);

  it('the followed chain replays to the same state (votary node verify)', () => {
    expect(verifyChain(nodeParts(node).store).verified).toBe(true);
  });
});
