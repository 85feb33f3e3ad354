/**
 * A Votary node of a test network (tests/node/support/chain-fixture.ts: 21 delegates, its own nethash) serving the
 * public API on a free port of 127.0.0.1: a peer of a network that is not the app's embedded localnet, for the
 * journeys that follow a remote network with an own node. Bundled with esbuild by the spec that uses it, as
 * restart.spec.ts does with the fake nodes.
 */
import { nodeParts } from '../../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiServer } from '../../../src/core/api';
import { LocalNode } from '../../../src/core/node/node';
import { createTestChain, forgeBlock } from '../../node/support/chain-fixture';

export interface TestNetworkPeer {
  url: string;
  height(): number;
  /** Forges `count` empty blocks in the next slots. */
  forge(count: number): void;
  close(): Promise<void>;
}

export async function startTestNetworkPeer(blocks: number): Promise<TestNetworkPeer> {
  const chain = createTestChain();
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-e2e-peer-'));
  const node = await LocalNode.start({
    dataDir,
    followed: { network: chain.network, genesis: chain.genesis },
  });
  const forge = (count: number) => {
    for (let i = 0; i < count; i++) node.applyBlock(forgeBlock(chain, nodeParts(node).store));
  };
  forge(blocks);
  const api = createApiServer({ node, publicPort: 0, port: 0 });
  const { publicUrl } = await api.listen();
  return {
    url: publicUrl,
    height: () => node.height,
    forge,
    close: async () => {
      await api.close();
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
