/**
 * `npm run soak:p2p`: hostile P2P peers against a follower, outside `npm run check` (docs/benchmarks.md "Hostile P2P
 * peers"). One honest Votary chain of BLOCKS empty blocks serves its public API on a loopback address
 * (tests/sync/hostile/proxy.ts); a follower (core/host/followed-host.ts, as `votary node --follow <api> --p2p
 * <peer>` runs it, ARK's request limits) catches up with it while one P2P peer on loopback, in a child process of
 * its own (so that its work is not the follower's), does one of:
 *
 *   control  — no P2P peer at all;
 *   padding  — answers getBlocks with the true next blocks plus ~19 MiB of three-byte unknown protobuf fields;
 *   pings    — answers the hello, then floods nes pings and never reads what it is sent;
 *   silent   — answers the hello and getStatus, never a getBlocks.
 *
 * For each: seconds to catch up, the follower process's peak RSS and heap, its public API's slowest and 99th
 * percentile answer to GET /api/node/status asked every 50 ms (fastify inject on the follower's own thread, timed
 * from when the request was due: what a stalled thread costs a client), the event loop's longest stall, the getBlocks the P2P peer received, and the
 * follower's verdict on it. The attack goes on for HOLD seconds after the catch-up.
 *
 * Usage: node dist/soak-p2p.mjs [scenarios=control,padding,pings,silent] [blocks=1100] [hold=10]
 *   (internal role: --role=hostile)
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocketServer, type WebSocket } from 'ws';
import { openFollowedHost } from '../../src/core/host';
import {
  decodeGetBlocksRequest,
  encodeGetBlocksResponse,
  encodeGetStatusResponse,
  P2pPeers,
  parseNesMessage,
  stringifyNesMessage,
  type P2pBlock,
} from '../../src/core/p2p';
import { nodeParts } from '../../src/core/node/parts';
import { startApiChain } from '../api/support/api-chain';
import { startPeer } from '../sync/hostile/proxy';
import { p2pBlockOf, paddedGetBlocksAnswer } from '../sync/p2p-peer-server';

const HERE = fileURLToPath(import.meta.url);
type Scenario = 'control' | 'padding' | 'pings' | 'silent';
const PADDING_BYTES = 19 * 1024 * 1024;
const SCENARIO_TIMEOUT_MS = 150_000;

interface HostileJob {
  scenario: Exclude<Scenario, 'control'>;
  nethash: string;
  /** The honest chain's blocks from height 2, transactions as hex. */
  blocks: (Omit<P2pBlock, 'transactions'> & { transactions: string[] })[];
}

/** The hostile P2P peer (a child process): reports its port, then how many getBlocks and pings it sent. */
function hostileRole(): void {
  process.once('message', (job: HostileJob) => {
    const blocks: P2pBlock[] = job.blocks.map((block) => ({
      ...block,
      transactions: block.transactions.map((hex) => Uint8Array.from(Buffer.from(hex, 'hex'))),
    }));
    const tip = blocks.at(-1)!;
    let getBlocks = 0;
    let pings = 0;
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
    server.on('listening', () =>
      process.send?.({ kind: 'port', port: (server.address() as AddressInfo).port }),
    );
    server.on('connection', (socket: WebSocket) => {
      socket.on('error', () => undefined);
      socket.on('message', (data: Buffer) => {
        const message = parseNesMessage(data);
        if (message.type === 'hello') {
          socket.send(
            stringifyNesMessage({
              type: 'hello',
              id: message.id,
              socket: 'soak',
              heartbeat: { interval: 15_000, timeout: 5_000 },
            }),
          );
          if (job.scenario === 'pings') {
            // Never reads again; pings as fast as this thread can write them.
            socket.pause();
            const flood = setInterval(() => {
              if (socket.readyState !== socket.OPEN) return clearInterval(flood);
              for (let i = 0; i < 50; i++) {
                socket.send(stringifyNesMessage({ type: 'ping', id: ++pings }));
              }
            }, 1);
          }
          return;
        }
        if (message.type !== 'request') return;
        if (message.path === 'p2p.peer.getStatus') {
          const { transactions: _t, ...header } = tip;
          const payload = encodeGetStatusResponse({
            height: tip.height,
            header,
            version: '3.9.1',
            nethash: job.nethash,
          });
          socket.send(stringifyNesMessage({ type: 'request', id: message.id, payload }));
          return;
        }
        if (message.path !== 'p2p.blocks.getBlocks') return;
        getBlocks++;
        if (job.scenario !== 'padding') return; // silent
        const { lastBlockHeight, blockLimit } = decodeGetBlocksRequest(message.payload);
        const served = blocks.filter(
          (block) => block.height > lastBlockHeight && block.height <= lastBlockHeight + blockLimit,
        );
        const payload =
          served.length === 0 ? encodeGetBlocksResponse([]) : paddedGetBlocksAnswer(served, PADDING_BYTES);
        socket.send(stringifyNesMessage({ type: 'request', id: message.id, payload }));
      });
    });
    process.on('message', (message) => {
      if (message !== 'report') return;
      process.send?.({ kind: 'report', getBlocks, pings }, () => process.exit(0));
    });
  });
}

