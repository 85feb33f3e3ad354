/**
 * A hostile peer for the follower's tests: a real HTTP server (node:http, on a loopback address) in front of an honest
 * in-process Votary peer (its public API answered through fastify's `inject`), that hands every exchange to a
 * mutation (mutations.ts) deciding what the follower gets instead: the honest answer, a rewritten one, another
 * status, a redirect, a trickle, a cut-off body… The follower reaches it over real sockets, with the real client.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiServer } from '../../../src/core/api';

export interface HonestAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface Exchange {
  url: URL;
  method: string;
  /** The honest peer's answer to the same request. */
  honest: () => Promise<HonestAnswer>;
  res: ServerResponse;
}

/** Writes the answer; resolves when it was sent (or the client went away). */
export type Mutation = (exchange: Exchange) => Promise<void>;

export function send(
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<void> {
  return new Promise((resolve) => {
    const out = { ...headers };
    delete out['content-length'];
    delete out['transfer-encoding'];
    res.writeHead(status, { ...out, 'content-length': String(Buffer.byteLength(body)) });
    res.end(body, () => resolve());
    res.on('close', () => resolve());
  });
}

/** The honest answer, unchanged. */
export const passThrough: Mutation = async ({ honest, res }) => {
  const answer = await honest();
  await send(res, answer.status, answer.headers, answer.text);
};

export interface HostilePeer {
  /** The peer URL as the client keeps it (http://127.0.0.n:port). */
  url: string;
  /** Requests received, by pathname (what the follower asked of this peer). */
  requests: string[];
  mutation: Mutation;
  close: () => Promise<void>;
}

function headerRecord(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
    else if (Array.isArray(value)) out[key] = value.map(String).join(', ');
  }
  return out;
}

/**
 * Peers started so far: each listens on its own loopback address (127.0.0.2, .3, …), so that the follower counts
 * them as distinct hosts, as it does distinct operators (sync unsupported-claims.ts: a claim needs a second host).
 */
let started = 0;

export async function startPeer(honest: ApiServer, mutation: Mutation = passThrough): Promise<HostilePeer> {
  const host = `127.0.0.${2 + (started++ % 250)}`;
  const peer: HostilePeer = { url: '', requests: [], mutation, close: () => Promise.resolve() };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    peer.requests.push(url.pathname);
    const honestAnswer = async (): Promise<HonestAnswer> => {
      const answer = await honest.publicApp.inject({
        method: (req.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { host: '127.0.0.1:4003' },
      });
      return { status: answer.statusCode, headers: headerRecord(answer.headers), text: answer.body };
    };
    peer.mutation({ url, method: req.method ?? 'GET', honest: honestAnswer, res }).catch(() => {
      res.destroy();
    });
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  peer.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}
