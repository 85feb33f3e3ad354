/**
 * `npm run soak:musig`: the strangers' attacks on `votary musig-server` (tests/musig/hostile.test.ts holds each as
 * a test), measured against the server as a process with its default options, over loopback only (127.0.0.x), in
 * about a minute. Prints one line per attack with the figures docs/benchmarks.md records.
 *
 *   npm run soak:musig
 *   SOAK_MUSIG_BIN=/path/to/votary.mjs node dist/soak-musig.mjs   # another build, e.g. an older one
 *   SOAK_MUSIG_FLOOD_S=20 SOAK_MUSIG_HALF_SENT=3000 …               # the flood's length and the held POSTs
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addressFromPublicKey } from '../../src/core/protocol/crypto';
import { RestMusigClient } from '../../src/core/services/multisig/transports';
import {
  ASSET,
  CTX,
  KEYS,
  MULTI_KEY,
  PARTICIPANTS,
  body,
  proof,
  signerOf,
  spend,
  strangerProposal,
} from '../musig/fixtures';
import { httpCall, type HttpCallOptions } from '../support/http-call';

const BIN = process.env['SOAK_MUSIG_BIN'] ?? join(import.meta.dirname, 'votary.mjs');
const FLOOD_S = Number(process.env['SOAK_MUSIG_FLOOD_S'] ?? 15);
const HALF_SENT = Number(process.env['SOAK_MUSIG_HALF_SENT'] ?? 3000);
const VICTIM = PARTICIPANTS[0]!;
const VICTIM_KEY = KEYS[0]!;

/** Each request on a connection of its own, as the flood's many clients send them. */
const call = (port: number, method: string, path: string, options: HttpCallOptions = {}) =>
  httpCall(port, method, path, { ...options, ownConnection: true });

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function start(dataDir: string, extra: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  // dist/votary.mjs exports the CLI's main (scripts/votary.mjs runs it the same way).
  const run = `const { main } = await import(${JSON.stringify(pathToFileURL(BIN).href)}); process.exitCode = await main(process.argv.slice(1));`;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      run,
      'musig-server',
      '--data-dir',
      dataDir,
      '--network',
      'devnet',
      '--port',
      '0',
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('exit', (code) => reject(new Error(`musig-server exited ${code}: ${err.trim()}`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /ready: http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]) });
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

const invitation = (n: number) => strangerProposal(`soak stranger ${n}`, 'x'.repeat(255));

const line = (attack: string, figures: Record<string, unknown>) =>
  process.stdout.write(`${attack}: ${JSON.stringify(figures)}\n`);

async function floodAndList(dataDir: string): Promise<void> {
  const { child, port } = await start(dataDir);
  try {
    // The victim's own proposal first, from the victim's address.
    const own = JSON.parse(
      (await call(port, 'POST', '/transaction', { body: body(spend([0])), from: '127.0.0.5' })).text,
    ) as { id: string };
    const statuses = new Map<number, number>();
    const until = Date.now() + FLOOD_S * 1000;
    let n = 0;
    const started = Date.now();
    // Three stranger addresses, four requests at a time each.
    await Promise.all(
      ['127.0.0.2', '127.0.0.3', '127.0.0.4'].flatMap((from) =>
        Array.from({ length: 4 }, async () => {
          while (Date.now() < until) {
            const answer = await call(port, 'POST', '/transaction', { body: invitation(n++), from });
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          }
        }),
      ),
    );
    const accepted = statuses.get(200) ?? 0;
    const headers = { 'x-musig-auth': proof([VICTIM], 'list', VICTIM_KEY) };
    const t0 = performance.now();
    const page = await call(port, 'GET', `/transactions?publicKey=${VICTIM_KEY}`, {
      headers,
      from: '127.0.0.5',
    });
    const pageMs = Math.round(performance.now() - t0);
    const entries = JSON.parse(page.text) as { id: string }[];
    let client: string;
    const t1 = performance.now();
    try {
      const listed = await new RestMusigClient(`http://127.0.0.1:${port}`, { sign: signerOf(VICTIM) }).list(
        VICTIM_KEY,
      );
      client = `read ${listed.length}, own at ${listed.findIndex((p) => p.id === own.id) + 1}`;
    } catch (error) {
      client = `refused: ${(error as Error).message.slice(0, 120)}`;
    }
    const clientMs = Math.round(performance.now() - t1);
    const db = join(dataDir, 'musig-devnet.db');
    line('1 hide proposals', {
      attempts: n,
      seconds: Math.round((Date.now() - started) / 1000),
      accepted,
      statuses: Object.fromEntries(statuses),
      firstListEntries: entries.length,
      firstListBytes: page.bytes,
      firstListMs: pageMs,
      ownFirst: entries[0]?.id === own.id,
      appClient: client,
      appClientMs: clientMs,
      dbMiB: +(
        (statSync(db).size + (statSync(`${db}-wal`, { throwIfNoEntry: false })?.size ?? 0)) /
        2 ** 20
      ).toFixed(1),
      rssMiB: rssMiB(child.pid!),
    });
  } finally {
    await stop(child);
  }
}

