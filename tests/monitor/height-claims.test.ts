/**
 * A watched node's height is its word (src/core/monitor/height-claims.ts). The own node's tip plus one block a slot
 * since bounds what any node can truly have; a claim above that sets no best height, makes no node "behind" and
 * raises no node-behind alert, and the overview marks it as not believed.
 *
 * The own node is an honest served node; the other watched node is a proxy in front of the same node that rewrites
 * /api/node/syncing to claim height 99,999,999 and passes everything else through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitorViews, type NodeMonitor } from '../../src/core/monitor';
import { believableHeight } from '../../src/core/monitor/height-claims';
import { nodeParts } from '../../src/core/node/parts';
import type { MonitorAlertView } from '../../src/shared/domain/monitor';
import { BLOCK_TIME, fakeClock, removeTempDirs, serveNode, watch, type ServedNode } from './support';

const CLAIM = 99_999_999;
const clock = fakeClock();
let own: ServedNode;
let liar: { url: string; server: Server };
let monitor: NodeMonitor;
const raised: MonitorAlertView[] = [];

/** A node:http proxy in front of `target` whose /node/syncing claims a huge height. */
async function lyingProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    void (async () => {
      const upstream = await fetch(`${target}${req.url ?? '/'}`, { headers: { accept: 'application/json' } });
      let text = await upstream.text();
      if ((req.url ?? '').startsWith('/api/node/syncing')) {
        const body = JSON.parse(text) as { data: { height: number; blocks: number; syncing: boolean } };
        body.data.height = CLAIM;
        body.data.blocks = 0;
        body.data.syncing = false;
        text = JSON.stringify(body);
      }
      res.writeHead(upstream.status, {
        'content-type': upstream.headers.get('content-type') ?? 'application/json',
        'content-length': String(Buffer.byteLength(text)),
      });
      res.end(text);
    })().catch(() => {
      res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server };
}

beforeAll(async () => {
  own = await serveNode(clock);
  for (let i = 0; i < 3; i++) {
    clock.now += BLOCK_TIME * 1000;
    const outcome = nodeParts(own.node).forger.forgeAt(clock.now);
    if (outcome.kind !== 'forged') throw new Error(`did not forge: ${outcome.kind}`);
  }
  liar = await lyingProxy(own.url);
  monitor = watch(clock, own, [], { onAlert: (alert) => raised.push(alert) });
  // Watch the lying peer exactly as the network's peers are watched (MonitorTarget.peers).
  monitor.follow({ ...monitor.current, peers: [liar.url] });
  monitor.settings.update({ behindThreshold: 2 });
});

afterAll(async () => {
  await monitor.close();
  await new Promise<void>((resolve) => liar.server.close(() => resolve()));
  await own.close();
  removeTempDirs();
});

describe('the monitor and a peer that claims an impossible height', () => {
  it('neither makes the claim the best height nor calls the verified own node behind, and marks it', async () => {
    await monitor.runCycle();
    const view = monitorViews.overview(monitor);
    const ownView = view.nodes.find((node) => node.own)!;
    const liarView = view.nodes.find((node) => !node.own)!;
    expect(ownView.height).toBe(4);
    expect(view.bestHeight).toBe(4);
    expect(ownView.blocksBehind ?? 0).toBe(0);
    expect(ownView.heightBelieved).toBeUndefined();
    expect(liarView.height).toBe(CLAIM);
    expect(liarView.heightBelieved).toBe(false);
    expect(raised.filter((alert) => alert.rule === 'node-behind')).toEqual([]);
  });

  it('believes a height the slots since the own tip allow', async () => {
    // Ten block times later, with no new block on the own node: up to ten more blocks could exist elsewhere.
    clock.now += 10 * BLOCK_TIME * 1000;
    await monitor.runCycle();
    const ownSnapshot = monitor.nodes[0]!.last!;
    const bound = believableHeight(ownSnapshot, monitor.current.network, clock.now);
    expect(bound).toBeGreaterThanOrEqual(4 + 10);
    expect(bound).toBeLessThan(4 + 10 + 3);
  });

  it("on a remote network, a first peer's word bounds nothing: its impossible claim is not believed either", async () => {
    // A remote network's "my node" is only its first peer (services/monitor/monitor-host.ts): here, the liar.
    monitor.follow({
      ...monitor.current,
      ownUrl: liar.url,
      ownId: liar.url,
      ownVerified: false,
      peers: [own.url],
    });
    await monitor.runCycle();
    const view = monitorViews.overview(monitor);
    const liarView = view.nodes.find((node) => node.url === liar.url)!;
    const honest = view.nodes.find((node) => node.url === own.url)!;
    expect(liarView.own).toBe(true);
    expect(liarView.heightBelieved).toBe(false);
    expect(view.bestHeight).toBe(honest.height);
    expect(honest.blocksBehind ?? 0).toBe(0);
    expect(honest.heightBelieved).toBeUndefined();
  });
});
