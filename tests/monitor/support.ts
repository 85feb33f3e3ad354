/**
 * Embedded localnet nodes for the monitor tests: each a LocalNode without slot timer, driven by a shared fake
 * clock (`forger.forgeAt`), serving its public API on a free port so the monitor reads it over HTTP exactly as
 * it reads a remote node. A NodeMonitor on a temp database watches them, on the same clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { NodeClient, normalizePeerUrl } from '../../src/core/client';
import { NodeMonitor, type NodeMonitorOptions } from '../../src/core/monitor';
import { localnet } from '../../src/core/node/localnet';
import { LocalNode } from '../../src/core/node/node';
import { epochUnixMs, milestoneAt } from '../../src/core/protocol/networks';

const dirs: string[] = [];

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-monitor-'));
  dirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export const BLOCK_TIME = milestoneAt(localnet, 1).blocktime;

/** The shared fake clock: a slot start well after the genesis block. */
export function fakeClock(): { now: number } {
  return { now: epochUnixMs(localnet) + 1000 * BLOCK_TIME * 1000 };
}

export interface ServedNode {
  node: LocalNode;
  api: ApiServer;
  url: string;
  client: NodeClient;
  close(): Promise<void>;
}

export async function serveNode(clock: { now: number }): Promise<ServedNode> {
  const node = await LocalNode.start({ dataDir: tempDir(), forging: false, now: () => clock.now });
  const api = createApiServer({
    node,
    publicPort: 0,
    port: 0,
    now: () => clock.now,
    onServerError: (error) => {
      throw error;
    },
  });
  const { publicUrl } = await api.listen();
  const url = normalizePeerUrl(publicUrl);
  return {
    node,
    api,
    url,
    client: new NodeClient([url]),
    close: async () => {
      await api.close();
      await node.stop();
    },
  };
}

/** A monitor on a temp database watching `own` (and `peers`), on the fake clock. */
export function watch(
  clock: { now: number },
  own: ServedNode,
  peers: readonly ServedNode[] = [],
  options: Partial<NodeMonitorOptions> = {},
): NodeMonitor {
  const monitor = new NodeMonitor({
    file: join(tempDir(), 'monitor.db'),
    now: () => clock.now,
    onDefect: (error) => {
      throw error;
    },
    ...options,
  });
  monitor.follow({
    networkId: 'embedded',
    nethash: localnet.network.nethash,
    name: 'localnet',
    network: own.node.network,
    ownUrl: own.url,
    ownId: 'embedded',
    ownVerified: true,
    peers: peers.map((peer) => peer.url),
    client: own.client,
  });
  return monitor;
}
