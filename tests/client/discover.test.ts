import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverNetwork, verifyPeer } from '../../src/core/client';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { devnet, mainnet, milestoneAt } from '../../src/core/protocol/networks';
import { signTransaction, verifyTransaction } from '../../src/core/protocol/transactions';
import { deadUrl, startFakeNode, type FakeNode } from './support/fake-node';
import { failure } from './support/failure';

const closers: (() => Promise<unknown>)[] = [];
async function node(options: Parameters<typeof startFakeNode>[0] = {}): Promise<FakeNode> {
  const fake = await startFakeNode(options);
  closers.push(() => fake.close());
  return fake;
}
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Any web server that is not an ARK node. */
async function website(answer: (path: string) => { status: number; body: unknown }): Promise<string> {
  const app = Fastify();
  app.get('/*', (request, reply) => {
    const { status, body } = answer(request.url);
    return reply.code(status).send(body);
  });
  closers.push(() => app.close());
  return app.listen({ host: '127.0.0.1', port: 0 });
}

describe('discoverNetwork', () => {
  it('describes an ARK node and yields a Network the protocol library signs with', async () => {
    const fake = await node();
    const found = await discoverNetwork(`${fake.url}/api/`);
    expect(found).toMatchObject({
      url: fake.url,
      nethash: devnet.network.nethash,
      token: 'DARK',
      symbol: 'DѦ',
      explorer: 'https://dexplorer.ark.io',
      version: '3.9.1',
      pubKeyHash: 30,
      ports: {},
    });
    expect(found.constants.blocktime).toBe(8);
    expect(found.network.network).toEqual(devnet.network);
    expect(found.network.milestones).toEqual(devnet.milestones);
    expect(found.network.genesisBlock).toEqual(devnet.genesisBlock);
    expect(milestoneAt(found.network, 5_000_000)).toEqual(milestoneAt(devnet, 5_000_000));

    const passphrase = 'votary client discover test';
    expect(addressFromPassphrase(passphrase, found.network.network.pubKeyHash)).toMatch(/^D/);
    const signed = signTransaction(
      { type: 0, nonce: 1n, amount: 1n, recipientId: addressFromPassphrase('recipient', 30) },
      { passphrase },
      { network: found.network, height: 5_000_000 },
    );
    expect(verifyTransaction(signed, { network: devnet, height: 5_000_000 }).verified).toBe(true);
  });

  it('refuses a server that is not an ARK node', async () => {
    const html = await website(() => ({ status: 200, body: '<html>hello</html>' }));
    const htmlError = await failure(discoverNetwork(html));
    expect(htmlError.code).toBe('ERR_NOT_ARK_NODE');
    expect(htmlError.message).toContain('is not an ARK-compatible node');

    const notFound = await website(() => ({ status: 404, body: { message: 'nope' } }));
    expect((await failure(discoverNetwork(notFound))).message).toContain('no /api/node/configuration route');

    const otherJson = await website(() => ({
      status: 200,
      body: { data: { version: '1.0', name: 'something else' } },
    }));
    expect((await failure(discoverNetwork(otherJson))).code).toBe('ERR_NOT_ARK_NODE');
  });

  it('refuses a node whose two configurations disagree', async () => {
    const inconsistent = await node({
      configuration: (base) => ({ ...base, nethash: mainnet.network.nethash }),
    });
    const error = await failure(discoverNetwork(inconsistent.url));
    expect(error.code).toBe('ERR_NOT_ARK_NODE');
    expect(error.message).toContain('disagree');

    const forged = await node({
      network: { ...devnet, genesisBlock: { ...devnet.genesisBlock, payloadHash: mainnet.network.nethash } },
    });
    expect((await failure(discoverNetwork(forged.url))).message).toContain('payload hash');

    const incomplete = await node({
      network: { ...devnet, milestones: [{ height: 1, blocktime: 8 }] },
      configuration: (base) => ({ ...base, constants: milestoneAt(devnet, 5_000_000) }),
    });
    expect((await failure(discoverNetwork(incomplete.url))).message).toMatch(
      /milestones lack .*activeDelegates/,
    );
  });

  it('refuses a node of another network (nethash mismatch)', async () => {
    const devnetNode = await node();
    const mismatch = await failure(
      discoverNetwork(devnetNode.url, { expectedNethash: mainnet.network.nethash }),
    );
    expect(mismatch.code).toBe('ERR_NETHASH_MISMATCH');
    expect(mismatch.message).toContain('another network');
    expect(devnetNode.hits.get('/api/node/configuration/crypto')).toBeUndefined();

    expect(await verifyPeer(`${devnetNode.url}/`, devnet.network.nethash)).toBe(devnetNode.url);
    expect((await failure(verifyPeer(devnetNode.url, mainnet.network.nethash))).code).toBe(
      'ERR_NETHASH_MISMATCH',
    );
  });

  it('passes on transport errors and refuses non-http URLs', async () => {
    expect((await failure(discoverNetwork(await deadUrl()))).code).toBe('ERR_NETWORK');
    expect((await failure(discoverNetwork('ftp://127.0.0.1:21'))).code).toBe('ERR_INVALID_URL');
    const hanging = await node();
    hanging.mode = 'hang';
    expect((await failure(discoverNetwork(hanging.url, { timeoutMs: 150 }))).code).toBe('ERR_TIMEOUT');
    const controller = new AbortController();
    controller.abort();
    expect((await failure(discoverNetwork(hanging.url, { signal: controller.signal }))).code).toBe(
      'ERR_ABORTED',
    );
  });
});
