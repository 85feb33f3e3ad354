/**
 * `/node/configuration/crypto` serves the network's exceptions as ARK Core does (core-api `node` controller
 * `configurationCrypto`: the config manager's whole configuration, `exceptions` included). A node following ARK
 * devnet answered `exceptions: {}`, so another follower that checks a peer's rules against the preset's — the
 * exceptions Votary ships with it (sync/rules.ts) — refused it as serving other rules.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import { followedNetworkOf, type CryptoConfigJson } from '../../src/core/sync';
import { rulesDifference } from '../../src/core/sync/rules';
import { at, get } from './support/http';

const PACKAGE = join(process.cwd(), 'node_modules/@arkecosystem/crypto-networks/dist/devnet');
const read = (file: string): unknown => JSON.parse(readFileSync(join(PACKAGE, file), 'utf8'));
const served = {
  network: read('network.json'),
  milestones: read('milestones.json'),
  exceptions: read('exceptions.json'),
  genesisBlock: read('genesisBlock.json'),
} as CryptoConfigJson;

let dir: string;
let node: LocalNode;
let api: ApiServer;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'votary-crypto-config-'));
  const { network, genesis } = followedNetworkOf(served);
  node = await LocalNode.start({ dataDir: dir, followed: { network, genesis }, forging: false });
  // Not listening: asked through fastify's inject, addressed as the default public host (support/http.ts).
  api = createApiServer({ node, publicPort: 4003, port: 4004 });
});
afterAll(async () => {
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('/node/configuration/crypto of a node following ARK devnet', () => {
  it('serves the exceptions the node applies, as ARK Core serves its own', async () => {
    const answer = await get(api.publicApp, '/api/node/configuration/crypto');
    expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    const data = at(answer.body, 'data') as CryptoConfigJson;
    expect(data.exceptions).toEqual(read('exceptions.json'));
    expect((data.exceptions as { blocks: string[] }).blocks.length).toBeGreaterThan(0);
    // Another follower comparing this node's rules with the ones it took from ARK's peers finds no difference in
    // the exceptions.
    expect(rulesDifference({ ...served, exceptions: data.exceptions }, served)).toBeUndefined();
  });
});
