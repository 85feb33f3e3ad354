/**
 * One P2P connection against a hostile ARK node (core/p2p/p2p-client.ts, docs/design/sync.md "P2P"): the node here
 * is a bare nes server on a loopback port whose every frame the test writes.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  encodeGetStatusResponse,
  P2pClient,
  P2pPeer,
  parseNesMessage,
  stringifyNesMessage,
  type NesMessage,
} from '../../src/core/p2p';

interface NesServer {
  url: string;
  connections: number;
  hellos: number;
  close(): Promise<void>;
}

let server: NesServer | undefined;
let client: { close(): void } | undefined;

afterEach(async () => {
  client?.close();
  client = undefined;
  await server?.close();
  server = undefined;
});

async function startNesServer(
  onMessage: (socket: WebSocket, message: NesMessage, server: NesServer) => void,
): Promise<NesServer> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const started: NesServer = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: 0,
    hellos: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (socket: WebSocket) => {
    started.connections++;
    socket.on('message', (data: Buffer) => {
      const message = parseNesMessage(data);
      if (message.type === 'hello') started.hellos++;
      onMessage(socket, message, started);
    });
  });
  return started;
}

describe('a P2P connection', () => {
  it('whose hello the node refused is not used: the next request opens a new one', async () => {
    // A node answers every request on a socket whose hello it refused with an error (core-p2p `hapi-nes/socket.ts`,
    // "Connection is not initialized"): kept, the connection would fail the peer for good. Here the node would
    // answer, so that only a new connection tells the two apart.
    server = await startNesServer((socket, message, node) => {
      if (message.type === 'hello') {
        const statusCode = node.hellos === 1 ? 400 : 200;
        socket.send(stringifyNesMessage({ type: 'hello', id: message.id, statusCode }));
      } else {
        socket.send(stringifyNesMessage({ type: 'request', id: message.id, payload: Uint8Array.of(7) }));
      }
    });
    const p2p = new P2pClient(server.url, { timeoutMs: 1_000, connectTimeoutMs: 1_000 });
    client = p2p;
    await expect(p2p.request('p2p.peer.getStatus', new Uint8Array(0))).rejects.toMatchObject({
      code: 'ERR_HTTP_4XX',
    });
    expect(await p2p.request('p2p.peer.getStatus', new Uint8Array(0))).toEqual(Buffer.of(7));
    expect(server.connections).toBe(2);
    expect(server.hellos).toBe(2);
  });
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('a hostile P2P node', () => {
  it('flooding pings gets one answered per heartbeat at most, then is dropped and counted as its failure', async () => {
    // Every ping was answered: a node sending pings and never reading made every answer queue for ever (7.7 MB/s).
    let answers = 0;
    let closed = false;
    server = await startNesServer((socket, message) => {
      if (message.type === 'ping') answers++;
      if (message.type === 'hello') {
        socket.on('close', () => (closed = true));
        socket.send(
          stringifyNesMessage({
            type: 'hello',
            id: message.id,
            heartbeat: { interval: 1_000, timeout: 500 },
          }),
        );
      } else if (message.type === 'request') {
        const status = encodeGetStatusResponse({
          height: 5,
          header: undefined,
          version: '3.9.1',
          nethash: 'ab',
        });
        socket.send(stringifyNesMessage({ type: 'request', id: message.id, payload: status }));
        // Once the answer was taken (its success recorded), so that the flood is the only thing pending.
        setTimeout(() => {
          const flood = setInterval(() => {
            if (socket.readyState !== socket.OPEN) return clearInterval(flood);
            for (let i = 0; i < 20; i++) socket.send(stringifyNesMessage({ type: 'ping', id: i + 1 }));
          }, 1);
        }, 100);
      }
    });
    const peer = new P2pPeer(server.url, { timeoutMs: 2_000, connectTimeoutMs: 1_000 });
    client = peer;
    expect((await peer.getStatus()).height).toBe(5);
    await waitFor(() => closed, 'the flooding node dropped');
    expect(answers).toBeLessThanOrEqual(1);
    // No request was pending: the fault is counted all the same.
    const health = peer.health.status();
    expect(health.consecutiveFailures).toBe(1);
    expect(health.lastError?.message).toMatch(/pings faster than its heartbeat/);
  });

  it('that never reads what is sent to it is dropped once too much is unread', async () => {
    // Our unsent data had no bound: a node that never reads grew our memory for as long as we wrote to it.
    server = await startNesServer((socket, message) => {
      if (message.type !== 'hello') return;
      socket.send(stringifyNesMessage({ type: 'hello', id: message.id }));
      socket.pause();
    });
    const p2p = new P2pClient(server.url, { timeoutMs: 3_000, connectTimeoutMs: 1_000 });
    client = p2p;
    await p2p.connect();
    const big = new Uint8Array(512 * 1024);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () => p2p.request('p2p.peer.getStatus', big)),
    );
    const reasons = outcomes.map((outcome) =>
      outcome.status === 'rejected' ? String((outcome.reason as Error).message) : 'answered',
    );
    expect(reasons.some((reason) => /does not read what is sent to it/.test(reason))).toBe(true);
  });
});

describe('the answer watch', () => {
  /** A node answering every request with `total` bytes sent in `chunk`-byte fragments every 100 ms. */
  async function slowNode(total: number, chunk: number): Promise<NesServer> {
    return startNesServer((socket, message) => {
      if (message.type === 'hello') {
        socket.send(stringifyNesMessage({ type: 'hello', id: message.id }));
        return;
      }
      const frame = stringifyNesMessage({ type: 'request', id: message.id, payload: new Uint8Array(total) });
      let offset = 0;
      const next = () => {
        if (socket.readyState !== socket.OPEN) return;
        const end = Math.min(frame.length, offset + chunk);
        socket.send(frame.subarray(offset, end), { fin: end === frame.length });
        offset = end;
        if (offset < frame.length) setTimeout(next, 100);
      };
      next();
    });
  }

  it('keeps an answer whose bytes keep coming, however long it takes within the whole timeout', async () => {
    server = await slowNode(1_200_000, 100_000);
    const p2p = new P2pClient(server.url, { answerTimeoutMs: 300, timeoutMs: 10_000 });
    client = p2p;
    expect((await p2p.request('p2p.blocks.getBlocks', new Uint8Array(0))).length).toBe(1_200_000);
  });

  it('drops a connection whose answer only trickles', async () => {
    // A trickle (or the pings of a peer that never answers) is not progress: the request fails within seconds.
    server = await slowNode(1_200_000, 1_000);
    const p2p = new P2pClient(server.url, { answerTimeoutMs: 300, timeoutMs: 10_000 });
    client = p2p;
    await expect(p2p.request('p2p.blocks.getBlocks', new Uint8Array(0))).rejects.toMatchObject({
      code: 'ERR_TIMEOUT',
      message: expect.stringMatching(/no answer within 300 ms/) as unknown,
    });
  });
});
