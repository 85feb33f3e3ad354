/**
 * `npm run bench:latency`: the waits a person or a client feels, measured here instead of asserted inside tests
 * (tests assert the behaviour; speed targets are benchmark figures):
 * - unlocking the key store at the production scrypt cost (N=2^17, docs/design/security.md "Key store");
 * - a NodeClient's failover past a peer that never answers, at a 200 ms request timeout (tests/client/failover.test.ts);
 * - how long the HTTP servers take to close a silent connection, a half-sent request and an idle keep-alive
 *   connection under the shortened deadlines of tests/api/slow-clients.test.ts (docs/design/security.md "Slow and
 *   hostile clients").
 * Each figure is the median of a few runs; the table is printed for docs/benchmarks.md ("Latency").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiServer, type ConnectionLimits } from '../../src/core/api';
import { NodeClient } from '../../src/core/client';
import { DEFAULT_SCRYPT, Keystore } from '../../src/core/keystore';
import { LocalNode } from '../../src/core/node/node';
import { fakeClock, startFakeNode } from '../client/support/fake-node';
import { closedWithin, rawConnect } from '../ipc/support/raw-websocket';
import { MemoryKeychain } from '../support/memory-keychain';

const PASSWORD = 'correct horse battery';
/** The deadlines of tests/api/slow-clients.test.ts. */
const LIMITS: Partial<ConnectionLimits> = {
  headersTimeoutMs: 1_000,
  requestTimeoutMs: 1_500,
  keepAliveTimeoutMs: 1_000,
  checkIntervalMs: 200,
  maxConnections: 12,
};

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function unlockMs(dir: string, runs: number): Promise<number[]> {
  const keystore = new Keystore({
    dataDir: dir,
    profile: 'default',
    scrypt: DEFAULT_SCRYPT,
    keychain: new MemoryKeychain({ available: false, reason: 'not used here' }),
  });
  await keystore.create(PASSWORD);
  keystore.lock();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await keystore.unlock(PASSWORD);
    times.push(performance.now() - start);
    keystore.lock();
  }
  return times;
}

async function failoverMs(runs: number): Promise<number[]> {
  const hanging = await startFakeNode();
  hanging.mode = 'hang';
  const live = await startFakeNode();
  const times: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      // A fresh client each run: the hanging peer is first and not yet backing off.
      const clock = fakeClock();
      const client = new NodeClient([hanging.url, live.url], {
        timeoutMs: 200,
        now: () => clock.now,
        random: () => 0.5,
      });
      const start = performance.now();
      await client.syncing();
      times.push(performance.now() - start);
    }
  } finally {
    await Promise.all([hanging.close(), live.close()]);
  }
  return times;
}

async function timeToClose(socket: Socket): Promise<number> {
  socket.on('error', () => undefined);
  const start = performance.now();
  if (!(await closedWithin(socket, 10_000))) throw new Error('the server kept the connection open for 10 s');
  return performance.now() - start;
}

async function slowClientMs(dir: string, runs: number): Promise<Record<string, number[]>> {
  const node = await LocalNode.start({ dataDir: dir, forging: false });
  const api = createApiServer({ node, publicPort: 0, port: 0, limits: LIMITS });
  const port = Number(new URL((await api.listen()).publicUrl).port);
  const host = `127.0.0.1:${port}`;
  const out: Record<string, number[]> = { silent: [], halfSent: [], keepAlive: [] };
  try {
    for (let i = 0; i < runs; i++) {
      const silent = await rawConnect(port);
      const halfSent = await rawConnect(port);
      halfSent.write(
        `POST /api/transactions HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n`,
      );
      halfSent.write('Content-Length: 1000\r\n\r\n{"transactions":[');
      const keepAlive = await rawConnect(port);
      keepAlive.write(`GET /api/blockchain HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
      const [a, b, c] = await Promise.all([silent, halfSent, keepAlive].map(timeToClose));
      out['silent']!.push(a!);
      out['halfSent']!.push(b!);
      out['keepAlive']!.push(c!);
    }
  } finally {
    await api.close();
    await node.stop();
  }
  return out;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'votary-bench-latency-'));
  try {
    const unlock = await unlockMs(join(dir, 'keystore'), 5);
    const failover = await failoverMs(5);
    const slow = await slowClientMs(join(dir, 'node'), 3);
    const rows: [string, number[]][] = [
      ['key store unlock, scrypt N=2^17 r=8 p=1 (median of 5)', unlock],
      ['failover past a hanging peer, 200 ms timeout (median of 5)', failover],
      ['silent connection closed, headers deadline 1,000 ms (median of 3)', slow['silent']!],
      ['half-sent request closed, request deadline 1,500 ms (median of 3)', slow['halfSent']!],
      ['idle keep-alive closed, keep-alive deadline 1,000 ms (median of 3)', slow['keepAlive']!],
    ];
    for (const [what, times] of rows) {
      console.log(`${what.padEnd(70)} ${ms(median(times)).padStart(8)}   (${times.map(ms).join(', ')})`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
