/**
 * A redirect is the peer's failure, never followed (client/http.ts): a peer must not send the client to another
 * origin whose answers would count as the peer's (docs/design/security.md "Remote nodes").
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PeerPool, requestJson } from '../../src/core/client';
import { failure } from './support/failure';

const servers: Server[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler!(req, res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const schema = z.object({ data: z.unknown() });

describe('a redirect', () => {
  it('is refused as the peer’s bad response, and its target is never asked', async () => {
    const target = await serve((_req, res) => res.end('{"data":{"synced":true}}'));
    const peer = await serve((req, res) => {
      res.writeHead(302, { location: `${target.url}${req.url ?? ''}` });
      res.end();
    });
    const error = await failure(
      requestJson(peer.url, { method: 'GET', route: '/node/status', schema, timeoutMs: 5_000 }),
    );
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.message).toMatch(/redirect \(302\)/);
    expect(error.isPeerFailure).toBe(true);
    expect(target.hits).toEqual([]);
  });

  it('backs the peer off in a pool, and the next peer answers', async () => {
    const honest = await serve((_req, res) => res.end('{"data":"honest"}'));
    const elsewhere = await serve((_req, res) => res.end('{"data":"elsewhere"}'));
    const redirecting = await serve((_req, res) => {
      res.writeHead(301, { location: elsewhere.url });
      res.end();
    });
    const peerPool = new PeerPool([redirecting.url, honest.url]);
    const answer = await peerPool.request({ method: 'GET', route: '/node/status', schema });
    expect(answer.value.data).toBe('honest');
    expect(peerPool.statuses()[0]).toMatchObject({
      consecutiveFailures: 1,
      lastError: { code: 'ERR_BAD_RESPONSE' },
    });
    expect(elsewhere.hits).toEqual([]);
  });
});
