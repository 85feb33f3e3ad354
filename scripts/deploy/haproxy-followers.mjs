#!/usr/bin/env node
// The deployment test of docs/design/scale.md (outside `npm run check`): two Votary followers of one chain behind
// HAProxy (Debian's package, `apt-get install haproxy`), health-checked on /api/node/status. Under load, one
// follower is killed (SIGKILL); the test passes when no request failed and every answer of a height-pinned URL was
// identical to the one both followers gave directly before the load (but for `confirmations`, which counts from
// each replica's own tip while the chain grows).
//
//   node scripts/deploy/haproxy-followers.mjs [--seconds 20] [--clients 8]
//
// What runs: a localnet source node (1 s blocks) as the network; two followers of it, on 127.0.0.2 and 127.0.0.3
// with the same ports (so HAProxy can send one Host header both accept: the API's DNS-rebinding guard answers only
// loopback names with its own port); HAProxy in front, with L7 retries on another server for idempotent requests.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '20' }, clients: { type: 'string', default: '8' } },
});
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);
const CLI = join(import.meta.dirname, '..', 'votary.mjs');
const BASE = 15_000 + Math.floor(Math.random() * 400) * 2;
const PORTS = {
  source: BASE,
  sourceSecondary: BASE + 1,
  follower: BASE + 500,
  followerSecondary: BASE + 501,
};
const HAPROXY_PORT = BASE + 900;
const work = mkdtempSync(join(tmpdir(), 'votary-haproxy-'));
const children = [];

function start(name, command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stderr.on('data', (chunk) => {
    if (process.env.VERBOSE) process.stderr.write(`[${name}] ${chunk}`);
  });
  return child;
}

/** Starts a `votary node …` and resolves on its "ready" line. */
function startNode(name, args) {
  const child = start(name, process.execPath, [CLI, 'node', ...args]);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('votary node ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready`)));
  });
}

/** GET with node:http (fetch may not set Host, which the followers' DNS-rebinding guard checks). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function getJson(url, host) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: host ? { host } : {} }, (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode, text: Buffer.concat(chunks).toString() }));
      answer.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error('timeout')));
  });
}

/**
 * An answer without its tip-relative `confirmations` (tip height − the item's height): two replicas a block apart
 * answer the same block with confirmations one apart, and that is all that may differ.
 */
function pinnedBody(text) {
  return JSON.stringify(JSON.parse(text), (key, value) => (key === 'confirmations' ? undefined : value));
}