async function holdConnections(dataDir: string): Promise<void> {
  const { child, port } = await start(dataDir);
  const sockets: Socket[] = [];
  const closedAt: number[] = [];
  const genuine = async () => {
    try {
      return String((await call(port, 'GET', '/transactions', { from: '127.0.0.5' })).status);
    } catch (error) {
      return (error as NodeJS.ErrnoException).code ?? 'failed';
    }
  };
  try {
    await Promise.all(
      Array.from(
        { length: HALF_SENT },
        (_, i) =>
          new Promise<void>((resolve) => {
            const socket = connect({ host: '127.0.0.1', port, localAddress: `127.0.1.${(i % 200) + 1}` });
            socket.on('error', () => undefined);
            socket.on('close', () => closedAt.push(Date.now()));
            socket.resume();
            socket.once('connect', () => {
              socket.write(
                `POST /transaction HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n`,
              );
              socket.write('Content-Length: 60000\r\n\r\n{"data":');
              resolve();
            });
            socket.once('close', () => resolve());
            sockets.push(socket);
          }),
      ),
    );
    const connectedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const openAfter1s = sockets.filter((s) => !s.destroyed).length;
    const rssHeld = rssMiB(child.pid!);
    const duringFlood = await genuine();
    await new Promise((resolve) => setTimeout(resolve, 14_000));
    const openAfter15s = sockets.filter((s) => !s.destroyed).length;
    line('2 hold connections', {
      halfSentPosts: HALF_SENT,
      openAfter1s,
      openAfter15s,
      lastClosedMsAfterConnects: Math.max(0, ...closedAt.map((t) => t - connectedAt)),
      genuineWhileCapFull: duringFlood,
      genuineAfterDeadlines: await genuine(),
      rssMiB: rssHeld,
    });
  } finally {
    for (const socket of sockets) socket.destroy();
    await stop(child);
  }
}

async function corruptReadDelete(dataDir: string): Promise<void> {
  const { child, port } = await start(dataDir);
  try {
    const { id } = JSON.parse(
      (await call(port, 'POST', '/transaction', { body: body(spend([0, 1])) })).text,
    ) as {
      id: string;
    };
    const swapped = { min: 2, publicKeys: [KEYS[1]!, KEYS[0]!, KEYS[2]!] };
    const [first, second] = spend([0, 1]).signatures!;
    const forged = { ...spend([0, 1]), signatures: [`00${second!.slice(2)}`, `01${first!.slice(2)}`] };
    const swap = await call(port, 'POST', '/transaction', { body: body(forged, swapped) });
    const cosign = await call(port, 'POST', '/transaction', { body: body(spend([2])) });
    line('3 corrupt a stored proposal', { swapResubmission: swap.status, nextCosigner: cosign.status });
    const read = await call(port, 'GET', `/transaction/${id}`);
    const listed = await call(port, 'GET', `/transactions?publicKey=${VICTIM_KEY}`);
    const preflight = await call(port, 'OPTIONS', `/transactions/${id}`, {
      headers: { origin: 'https://page.example', 'access-control-request-method': 'DELETE' },
    });
    const removed = await call(port, 'DELETE', `/transactions/${id}`);
    line('4 read and delete without a key', {
      readByStranger: read.status,
      listByStranger: listed.status,
      preflightAllowsDelete: /DELETE/.test(String(preflight.headers['access-control-allow-methods'] ?? '')),
      deleteByStranger: removed.status,
    });
  } finally {
    await stop(child);
  }
}

async function squat(dataDir: string): Promise<void> {
  const address = addressFromPublicKey(MULTI_KEY, CTX.network.network.pubKeyHash);
  // A node of the network: the 2-of-3 wallet registered with ASSET, its nonce at 3 (three proposals broadcast).
  const node: Server = createServer((req, response) => {
    response.setHeader('content-type', 'application/json');
    if (req.url === `/api/wallets/${address}`) {
      response.end(
        JSON.stringify({
          data: {
            address,
            publicKey: MULTI_KEY,
            balance: '1000000000',
            nonce: '3',
            attributes: { multiSignature: ASSET },
          },
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end('{"statusCode":404,"error":"Not Found","message":"Wallet not found"}');
  });
  await new Promise<void>((done) => node.listen(0, '127.0.0.1', done));
  const nodeUrl = `http://127.0.0.1:${(node.address() as { port: number }).port}`;
  let started: { child: ChildProcess; port: number };
  let withNode = true;
  try {
    started = await start(dataDir, ['--node', nodeUrl]);
  } catch {
    withNode = false;
    started = await start(dataDir);
  }
  try {
    const used = [];
    for (const nonce of [1n, 2n, 3n]) {
      used.push((await call(started.port, 'POST', '/transaction', { body: body(spend([0], nonce)) })).status);
    }
    const next = await call(started.port, 'POST', '/transaction', { body: body(spend([0], 4n)) });
    line('5 squat pending slots', { withNode, usedNonces: used, realNext: next.status });
  } finally {
    await stop(started.child);
    await new Promise((done) => node.close(done));
  }
}

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'votary-soak-musig-'));
  dirs.push(dir);
  return dir;
};
try {
  process.stdout.write(`soak:musig ${new Date().toISOString()} ${BIN}\n`);
  await floodAndList(fresh());
  await holdConnections(fresh());
  await corruptReadDelete(fresh());
  await squat(fresh());
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
