/**
 * A follower as the CLI and the app run it (core/host/followed-host.ts: discovery, node, follower, API),
 * following hostile peers (proxy.ts) in front of one honest in-process Votary chain (tests/api/support/api-chain.ts).
 * The follower's clock is the chain's fake clock, so the slot bound and "advanced within a few block times" are
 * exact: time moves only when the test moves it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openFollowedHost, type FollowedHost } from '../../../src/core/host';
import type { FollowerOptions } from '../../../src/core/sync';
import type { ApiChain } from '../../api/support/api-chain';
import { passThrough, send, type HostilePeer, type Mutation } from './proxy';

export interface Followed {
  host: FollowedHost;
  dataDir: string;
  logs: string[];
  /** Whether the follower ended by itself (it must not). */
  ended: () => boolean;
  close(options?: { keepData?: boolean }): Promise<void>;
}

export async function follow(
  chain: ApiChain,
  peers: readonly HostilePeer[],
  options: {
    dataDir?: string;
    follower?: Pick<FollowerOptions, 'maxRevert' | 'banMs' | 'apiRateLimit'>;
    timeoutMs?: number;
    minPeers?: number;
  } = {},
): Promise<Followed> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'votary-hostile-'));
  const logs: string[] = [];
  const host = await openFollowedHost({
    dataDir,
    peers: peers.map((peer) => peer.url),
    log: (line) => logs.push(line),
    // A budget as the CLI keeps one, at a rate these short tests can wait for (the peers announce no limit).
    follower: {
      pollMs: 20,
      now: () => chain.clock.now,
      apiRateLimit: { limit: 6_000, windowMs: 60_000 },
      ...options.follower,
    },
    client: { timeoutMs: options.timeoutMs ?? 1_500 },
    ...(options.minPeers === undefined ? {} : { minPeers: options.minPeers }),
  });
  let ended = false;
  let closing = false;
  void host.follower.finished().then(() => {
    ended = !closing;
  });
  host.follower.start();
  return {
    host,
    dataDir,
    logs,
    ended: () => ended,
    async close(closeOptions = {}) {
      closing = true;
      await host.close();
      if (closeOptions.keepData !== true) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Answers block routes with 503 until `open()` holds, then as `then` does: an honest peer that is busy until the
 * attack ran (it still describes its network, so that discovery takes it).
 */
export function gate(open: () => boolean, then: Mutation = passThrough): Mutation {
  return async (exchange) => {
    if (!exchange.url.pathname.startsWith('/api/blocks') || open()) return then(exchange);
    await send(
      exchange.res,
      503,
      { 'content-type': 'application/json' },
      '{"statusCode":503,"message":"busy"}',
    );
  };
}

/** Whether the peer was asked for blocks or a block's transactions (not only the configuration at discovery). */
export function askedForBlocks(peer: HostilePeer): boolean {
  return peer.requests.some((path) => path.startsWith('/api/blocks'));
}

export async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
