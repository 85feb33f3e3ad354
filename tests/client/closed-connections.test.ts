/**
 * A peer that closes every kept-alive connection under the client, as ARK Core 3.9.1's API does (docs/interop.md:
 * it destroys the socket after each answer while still saying `Connection: keep-alive`). Here the server drops
 * any second request that arrives on a connection, which is what the client sees from ARK Core, without a race.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeClient } from '../../src/core/client';

let server: Server;
let url: string;
const received: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    const socket = request.socket as typeof request.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (socket.served > 1) {
      socket.destroy();
      return;
    }
    received.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
    if (request.method === 'POST') {
      response.end(JSON.stringify({ data: { accept: [], broadcast: [], excess: [], invalid: [] } }));
      return;
    }
    response.end(JSON.stringify({ data: { syncing: false, blocks: 0, height: 12, id: '1234' } }));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a peer that closes kept-alive connections', () => {
  it('no request goes on a connection the peer may have closed: 24 reads in a row, none fails', async () => {
    const client = new NodeClient([url], { timeoutMs: 2_000 });
    received.length = 0;
    for (let i = 0; i < 24; i++) expect((await client.syncing()).height).toBe(12);
    expect(received).toHaveLength(24);
  });

  it('a broadcast after reads reaches the peer once', async () => {
    const client = new NodeClient([url], { timeoutMs: 2_000 });
    await client.syncing();
    received.length = 0;
    expect((await client.broadcast([])).accept).toEqual([]);
    expect(received).toEqual(['POST /api/transactions']);
  });
});
