/**
 * Peers for the follower's tests, all in this process: Votary API servers answered through fastify's `inject`
 * (no sockets), each under its own loopback port in the peer URL, and peers that lie by rewriting an honest
 * peer's answers (a flipped byte in a transaction, a different network).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ApiServer } from '../../src/core/api';
import { createApiServer } from '../../src/core/api';
import { inProcessFetch } from '../support/in-process-fetch';
import { PeerPool, type FetchLike } from '../../src/core/client';
import { LocalNode } from '../../src/core/node/node';
import { nodeParts } from '../../src/core/node/parts';
import { discoverFollowedNetwork, Follower, type Discovery, type FollowerOptions } from '../../src/core/sync';
import { forgeBlock, type TestChain } from '../node/support/chain-fixture';

export type Rewrite = (url: URL, body: unknown) => unknown;

/** One fetch for several in-process peers, told apart by the port of their URL. */
export interface TestPeer {
  server: ApiServer;
  rewrite?: Rewrite;
  /** Claims to be this many blocks ahead (X-Block-Height), so the follower asks it first. */
  claimsAhead?: number;
  /** While true, the peer does not answer (a failed connection). */
  down?: () => boolean;
}

export function peersFetch(peers: Record<number, TestPeer>): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const peer = peers[Number(url.port)];
    if (peer === undefined || peer.down?.() === true) {
      throw new TypeError(`fetch failed: nothing listens on ${url.host}`);
    }
    const answer = await inProcessFetch(peer.server.publicApp)(
      `http://127.0.0.1:4003${url.pathname}${url.search}`,
      init,
    );
    if ((peer.rewrite === undefined && peer.claimsAhead === undefined) || !answer.ok) return answer;
    const json: unknown = await answer.json();
    const body = peer.rewrite === undefined ? json : peer.rewrite(url, json);
    const headers = new Headers(answer.headers);
    headers.delete('content-length');
    if (peer.claimsAhead !== undefined) {
      headers.set('x-block-height', String(Number(headers.get('x-block-height')) + peer.claimsAhead));
    }
    return new Response(JSON.stringify(body), { status: answer.status, headers });
  };
}

/** A peer URL as the client keeps it (normalized: no trailing `/api`). */
export const peerUrl = (port: number) => `http://127.0.0.1:${port}`;

/** Flips one hex digit of a string (a byte of a signature, an id…). */
export function flipHex(value: string, at = 10): string {
  const digit = value[at] === '0' ? '1' : '0';
  return value.slice(0, at) + digit + value.slice(at + 1);
}

export interface FollowerUnderTest {
  node: LocalNode;
  follower: Follower;
  discovery: Discovery;
  peerPool: PeerPool;
  logs: string[];
  server: ApiServer;
  close(): Promise<void>;
}

export async function startFollower(
  urls: readonly string[],
  fetch: FetchLike,
  options: Partial<FollowerOptions> = {},
  start = true,
): Promise<FollowerUnderTest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-follow-'));
  const peerPool = new PeerPool(urls, { fetch, timeoutMs: 2_000 });
  const discovery = await discoverFollowedNetwork(peerPool);
  peerPool.setPeers(discovery.peers);
  const node = await LocalNode.start({
    dataDir,
    followed: { network: discovery.network, genesis: discovery.genesis },
  });
  const logs: string[] = [];
  const follower = new Follower({
    node,
    network: discovery.network,
    peerPool,
    exceptions: discovery.exceptions,
    pollMs: 20,
    // The in-process peers have no limit; the budget has tests of its own (rate-budget, spread).
    apiRateLimit: 'none',
    log: (line) => logs.push(line),
    ...options,
  });
  const server = createApiServer({ node, eagerSchemas: true });
  await server.publicApp.ready();
  if (start) follower.start();
  return {
    node,
    follower,
    discovery,
    peerPool,
    logs,
    server,
    async close() {
      await follower.stop();
      await server.close();
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` holds (polling), or fails naming what was awaited. */
export async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A peer of the test chain holding `blocks` empty blocks above its genesis, its public API ready to be asked. */
export interface EmptyChainPeer {
  node: LocalNode;
  server: ApiServer;
  close(): Promise<void>;
}

export async function startEmptyChainPeer(chain: TestChain, blocks: number): Promise<EmptyChainPeer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-peer-'));
  const node = await LocalNode.start({
    dataDir,
    followed: { network: chain.network, genesis: chain.genesis },
  });
  for (let i = 0; i < blocks; i++) node.applyBlock(forgeBlock(chain, nodeParts(node).store));
  const server = createApiServer({ node, eagerSchemas: true });
  await server.publicApp.ready();
  return {
    node,
    server,
    async close() {
      await server.close();
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
