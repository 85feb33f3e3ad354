/**
 * The client against Votary's own API server over a real LocalNode (src/core/api createApiServer), on
 * 127.0.0.1 with free ports: discovery yields a Network that signs transactions the node accepts, and the typed
 * routes parse the embedded API's answers.
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { NodeClient, discoverNetwork, verifyPeer } from '../../src/core/client';
import { localnet, localnetWallet } from '../../src/core/node/localnet';
import { LocalNode } from '../../src/core/node/node';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { epochUnixMs, milestoneAt } from '../../src/core/protocol/networks';
import { signTransaction, transactionToJson } from '../../src/core/protocol/transactions';

let dataDir: string;
let node: LocalNode;
let server: ApiServer;
let url: string;
const clock = { now: 0 };

function forge(): void {
  clock.now += milestoneAt(localnet, 1).blocktime * 1000;
  const outcome = nodeParts(node).forger.forgeAt(clock.now);
  if (outcome.kind !== 'forged') throw new Error(`slot not forged: ${JSON.stringify(outcome)}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'votary-client-'));
  clock.now = epochUnixMs(localnet) + 1_000_000_000;
  node = await LocalNode.start({ dataDir, forging: false, now: () => clock.now });
  forge();
  server = createApiServer({ node, publicPort: 0, port: 0, now: () => clock.now });
  ({ publicUrl: url } = await server.listen());
});

afterAll(async () => {
  await server.close();
  await node.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('client ↔ embedded API', () => {
  it('discovers the localnet and reads the node routes', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    const found = await discoverNetwork(url);
    expect(found.nethash).toBe(localnet.network.nethash);
    expect(found.token).toBe('VTY');
    expect(found.pubKeyHash).toBe(localnet.network.pubKeyHash);
    expect(found.explorer).toBeUndefined();
    expect(found.network.network).toEqual(localnet.network);
    expect(found.network.genesisBlock.payloadHash).toBe(localnet.network.nethash);
    expect(await verifyPeer(url, localnet.network.nethash)).toBe(url.replace(/\/api$/, ''));

    const client = new NodeClient([url]);
    const status = await client.status();
    expect(status.now).toBe(node.height);
    expect((await client.syncing()).height).toBe(node.height);
    const last = await client.lastBlock();
    expect(last.height).toBe(node.height);
    expect((await client.block(1)).height).toBe(1);
    expect((await client.blockchain()).supply).toBeGreaterThan(0n);
    await client.fees();
    await client.peers();
    const [peer] = await client.refresh();
    expect(peer?.height).toBe(node.height);
    expect(peer?.latencyMs).toBeGreaterThan(0);
  });

  it('broadcasts a transaction signed for the discovered network and sees it confirmed', async () => {
    const found = await discoverNetwork(url);
    const client = new NodeClient([url]);
    const faucet = localnetWallet('faucet').passphrase;
    const recipient = addressFromPassphrase(
      'votary client integration recipient',
      found.network.network.pubKeyHash,
    );
    const signed = signTransaction(
      { type: 0, nonce: 1n, amount: 12_345n, recipientId: recipient },
      { passphrase: faucet },
      { network: found.network, height: node.height + 1 },
    );
    const id = signed.id!;
    const result = await client.broadcast([transactionToJson(signed)], { peers: 2 });
    expect(result.accept).toEqual([id]);
    expect(result.invalid).toEqual([]);
    expect((await client.unconfirmedTransactions()).data.map((tx) => tx.id)).toContain(id);

    const again = await client.postTransactions([transactionToJson(signed)]);
    expect(again.invalid).toEqual([id]);
    expect(again.errors[id]?.type).toBe('ERR_DUPLICATE');

    forge();
    const confirmed = await client.transaction(id);
    expect(confirmed.amount).toBe(12_345n);
    expect(confirmed.recipient).toBe(recipient);
    expect(confirmed.confirmations).toBe(1);
    const list = await client.transactions({ recipientId: recipient });
    expect(list.data.map((tx) => tx.id)).toEqual([id]);
  });
});
