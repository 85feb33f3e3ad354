/**
 * A hostile ARK Core 3.x node for the red-team tests: the honest answers of tests/client/support/fake-node.ts
 * (devnet), but every route can be replaced at run time (`node.on(method, pattern, handler)`), so a test can make
 * the node lie on exactly the route it attacks. Requests are counted by path.
 */
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { devnet, type Network } from '../../../src/core/protocol/networks';
import {
  BLOCK_ID,
  blockFixture,
  delegateFixture,
  nodeConfiguration,
  page,
} from '../../client/support/fake-node';

export type Handler = (request: FastifyRequest, reply: FastifyReply, match: RegExpMatchArray) => unknown;

export interface HostileNode {
  url: string;
  height: number;
  hits: Map<string, number>;
  posted: { transactions: Record<string, unknown>[] }[];
  wallets: Map<string, Record<string, unknown>>;
  on(method: 'GET' | 'POST', pattern: RegExp, handler: Handler): void;
  close(): Promise<void>;
}

function boom(reply: FastifyReply, statusCode: number, message: string) {
  return reply.code(statusCode).send({ statusCode, error: 'Not Found', message });
}

export async function startHostileNode(
  options: { network?: Network; height?: number } = {},
): Promise<HostileNode> {
  const network = options.network ?? devnet;
  const app = Fastify({ forceCloseConnections: true, bodyLimit: 64 * 1024 * 1024 });
  const overrides: { method: string; pattern: RegExp; handler: Handler }[] = [];
  const node: HostileNode = {
    url: '',
    height: options.height ?? 5_000_000,
    hits: new Map(),
    posted: [],
    wallets: new Map(),
    on(method, pattern, handler) {
      overrides.unshift({ method, pattern, handler });
    },
    close: () => app.close(),
  };

  const honest: { method: string; pattern: RegExp; handler: Handler }[] = [
    {
      method: 'GET',
      pattern: /^\/api\/node\/configuration$/,
      handler: () => ({ data: nodeConfiguration(network, node.height) }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/node\/configuration\/crypto$/,
      handler: () => ({
        data: {
          network: network.network,
          milestones: network.milestones,
          exceptions: {},
          genesisBlock: network.genesisBlock,
        },
      }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/node\/status$/,
      handler: () => ({ data: { synced: true, now: node.height, blocksCount: 0, timestamp: 190000010 } }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/node\/syncing$/,
      handler: () => ({ data: { syncing: false, blocks: 0, height: node.height, id: BLOCK_ID } }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/node\/fees$/,
      handler: () => ({
        meta: {},
        data: { '1': { transfer: { avg: '9783112', max: '50000000', min: '3000000', sum: '978311200000' } } },
      }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/transactions\/fees$/,
      handler: () => ({ data: { '1': { ...network.milestones[0]!.fees!.staticFees } } }),
    },
    { method: 'GET', pattern: /^\/api\/blocks\/last$/, handler: () => ({ data: blockFixture(node.height) }) },
    {
      method: 'GET',
      pattern: /^\/api\/blocks\/([^/]+)$/,
      handler: (_r, _reply, m) => ({
        data: { ...blockFixture(/^\d+$/.test(m[1]!) ? Number(m[1]) : node.height), id: m[1] },
      }),
    },
    {
      method: 'GET',
      pattern: /^\/api\/wallets\/([^/]+)$/,
      handler: (_r, reply, m) => {
        const wallet = node.wallets.get(decodeURIComponent(m[1]!));
        return wallet === undefined ? boom(reply, 404, 'Wallet not found') : { data: wallet };
      },
    },
    { method: 'GET', pattern: /^\/api\/delegates$/, handler: () => page([delegateFixture], '/delegates') },
    {
      method: 'GET',
      pattern: /^\/api\/delegates\/([^/]+)$/,
      handler: (_r, reply) => boom(reply, 404, 'Delegate not found'),
    },
    {
      method: 'GET',
      pattern: /^\/api\/transactions\/unconfirmed\/([^/]+)$/,
      handler: (_r, reply) => boom(reply, 404, 'Transaction not found'),
    },
    {
      method: 'GET',
      pattern: /^\/api\/transactions\/([^/]+)$/,
      handler: (_r, reply) => boom(reply, 404, 'Transaction not found'),
    },
    { method: 'GET', pattern: /^\/api\/transactions$/, handler: () => page([], '/transactions') },
    {
      method: 'GET',
      pattern: /^\/api\/wallets\/([^/]+)\/transactions$/,
      handler: () => page([], '/transactions'),
    },
    { method: 'POST', pattern: /^\/api\/locks\/unlocked$/, handler: () => page([], '/locks/unlocked') },
    { method: 'GET', pattern: /^\/api\/peers$/, handler: () => page([], '/peers') },
    {
      method: 'POST',
      pattern: /^\/api\/transactions$/,
      handler: (request) => {
        const body = request.body as { transactions: Record<string, unknown>[] };
        node.posted.push(body);
        const ids = body.transactions.map((tx) => String(tx['id']));
        return { data: { accept: ids, broadcast: ids, excess: [], invalid: [] } };
      },
    },
  ];

  const dispatch = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!;
    node.hits.set(path, (node.hits.get(path) ?? 0) + 1);
    void reply.header('x-block-height', String(node.height));
    for (const route of [...overrides, ...honest]) {
      if (route.method !== request.method) continue;
      const match = path.match(route.pattern);
      if (match !== null) return route.handler(request, reply, match);
    }
    return boom(reply, 404, `no route ${path}`);
  };
  app.get('/*', dispatch);
  app.post('/*', dispatch);
  node.url = await app.listen({ host: '127.0.0.1', port: 0 });
  return node;
}
