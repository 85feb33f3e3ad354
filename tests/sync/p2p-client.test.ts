/**
 * One P2P connection against a hostile ARK node (core/p2p/p2p-client.ts, docs/design/sync.md "P2P"): the node here
 * is a bare nes server on a loopback port whose every frame the test writes.
 */
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { P2pClient, parseNesMessage, stringifyNesMessage, type NesMessage } from '../../src/core/p2p';

interface NesServer {
  url: string;
  connections: number;
  hellos: number;
  close(): Promise<void>;
}

let server: NesServer | undefined;
let client: P2pClient | undefined;

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
    client = new P2pClient(server.url, { timeoutMs: 1_000, connectTimeoutMs: 1_000 });
    await expect(client.request('p2p.peer.getStatus', new Uint8Array(0))).rejects.toMatchObject({
      code: 'ERR_HTTP_4XX',
    });
    expect(await client.request('p2p.peer.getStatus', new Uint8Array(0))).toEqual(Buffer.of(7));
    expect(server.connections).toBe(2);
    expect(server.hellos).toBe(2);
  });
});