interface Figures {
  scenario: Scenario;
  caughtUp: boolean;
  catchUpS: number;
  peakRssMiB: number;
  peakHeapMiB: number;
  apiMaxMs: number;
  apiP99Ms: number;
  loopMaxMs: number;
  getBlocks: number;
  pings: number;
  p2pVerdict: string;
}

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

async function measure(scenario: Scenario, blocks: number, holdS: number): Promise<Figures> {
  const chain = await startApiChain();
  for (let i = chain.node.height; i < blocks + 1; i++) chain.step();
  const nethash = nodeParts(chain.node).store.network.network.nethash;
  const api = await startPeer(chain.server);
  let child: ReturnType<typeof fork> | undefined;
  let p2pUrl: string | undefined;
  if (scenario !== 'control') {
    child = fork(HERE, ['--role=hostile'], { stdio: 'inherit' });
    const port = new Promise<number>((resolve) =>
      child!.on('message', (message: { kind?: string; port?: number }) => {
        if (message.kind === 'port') resolve(message.port!);
      }),
    );
    const served: HostileJob['blocks'] = [];
    for (let height = 2; height <= chain.node.height; height++) {
      const block = p2pBlockOf(chain.node, height)!;
      served.push({
        ...block,
        transactions: block.transactions.map((tx) => Buffer.from(tx).toString('hex')),
      });
    }
    child.send({ scenario, nethash, blocks: served } satisfies HostileJob);
    p2pUrl = `ws://127.0.0.1:${await port}`;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-soak-p2p-'));
  const host = await openFollowedHost({
    dataDir,
    peers: [api.url],
    log: () => undefined,
    discoverP2p: false,
    follower: {
      now: () => chain.clock.now,
      ...(p2pUrl === undefined ? {} : { p2p: new P2pPeers([p2pUrl]) }),
    },
  });
  global.gc?.();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let peakRss = 0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  }, 50);
  const latencies: number[] = [];
  let asking = true;
  // Measured from when each request was due (50 ms after the last answer): a thread stalled meanwhile delays the
  // request itself, which a client on another process would wait for all the same.
  const asker = (async () => {
    while (asking) {
      const due = performance.now() + 50;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await host.api.publicApp.inject({ url: '/api/node/status', headers: { host: '127.0.0.1:4003' } });
      latencies.push(performance.now() - due);
    }
  })();
  const started = performance.now();
  host.follower.start();
  const deadline = Date.now() + SCENARIO_TIMEOUT_MS;
  while (host.node.height < chain.node.height && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const caughtUp = host.node.height >= chain.node.height;
  const catchUpS = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, holdS * 1000));
  asking = false;
  await asker;
  clearInterval(sampler);
  loop.disable();
  const peer = host.follower.status().peers.find((status) => status.url === p2pUrl);
  const p2pVerdict =
    peer === undefined
      ? '—'
      : peer.banned !== undefined
        ? `banned: ${peer.banned.reason.slice(0, 80)}`
        : `${peer.lastError ?? 'no error'}`.slice(0, 100);
  let report = { getBlocks: 0, pings: 0 };
  if (child !== undefined) {
    const c = child;
    report = await new Promise((resolve) => {
      c.on('message', (message: { kind?: string; getBlocks: number; pings: number }) => {
        if (message.kind === 'report') resolve(message);
      });
      c.send('report');
    });
  }
  await host.close();
  await api.close();
  await chain.close();
  rmSync(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  return {
    scenario,
    caughtUp,
    catchUpS: Math.round(catchUpS * 10) / 10,
    peakRssMiB: mib(peakRss),
    peakHeapMiB: mib(peakHeap),
    apiMaxMs: Math.round(latencies.at(-1) ?? 0),
    apiP99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
    loopMaxMs: Math.round(loop.max / 1e6),
    getBlocks: report.getBlocks,
    pings: report.pings,
    p2pVerdict,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const scenarios = (args[0] ?? 'control,padding,pings,silent').split(',') as Scenario[];
  const blocks = Number(args[1] ?? 1_100);
  const holdS = Number(args[2] ?? 10);
  console.log(
    `soak:p2p — ${blocks} blocks, attack held ${holdS} s after the catch-up, ${new Date().toISOString()}`,
  );
  for (const scenario of scenarios) {
    const figures = await measure(scenario, blocks, holdS);
    console.log(JSON.stringify(figures));
  }
  process.exit(0);
}

if (process.argv.includes('--role=hostile')) hostileRole();
else await main();
