/**
 * Hosting a node (src/core/host/): the embedded node with its API on its ports and its LocalChain, as the app core
 * and `votary node` start it — a taken port falls back to free ones when the host allows it (the app) and is an
 * ApiListenError naming the reason otherwise (the CLI), with the node stopped so its chain is free again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiListenError, hostLocalNode } from '../../src/core/host';
import { localnet } from '../../src/core/node/localnet';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-node-host-'));
  dirs.push(dir);
  return dir;
}

let taken: Server;
let takenPort: number;

beforeAll(async () => {
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as { port: number }).port;
});

afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('hostLocalNode', () => {
  it('serves the node on its ports and reaches it through its LocalChain; the hook runs before it listens', async () => {
    let heightAtStart: number | undefined;
    const host = await hostLocalNode({
      node: { dataDir: tempDir(), forging: false },
      networkId: 'embedded',
      listen: { publicPort: 0, port: 0 },
      onNodeStarted: (node) => {
        heightAtStart = node.height;
      },
    });
    try {
      expect(heightAtStart).toBe(1);
      expect(host.urls.publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const answer = (await (await fetch(`${host.urls.publicUrl}/blockchain`)).json()) as {
        data: { block: { height: number } };
      };
      expect(answer.data.block.height).toBe(1);
      expect(host.chain.networkId).toBe('embedded');
      // The LocalChain is this node's: its account view stands at the node's height.
      const address = addressFromPassphrase('a wallet of no one', localnet.network.pubKeyHash);
      expect((await host.chain.account(address, undefined)).height).toBe(host.node.height);
    } finally {
      await host.close();
    }
  });

  it('takes free ports when a wanted one is taken and the host allows it, and says which were wanted', async () => {
    const fallbacks: [{ publicPort: number; port: number }, string][] = [];
    const host = await hostLocalNode({
      node: { dataDir: tempDir(), forging: false },
      networkId: 'embedded',
      listen: { publicPort: takenPort, port: 0 },
      onPortFallback: (wanted, publicUrl) => fallbacks.push([wanted, publicUrl]),
    });
    try {
      expect(fallbacks).toEqual([[{ publicPort: takenPort, port: 0 }, host.urls.publicUrl]]);
      expect(host.urls.publicUrl).not.toContain(`:${takenPort}/`);
      expect((await fetch(`${host.urls.publicUrl}/blockchain`)).status).toBe(200);
    } finally {
      await host.close();
    }
  });

  it('refuses a taken port with the reason when the ports were chosen, and leaves the chain free', async () => {
    const dataDir = tempDir();
    const start = hostLocalNode({
      node: { dataDir, forging: false },
      networkId: 'localnet',
      listen: { publicPort: takenPort, port: 0 },
    });
    await expect(start).rejects.toBeInstanceOf(ApiListenError);
    await expect(start).rejects.toMatchObject({
      message: 'cannot serve the API on 127.0.0.1: EADDRINUSE',
      reason: 'EADDRINUSE',
    });
    // The node was stopped: its chain's lock is free for the next start.
    const again = await hostLocalNode({
      node: { dataDir, forging: false },
      networkId: 'localnet',
      listen: { publicPort: 0, port: 0 },
    });
    await again.close();
  });
});
