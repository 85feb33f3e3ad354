/**
 * The follower's pipeline (follower.ts PIPELINE_DEPTH): several runs download at once from one peer, each with a
 * few blocks' transactions in flight, all listening to the follower's one abort signal. A chain whose blocks all
 * hold a transaction keeps dozens of requests in flight; the sync is whole and Node warns of no listener leak
 * (it did, "MaxListenersExceededWarning … abort listeners", with the default limit of ten).
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import { createTestChain, forgeBlock, sign } from '../node/support/chain-fixture';
import { peersFetch, peerUrl, startFollower, type FollowerUnderTest } from './support';

const PORT = 14301;
const BLOCKS = 240;
let dataDir: string;
let peer: LocalNode;
let server: ApiServer;
let follower: FollowerUnderTest | undefined;

beforeAll(async () => {
  const chain = createTestChain({ users: 4 });
  dataDir = mkdtempSync(join(tmpdir(), 'votary-pipeline-peer-'));
  peer = await LocalNode.start({ dataDir, followed: { network: chain.network, genesis: chain.genesis } });
  for (let i = 0; i < BLOCKS; i++) {
    const from = chain.users[i % 4]!;
    const transfer = sign(
      chain,
      {
        type: 0,
        nonce: BigInt(Math.floor(i / 4) + 1),
        amount: 1n,
        recipientId: chain.users[(i + 1) % 4]!.address,
      },
      from.passphrase,
    );
    peer.applyBlock(forgeBlock(chain, nodeParts(peer).store, [transfer]));
  }
  server = createApiServer({ node: peer, responseCache: false });
  await server.publicApp.ready();
});

afterAll(async () => {
  await follower?.close();
  await server.close();
  await peer.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps many requests in flight on one abort signal without a listener-leak warning', async () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on('warning', onWarning);
  try {
    follower = await startFollower([peerUrl(PORT)], peersFetch({ [PORT]: { server } }));
    const f = follower;
    const deadline = Date.now() + 30_000;
    while (f.node.height < peer.height && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(f.node.height).toBe(peer.height);
    expect(f.node.lastBlock().id).toBe(peer.lastBlock().id);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', onWarning);
  }
  expect(warnings.filter((warning) => warning.includes('MaxListenersExceeded'))).toEqual([]);
});
