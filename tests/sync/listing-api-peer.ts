/**
 * A peer's public API on a loopback socket, as a remote node's is (P2P discovery asks `/api/peers` over the network,
 * p2p-discovery.ts), serving a Votary API server's answers with the height header a node sends — except that its
 * `/api/peers` answers `listed` (which the test may change at any time, as lists change when nodes come and go), and
 * that once `blocks` is false (or without `api`: a list and nothing else) it refuses every other route, so that
 * blocks can only come over P2P.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiServer } from '../../src/core/api';
import { inProcessFetch } from '../support/in-process-fetch';

export interface ListingApiPeer {
  url: string;
  /** What `/api/peers` answers as its `data` (ARK Core's entries: `{ ip, port, ports }`). */
  listed: unknown[];
  /** While false, every route but `/api/peers` answers 503. */
  blocks: boolean;
  close(): Promise<void>;
}

export async function startListingApiPeer(
  api: ApiServer | undefined,
  listed: unknown[] = [],
): Promise<ListingApiPeer> {
  const answer = api === undefined ? undefined : inProcessFetch(api.publicApp);
  const server: Server = createServer((request, response) => {
    const url = request.url ?? '/';
    if (url.startsWith('/api/peers')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ meta: { count: peer.listed.length }, data: peer.listed }));
      return;
    }
    if (!peer.blocks || answer === undefined) {
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{}');
      return;
    }
    void answer(`http://127.0.0.1:4003${url}`, { method: 'GET' }).then(async (reply) => {
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'x-block-height': reply.headers.get('x-block-height') ?? '',
      });
      response.end(await reply.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peer: ListingApiPeer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    listed,
    blocks: true,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return peer;
}
