/**
 * Slow and hostile clients over real sockets (docs/design/security.md "Slow and hostile clients"): a half-sent
 * request, trickled headers, a silent connection and an idle keep-alive connection are each closed within the
 * deadlines, connections over the cap are refused, and normal requests keep working meanwhile — on the public
 * API, the secondary interface and the browser shell's server alike. The deadlines are shortened for the test;
 * the defaults are in src/core/api/http/connection-limits.ts. How soon each is closed is measured by
 * `npm run bench:latency`; here CLOSED_WITHIN_MS only bounds the wait for the close.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserShell, type BrowserShell } from '../../src/cli/browser-shell';
import { createApiServer, type ApiServer, type ConnectionLimits } from '../../src/core/api';
import { LocalNode } from '../../src/core/node/node';
import { closedWithin, rawConnect } from '../ipc/support/raw-websocket';
import { rendererDir } from '../ipc/support/renderer-dir';

const LIMITS: Partial<ConnectionLimits> = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 1_000,
  checkIntervalMs: 200,
  maxConnections: 12,
};
/** Every deadline above plus the checker's interval and scheduling slack. */
const CLOSED_WITHIN_MS = 4_000;

let dir: string;
let node: LocalNode;
let api: ApiServer;
let shell: BrowserShell;
const targets: { name: string; port: number; host: string; path: string }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'votary-slow-'));
  node = await LocalNode.start({ dataDir: join(dir, 'data'), forging: false });
  api = createApiServer({ node, publicPort: 0, port: 0, limits: LIMITS });
  const { publicUrl, secondaryUrl } = await api.listen();
  const renderer = rendererDir(dir);
  shell = await startBrowserShell({
    core: {
      handleRequest: () => Promise.resolve({ ok: true, value: null }),
      subscribe: () => () => undefined,
      vaultSession: () => undefined,
    },
    rendererDir: renderer,
    port: 0,
    limits: LIMITS,
    log: () => undefined,
  });
  const portOf = (url: string) => Number(new URL(url).port);
  targets.push(
    {
      name: 'public API',
      port: portOf(publicUrl),
      host: `127.0.0.1:${portOf(publicUrl)}`,
      path: '/api/blockchain',
    },
    {
      name: 'secondary interface',
      port: portOf(secondaryUrl),
      host: `127.0.0.1:${portOf(secondaryUrl)}`,
      path: '/blockchain',
    },
    { name: 'browser shell', port: shell.port, host: `127.0.0.1:${shell.port}`, path: '/' },
  );
});
afterAll(async () => {
  await shell.close();
  await api.close();
  await node.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function open(port: number): Promise<Socket> {
  const socket = await rawConnect(port);
  socket.on('error', () => undefined);
  return socket;
}

async function normalRequestWorks(target: (typeof targets)[number]): Promise<void> {
  const response = await fetch(`http://${target.host}${target.path}`);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
}

describe.each([0, 1, 2])('connection deadlines (%#)', (index) => {
  const target = () => targets[index]!;

  it('closes a half-sent request, trickled headers and a silent connection, while others are served', async () => {
    const { port, host, path } = target();
    const halfSent = await open(port);
    halfSent.write(`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n`);
    halfSent.write('Content-Length: 1000\r\n\r\n{"transactions":[');
    const trickle = await open(port);
    trickle.write('G');
    const drip = setInterval(() => {
      if (!trickle.destroyed) trickle.write('E');
    }, 150);
    const silent = await open(port);

    await normalRequestWorks(target());
    const closed = await Promise.all(
      [halfSent, trickle, silent].map((socket) => closedWithin(socket, CLOSED_WITHIN_MS)),
    );
    clearInterval(drip);
    expect(closed, target().name).toEqual([true, true, true]);
    await normalRequestWorks(target());
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const { port, host, path } = target();
    const socket = await open(port);
    let answered = '';
    socket.on('data', (data: Buffer) => (answered += data.toString('latin1')));
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
    expect(await closedWithin(socket, CLOSED_WITHIN_MS)).toBe(true);
    expect(answered).toMatch(/^HTTP\/1\.1 200/);
  });

  it('refuses connections over the cap and serves again once they are gone', async () => {
    const { port } = target();
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections! }, () => open(port)));
    const extra = await open(port);
    expect(await closedWithin(extra, 1_000)).toBe(true);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await normalRequestWorks(target());
  });
});