async function waitFor(what, check, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function haproxyConfig() {
  const host = `localhost:${PORTS.follower}`;
  return `global
  maxconn 2000
defaults
  mode http
  timeout connect 1s
  timeout client 10s
  timeout server 5s
  # A request that found a dead server is sent again to another one (GETs are idempotent).
  retries 3
  option redispatch 1
  retry-on all-retryable-errors
frontend api
  bind 127.0.0.1:${HAPROXY_PORT}
  default_backend followers
backend followers
  balance roundrobin
  http-request set-header Host ${host}
  option httpchk
  http-check send meth GET uri /api/node/status ver HTTP/1.1 hdr Host ${host}
  http-check expect rstring "synced\\":true"
  default-server inter 500ms fall 2 rise 2
  server follower1 127.0.0.2:${PORTS.follower} check
  server follower2 127.0.0.3:${PORTS.follower} check
`;
}

async function main() {
  const haproxy = spawnSync('haproxy', ['-v']);
  if (haproxy.error) throw new Error('haproxy is not installed (apt-get install haproxy)');
  console.log(`work dir ${work}; HAProxy on 127.0.0.1:${HAPROXY_PORT}`);

  await startNode('source', [
    ...['--data-dir', join(work, 'source'), '--block-time', '1'],
    ...['--public-port', String(PORTS.source), '--port', String(PORTS.sourceSecondary)],
  ]);
  const sourceUrl = `http://127.0.0.1:${PORTS.source}/api`;
  await waitFor('the source to forge', async () => {
    const { text } = await getJson(`${sourceUrl}/blockchain`);
    return JSON.parse(text).data.block.height >= 5;
  });
  const followers = [];
  for (const [i, ip] of ['127.0.0.2', '127.0.0.3'].entries()) {
    followers.push(
      await startNode(`follower${i + 1}`, [
        ...['--follow', sourceUrl, '--data-dir', join(work, `follower${i + 1}`), '--host', ip],
        ...['--public-port', String(PORTS.follower), '--port', String(PORTS.followerSecondary)],
      ]),
    );
  }
  const followerUrl = (ip) => `http://${ip}:${PORTS.follower}/api`;
  const host = `localhost:${PORTS.follower}`;
  for (const ip of ['127.0.0.2', '127.0.0.3']) {
    await waitFor(`${ip} to sync`, async () => {
      const { text } = await getJson(`${followerUrl(ip)}/node/status`, host);
      return JSON.parse(text).data.synced === true;
    });
  }

  // Height-pinned URLs: both followers must answer them byte for byte alike, before and during the load.
  const { text: chainText } = await getJson(`${followerUrl('127.0.0.2')}/blockchain`, host);
  const pinned = Math.min(JSON.parse(chainText).data.block.height, 10);
  const urls = [
    '/blocks/1',
    `/blocks/${pinned}`,
    `/blocks?height.from=1&height.to=${pinned}&orderBy=height:asc`,
    '/blocks/1/transactions',
    `/rounds/1/delegates`,
    '/node/configuration/crypto',
  ];
  const expected = new Map();
  for (const url of urls) {
    const one = await getJson(`${followerUrl('127.0.0.2')}${url}`, host);
    const two = await getJson(`${followerUrl('127.0.0.3')}${url}`, host);
    if (one.status !== 200 || pinnedBody(one.text) !== pinnedBody(two.text)) {
      throw new Error(`the followers differ on ${url}:\n${one.text}\n${two.text}`);
    }
    expected.set(url, pinnedBody(one.text));
  }

  const config = join(work, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig());
  const proxy = start('haproxy', 'haproxy', ['-db', '-f', config]);
  const front = `http://127.0.0.1:${HAPROXY_PORT}/api`;
  await waitFor('HAProxy', async () => (await getJson(`${front}/blocks/1`)).status === 200);

  const stats = { ok: 0, failed: 0, different: 0, errors: new Map() };
  const deadline = Date.now() + SECONDS * 1000;
  let killedAt;
  const killer = setTimeout(
    () => {
      killedAt = Date.now();
      followers[1].kill('SIGKILL');
      console.log(`killed follower2 (SIGKILL) ${((SECONDS * 1000) / 2 / 1000).toFixed(0)} s into the load`);
    },
    (SECONDS * 1000) / 2,
  );
  const client = async (k) => {
    for (let i = k; Date.now() < deadline; i++) {
      const url = urls[i % urls.length];
      try {
        const answer = await getJson(`${front}${url}`);
        if (answer.status !== 200) {
          stats.failed++;
          stats.errors.set(`HTTP ${answer.status}`, (stats.errors.get(`HTTP ${answer.status}`) ?? 0) + 1);
        } else if (pinnedBody(answer.text) !== expected.get(url)) stats.different++;
        else stats.ok++;
      } catch (error) {
        stats.failed++;
        const key = String(error?.code ?? error);
        stats.errors.set(key, (stats.errors.get(key) ?? 0) + 1);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));
  clearTimeout(killer);
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `${CLIENTS} clients for ${seconds.toFixed(0)} s through HAProxy: ${stats.ok} identical answers, ` +
      `${stats.different} different, ${stats.failed} failed ${JSON.stringify(Object.fromEntries(stats.errors))}; ` +
      `${(stats.ok / seconds).toFixed(0)} requests/s; follower2 killed ${killedAt ? 'mid-load' : 'never'}`,
  );
  proxy.kill('SIGTERM');
  const passed = stats.failed === 0 && stats.different === 0 && killedAt !== undefined && stats.ok > 0;
  console.log(passed ? 'PASSED' : 'FAILED');
  return passed ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(`haproxy-followers: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  rmSync(work, { recursive: true, force: true });
}
process.exit(code);
