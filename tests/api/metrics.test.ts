/**
 * `GET /metrics` on the secondary interface (src/core/api/secondary/metrics.ts): Prometheus' text format with the
 * node's verified and claimed heights, sync state and rate, peers by state, pool size, database size, and the
 * public API's requests and latency by route pattern.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { SECONDARY_HOST, startApiChain, user1, type ApiChain } from './support/api-chain';
import { get } from './support/http';

let chain: ApiChain;
let follower: ApiServer;

beforeAll(async () => {
  chain = await startApiChain();
  follower = createApiServer({
    node: chain.node,
    sync: {
      networkHeight: () => chain.node.height + 40,
      peers: () => [],
      relay: () => undefined,
      status: () => ({
        state: 'syncing',
        blocksBehind: 40,
        blocksPerSecond: 123.5,
        peers: [
          { url: 'http://10.0.0.1:4003', height: chain.node.height + 40, latencyMs: 25, banned: undefined },
          { url: 'http://10.0.0.2:4003', height: 7, latencyMs: 80, banned: { until: 0, reason: 'forked' } },
          { url: 'http://10.0.0.3:4003', height: undefined, latencyMs: undefined, banned: undefined },
        ],
      }),
    },
  });
  await Promise.all([follower.publicApp.ready(), follower.secondaryApp.ready()]);
});

afterAll(async () => {
  await follower?.close();
  await chain?.close();
});

async function scrape(server: ApiServer): Promise<{ text: string; type: string }> {
  const answer = await get(server.secondaryApp, '/metrics', { host: SECONDARY_HOST });
  expect(answer.status).toBe(200);
  return { text: answer.text, type: String(answer.headers['content-type']) };
}

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it("tells the embedded node's height, pool, database size and process in Prometheus' format", async () => {
    const { text, type } = await scrape(chain.server);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, 'votary_chain_height')).toBe(chain.node.height);
    // A node that follows nothing is its chain's only node: synced at its own height.
    expect(sample(text, 'votary_network_height')).toBe(chain.node.height);
    expect(sample(text, 'votary_sync_state{state="synced"}')).toBe(1);
    expect(sample(text, 'votary_sync_state{state="syncing"}')).toBe(0);
    expect(sample(text, 'votary_pool_transactions')).toBe(nodeParts(chain.node).pool.size());
    expect(sample(text, 'votary_database_bytes')).toBeGreaterThan(100_000);
    expect(sample(text, 'votary_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts the public API requests by route pattern and status, with their latency', async () => {
    await get(chain.server.publicApp, `/api/wallets/${user1.address}`);
    await get(chain.server.publicApp, `/api/wallets/${user1.address}`);
    await get(chain.server.publicApp, '/api/wallets/nobody');
    await get(chain.server.publicApp, '/api/no-such-route');
    const { text } = await scrape(chain.server);
    const route = 'method="GET",route="/api/wallets/:id"';
    expect(sample(text, `votary_api_requests_total{${route},status="200"}`)).toBe(2);
    expect(sample(text, `votary_api_requests_total{${route},status="404"}`)).toBe(1);
    expect(sample(text, 'votary_api_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, `votary_api_request_duration_seconds_count{${route}}`)).toBe(3);
    expect(sample(text, `votary_api_request_duration_seconds_bucket{le="+Inf",${route}}`)).toBe(3);
    // The client's URL never becomes a label: one series per route pattern.
    expect(text).not.toContain(user1.address);
  });

  it("tells a follower's claimed height, sync state and rate, and its peers by state", async () => {
    const { text } = await scrape(follower);
    expect(sample(text, 'votary_chain_height')).toBe(chain.node.height);
    expect(sample(text, 'votary_network_height')).toBe(chain.node.height + 40);
    expect(sample(text, 'votary_sync_state{state="syncing"}')).toBe(1);
    expect(sample(text, 'votary_sync_state{state="synced"}')).toBe(0);
    expect(sample(text, 'votary_sync_blocks_per_second')).toBe(123.5);
    expect(sample(text, 'votary_peers{state="usable"}')).toBe(1);
    expect(sample(text, 'votary_peers{state="banned"}')).toBe(1);
    expect(sample(text, 'votary_peers{state="unknown"}')).toBe(1);
    expect(sample(text, 'votary_peer_height{peer="http://10.0.0.2:4003"}')).toBe(7);
    expect(sample(text, 'votary_peer_latency_seconds{peer="http://10.0.0.1:4003"}')).toBe(0.025);
  });
});
