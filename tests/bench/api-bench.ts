/**
 * `npm run bench:api`: the public API over a large chain — 1,000,001 blocks, 2,000,000 transactions,
 * 100,000 wallets, 10,000 open locks (api-chain-db.ts: synthetic rows, built once, reused from
 * `.votary-data/bench-api/` or `$VOTARY_BENCH_DIR`) — measured with autocannon at 50 connections.
 *
 * The API runs in a child process (this script with `--serve DIR`: LocalNode + createApiServer, as `votary node`
 * does), so the load generator does not share its thread; each route gets a warm-up, then a timed run. Targets:
 * p99 < 25 ms for every list route with limit=100, ≥ 5,000 requests/s for the single lookups.
 *
 * Options (environment): BENCH_API_SECONDS (default 10) per route, BENCH_API_CONNECTIONS (default 50),
 * BENCH_API_ROUTES (comma list of route names to run, default all), BENCH_API_CACHE=0 (no response cache),
 * BENCH_API_FORGE=1 (the node forges its 8 s blocks during the run, so the response cache is dropped at every new
 * block as on a live node; the forged blocks stay in the bench database, which is harmless).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { createApiServer } from '../../src/core/api';
import { openDatabase } from '../../src/core/db';
import { LOCALNET_NAME } from '../../src/core/node/localnet';
import { LocalNode } from '../../src/core/node/node';
import { chainDatabasePath } from '../../src/core/node/chain-files';
import { API_BENCH_SIZE, buildApiBenchDb, hasApiBenchDb } from './api-chain-db';

const SECONDS = Number(process.env['BENCH_API_SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_API_CONNECTIONS'] ?? 50);
/** BENCH_API_CACHE=0 serves without the response cache: every request computes its answer. */
const CACHE = process.env['BENCH_API_CACHE'] !== '0';
const FORGE = process.env['BENCH_API_FORGE'] === '1';
const LIST_P99_MS = 25;
const LOOKUP_RPS = 5_000;

interface Route {
  name: string;
  path: string;
  kind: 'list' | 'lookup';
}

interface Result {
  route: Route;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Serve mode: the API over the database, its URL on stdout, until stdin closes. */
async function serve(dataDir: string): Promise<void> {
  const node = await LocalNode.start({ dataDir, forging: FORGE });
  const server = createApiServer({ node, publicPort: 0, port: 0, responseCache: CACHE });
  const { publicUrl } = await server.listen();
  process.stdout.write(`${JSON.stringify({ publicUrl, height: node.height })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void server.close().then(() => node.stop());
  });
}

/** Real ids to ask for: a busy address, a transaction, a height in the middle of the chain. */
function samples(dataDir: string): { address: string; transactionId: string; height: number } {
  const db = openDatabase(chainDatabasePath(dataDir, LOCALNET_NAME));
  try {
    const height = Math.floor(API_BENCH_SIZE.blocks / 2);
    const tx = db
      .prepare<[bigint], { id: string; sender_address: string }>(
        'SELECT id, sender_address FROM transactions WHERE block_height = ? ORDER BY sequence LIMIT 1',
      )
      .get(BigInt(height));
    if (!tx) throw new Error(`the bench database has no transaction at height ${height}`);
    return { address: tx.sender_address, transactionId: tx.id, height };
  } finally {
    db.close();
  }
}

function routesOf(sample: ReturnType<typeof samples>): Route[] {
  return [
    { name: 'blocks', path: '/blocks?limit=100', kind: 'list' },
    { name: 'transactions', path: '/transactions?limit=100', kind: 'list' },
    {
      name: 'transactions?address',
      path: `/transactions?address=${sample.address}&limit=100`,
      kind: 'list',
    },
    { name: 'wallets', path: '/wallets?limit=100', kind: 'list' },
    { name: 'delegates', path: '/delegates?limit=100', kind: 'list' },
    { name: 'votes', path: '/votes?limit=100', kind: 'list' },
    { name: 'locks', path: '/locks?limit=100', kind: 'list' },
    { name: 'wallets/{id}', path: `/wallets/${sample.address}`, kind: 'lookup' },
    { name: 'transactions/{id}', path: `/transactions/${sample.transactionId}`, kind: 'lookup' },
    { name: 'blocks/{height}', path: `/blocks/${sample.height}`, kind: 'lookup' },
  ];
}

function startServer(dataDir: string): Promise<{ child: ChildProcess; url: string; height: number }> {
  const child = spawn(process.execPath, [process.argv[1]!, '--serve', dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      const ready = JSON.parse(line) as { publicUrl: string; height: number };
      resolve({ child, url: ready.publicUrl, height: ready.height });
    });
    child.once('exit', (code) => reject(new Error(`the API process exited (${code}) before it was ready`)));
  });
}

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: seconds });
}

async function measure(base: string, route: Route): Promise<Result> {
  const url = `${base}${route.path}`;
  await load(url, 2);
  const result = await load(url, SECONDS);
  return {
    route,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

function verdict(result: Result): string {
  if (result.non2xx > 0 || result.errors > 0)
    return `FAILED (${result.non2xx} non-2xx, ${result.errors} errors)`;
  if (result.route.kind === 'list') return result.p99 < LIST_P99_MS ? 'met' : 'missed';
  return result.requestsPerSecond >= LOOKUP_RPS ? 'met' : 'missed';
}

async function main(): Promise<void> {
  const dataDir = process.env['VOTARY_BENCH_DIR'] ?? join(process.cwd(), '.votary-data', 'bench-api');
  if (!hasApiBenchDb(dataDir)) {
    console.log(`building the bench database in ${dataDir} (once; a few minutes)…`);
    const started = performance.now();
    let last = 0;
    buildApiBenchDb(dataDir, (stage, done) => {
      if (stage !== 'blocks' || performance.now() - last > 5_000 || done === API_BENCH_SIZE.blocks) {
        last = performance.now();
        console.log(`  ${stage}: ${done.toLocaleString('en')}`);
      }
    });
    console.log(`built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
  const sample = samples(dataDir);
  const { child, url, height } = await startServer(dataDir);
  const only = process.env['BENCH_API_ROUTES']?.split(',');
  try {
    console.log(
      `API at ${url}, height ${height.toLocaleString('en')}, response cache ${CACHE ? 'on' : 'off'}, ${FORGE ? 'forging (a new block every 8 s drops the cache)' : 'not forging'}; autocannon, ${CONNECTIONS} connections, ${SECONDS} s per route after a 2 s warm-up\n`,
    );
    console.log('| route | requests/s | p50 (ms) | p99 (ms) | target |');
    console.log('| --- | ---: | ---: | ---: | --- |');
    for (const route of routesOf(sample)) {
      if (only && !only.includes(route.name)) continue;
      const result = await measure(url, route);
      const target =
        route.kind === 'list' ? `p99 < ${LIST_P99_MS} ms` : `≥ ${LOOKUP_RPS.toLocaleString('en')} req/s`;
      console.log(
        `| \`GET ${route.path.replace(sample.address, '{address}').replace(sample.transactionId, '{id}')}\` | ${Math.round(result.requestsPerSecond).toLocaleString('en')} | ${result.p50} | ${result.p99} | ${target}: ${verdict(result)} |`,
      );
    }
    const end = (await (await fetch(`${url}/blockchain`)).json()) as { data: { block: { height: number } } };
    console.log(`\nblocks forged during the run: ${end.data.block.height - height}`);
  } finally {
    child.stdin?.end();
    child.kill('SIGTERM');
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  await serve(process.argv[serveAt + 1] ?? '');
} else {
  await main();
}
