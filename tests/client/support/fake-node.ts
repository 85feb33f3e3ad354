/**
 * Small fastify servers on 127.0.0.1 that answer like an ARK Core 3.x node (shapes from ark-core-api.md §3, §4,
 * §6, §7, §9) for the devnet preset, with switchable misbehaviour: 5xx, 429 with Retry-After, hanging, garbage,
 * a delay. Each server counts the requests it received, so tests can tell which peer served what.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { devnet, milestoneAt, type Network } from '../../../src/core/protocol/networks';

export type Mode = 'ok' | 'fail500' | 'ratelimit' | 'hang' | 'garbage';

export interface PostAnswer {
  data: { accept: string[]; broadcast: string[]; excess: string[]; invalid: string[] };
  errors?: Record<string, { type: string; message: string }>;
}

export interface FakeNodeOptions {
  network?: Network;
  /** Milliseconds added before every answer. */
  delayMs?: number;
  /** Retry-After (seconds, as text) sent with 429s. */
  retryAfter?: string;
  height?: number;
  /** How POST /api/transactions answers (default: everything accepted). */
  post?: (transactions: { id: string }[]) => PostAnswer;
  /** Replaces the configuration answer (to build inconsistent nodes). */
  configuration?: (base: Record<string, unknown>) => unknown;
  /** More wallets `/api/wallets/{address}` knows, by address (a sender with a balance). */
  wallets?: Record<string, { publicKey?: string; balance: string; nonce: string }>;
  /** `/api/wallets/{address}/transactions` of these wallets, newest first (one page); others answer 404. */
  walletTransactions?: Record<string, unknown[]>;
}

export interface FakeNode {
  url: string;
  app: FastifyInstance;
  mode: Mode;
  delayMs: number;
  /** Requests received, by path without the query (e.g. `/api/node/syncing`). */
  hits: Map<string, number>;
  /** Bodies of POST /api/transactions. */
  posted: unknown[];
  total(): number;
  close(): Promise<void>;
}

export const ADDRESS = 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib';
export const PUBLIC_KEY = '034151a3ec46b5670a682b0a63394f863587d1bc97483b1b6c70eb58e7f0aed192';
export const BLOCK_ID = '3d3a9d6e4b0b6a7a5f2a1f5e0c9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c';
export const TX_ID = '6216ca28176803894ca7a4466376eb93f1ae7322c137c9bf3aaab010d93239de';
const TIMESTAMP = { epoch: 189999992, unix: 1680101192, human: '2023-03-29T14:46:32.000Z' };

export function nodeConfiguration(network: Network, height: number): Record<string, unknown> {
  const params = network.network;
  return {
    core: { version: '3.9.1' },
    nethash: params.nethash,
    slip44: params.slip44,
    wif: params.wif,
    token: params.client.token,
    symbol: params.client.symbol,
    explorer: params.client.explorer,
    version: params.pubKeyHash,
    ports: {},
    constants: milestoneAt(network, height),
    transactionPool: { maxTransactionsPerRequest: 40, dynamicFees: { enabled: false } },
  };
}

export const walletFixture = {
  address: ADDRESS,
  publicKey: PUBLIC_KEY,
  balance: '2546130000000',
  nonce: '42',
  attributes: {
    delegate: {
      username: 'arkpool',
      voteBalance: '250000000000000',
      forgedFees: '123400000000',
      forgedRewards: '40246800000000',
      producedBlocks: 201234,
      rank: 7,
      round: 431373,
    },
    vote: PUBLIC_KEY,
  },
};

export const transactionFixture = {
  id: TX_ID,
  blockId: BLOCK_ID,
  version: 2,
  type: 0,
  typeGroup: 1,
  amount: '100000000',
  fee: '10000000',
  sender: ADDRESS,
  senderPublicKey: PUBLIC_KEY,
  recipient: 'DRgF3PvzeGWndQjET7dZsSmnrc6uAy23ES',
  signature: 'ab'.repeat(64),
  vendorField: 'hello',
  confirmations: 2,
  timestamp: TIMESTAMP,
  nonce: '5',
};

export const delegateFixture = {
  username: 'arkpool',
  address: ADDRESS,
  publicKey: PUBLIC_KEY,
  votes: '250000000000000',
  rank: 7,
  isResigned: false,
  blocks: { produced: 201234, last: { id: BLOCK_ID, height: 21999999, timestamp: TIMESTAMP } },
  production: { approval: 1.48 },
  forged: { fees: '123400000000', rewards: '40246800000000', total: '40370200000000' },
};

export const lockFixture = {
  lockId: TX_ID,
  senderPublicKey: PUBLIC_KEY,
  isExpired: false,
  amount: '500000000',
  secretHash: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  recipientId: ADDRESS,
  timestamp: TIMESTAMP,
  expirationType: 2,
  expirationValue: 5800000,
  vendorField: 'swap #42',
};

export function blockFixture(height: number) {
  return {
    id: BLOCK_ID,
    version: 0,
    height,
    previous: '9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b',
    forged: { reward: '200000000', fee: '20000000', amount: '1250000000', total: '220000000' },
    payload: { hash: 'a6'.repeat(32), length: 512 },
    generator: { username: 'arkpool', address: ADDRESS, publicKey: PUBLIC_KEY },
    signature: '3045022100c8',
    confirmations: 0,
    transactions: 2,
    timestamp: TIMESTAMP,
  };
}

export function page<T>(items: T[], path: string) {
  return {
    meta: {
      totalCountIsEstimate: false,
      count: items.length,
      pageCount: 1,
      totalCount: items.length,
      next: null,
      previous: null,
      self: `${path}?page=1&limit=100`,
      first: `${path}?page=1&limit=100`,
      last: `${path}?page=1&limit=100`,
    },
    data: items,
  };
}

function boom(reply: FastifyReply, statusCode: number, error: string, message: string) {
  return reply.code(statusCode).send({ statusCode, error, message });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeNode(options: FakeNodeOptions = {}): Promise<FakeNode> {
  const network = options.network ?? devnet;
  const height = options.height ?? 5_000_000;
  const app = Fastify({ forceCloseConnections: true });
  const node: FakeNode = {
    url: '',
    app,
    mode: 'ok',
    delayMs: options.delayMs ?? 0,
    hits: new Map(),
    posted: [],
    total: () => [...node.hits.values()].reduce((sum, count) => sum + count, 0),
    close: () => app.close(),
  };

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    node.hits.set(path, (node.hits.get(path) ?? 0) + 1);
    if (node.delayMs > 0) await sleep(node.delayMs);
    void reply.header('x-block-height', String(height));
    switch (node.mode) {
      case 'fail500':
        return boom(reply, 500, 'Internal Server Error', 'An internal server error occurred');
      case 'ratelimit':
        void reply.header('retry-after', options.retryAfter ?? '30');
        return boom(reply, 429, 'Too Many Requests', 'Too Many Requests');
      case 'hang':
        await sleep(3_000);
        return boom(reply, 503, 'Service Unavailable', 'too late');
      case 'garbage':
        return reply.code(200).type('text/html').send('<html>maintenance</html>');
      case 'ok':
        return undefined;
    }
  });

  const config = nodeConfiguration(network, height);
  app.get('/api/node/configuration', () => ({
    data: options.configuration ? options.configuration(config) : config,
  }));
  app.get('/api/node/configuration/crypto', () => ({
    data: {
      network: network.network,
      milestones: network.milestones,
      exceptions: {},
      genesisBlock: network.genesisBlock,
    },
  }));
  app.get('/api/node/status', () => ({
    data: { synced: true, now: height, blocksCount: 0, timestamp: 190000010 },
  }));
  app.get('/api/node/syncing', () => ({ data: { syncing: false, blocks: 0, height, id: BLOCK_ID } }));
  app.get('/api/node/fees', (request) => {
    const days = (request.query as { days?: string }).days;
    return {
      meta: days === undefined ? {} : { days: Number(days) },
      data: {
        '1': {
          transfer: { avg: '9783112', max: '50000000', min: '3000000', sum: '978311200000' },
          vote: { avg: 0, max: 0, min: 0, sum: 0 },
        },
      },
    };
  });
  app.get('/api/blockchain', () => ({
    data: { block: { height, id: BLOCK_ID }, supply: '16884880200000004' },
  }));
  app.get('/api/blocks/last', () => ({ data: blockFixture(height) }));
  app.get('/api/transactions', () => page([transactionFixture], '/transactions'));
  app.get('/api/transactions/:id', (request, reply) =>
    (request.params as { id: string }).id === TX_ID
      ? { data: transactionFixture }
      : boom(reply, 404, 'Not Found', 'Transaction not found'),
  );
  app.get('/api/wallets/:id', (request, reply) => {
    const id = (request.params as { id: string }).id;
    const extra = options.wallets?.[id];
    if (extra !== undefined) return { data: { address: id, ...extra, attributes: {} } };
    return id === ADDRESS ? { data: walletFixture } : boom(reply, 404, 'Not Found', 'Wallet not found');
  });
  app.get('/api/wallets/:id/transactions', (request, reply) => {
    const id = (request.params as { id: string }).id;
    const rows = options.walletTransactions?.[id];
    return rows === undefined
      ? boom(reply, 404, 'Not Found', 'Wallet not found')
      : page(rows, `/wallets/${id}/transactions`);
  });
  app.get('/api/wallets/:id/locks', () => page([lockFixture], `/wallets/${ADDRESS}/locks`));
  app.get('/api/delegates', () => page([delegateFixture], '/delegates'));
  app.get('/api/delegates/:id', () => ({ data: delegateFixture }));
  app.get('/api/rounds/:id/delegates', () => ({
    data: [{ publicKey: PUBLIC_KEY, votes: '345678901234567' }],
  }));
  app.get('/api/peers', () =>
    page(
      [
        {
          ip: '1.2.3.4',
          port: 4001,
          ports: { '@arkecosystem/core-api': 4003 },
          version: '3.9.1',
          height,
          latency: 37,
        },
      ],
      '/peers',
    ),
  );
  app.post('/api/transactions', (request, reply) => {
    const body = request.body as { transactions?: { id: string }[] } | undefined;
    if (!body || !Array.isArray(body.transactions) || body.transactions.length === 0) {
      return boom(reply, 422, 'Unprocessable Entity', 'should NOT have fewer than 1 items');
    }
    node.posted.push(body);
    const ids = body.transactions.map((tx) => tx.id);
    return options.post
      ? options.post(body.transactions)
      : { data: { accept: ids, broadcast: ids, excess: [], invalid: [] } };
  });

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  node.url = address;
  return node;
}

/** A URL on 127.0.0.1 where nothing listens (connection refused). */
export async function deadUrl(): Promise<string> {
  const app = Fastify();
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  await app.close();
  return url;
}

/** A controllable clock for peer health (Unix milliseconds). */
export function fakeClock(start = 1_700_000_000_000) {
  const clock = { now: start, advance: (ms: number) => (clock.now += ms) };
  return clock;
}
