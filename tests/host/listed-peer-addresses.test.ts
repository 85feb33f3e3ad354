/**
 * The public API peers a followed peer's `/api/peers` list may add to the pool (core/host/peer-admission.ts
 * `listedPeers`, core/sync/peer-address.ts; docs/design/sync.md "In the app"): only IP addresses as node:net reads
 * them — no host name for a list to steer the follower through DNS, no number the URL parser would turn into an
 * address — and, unless a configured peer is special, only public ones. One machine is one peer and one host,
 * whichever spelling of its address a list uses (IPv4-mapped IPv6 is read as IPv4), so a peer listing itself again
 * is neither a new peer nor another host's word (core/sync/unsupported-claims.ts).
 */
import { describe, expect, it } from 'vitest';
import { PeerPool, type FetchLike } from '../../src/core/client';
import { listedPeers } from '../../src/core/host/peer-admission';
import { hostOf } from '../../src/core/sync/peer-address';

function listing(entries: unknown[]): FetchLike {
  return () =>
    Promise.resolve(
      new Response(JSON.stringify({ meta: {}, data: entries }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
}

describe('listedPeers (public API peers from /api/peers)', () => {
  it("takes no loopback, unspecified, shared or host-name entry from a public peer's list", async () => {
    const hostile = [
      { ip: '2130706433', port: 4003 }, // http://127.0.0.1:4003 once the URL parser reads it
      { ip: '0x7f000001', port: 4004 }, // 127.0.0.1
      { ip: '0.0.0.0', port: 4005 }, // this host
      { ip: '::ffff:127.0.0.1', port: 4006 }, // IPv4-mapped loopback
      { ip: '0:0:0:0:0:0:0:1', port: 4007 }, // ::1
      { ip: '100.64.0.1', port: 4008 }, // shared (CGNAT)
      { ip: 'localhost.', port: 4009 },
      { ip: '127.0.0.1.nip.io', port: 4010 }, // a host name: DNS decides
      { ip: 'intranet.corp', port: 4011 }, // a host name: DNS decides
    ];
    const pool = new PeerPool(['http://203.0.114.7:4003'], { fetch: listing(hostile) });
    expect(await listedPeers(pool, 100)).toEqual([]);
  });

  it("takes a public peer's public addresses, an IPv4-mapped one as IPv4", async () => {
    const listed = [
      { ip: '5.39.9.245', port: 4001, ports: { '@arkecosystem/core-api': 4003 } },
      { ip: '::ffff:5.39.9.246', port: 4003 },
      { ip: '2a01:4f8:c17:1::1', port: 4003 },
    ];
    const pool = new PeerPool(['http://203.0.114.7:4003'], { fetch: listing(listed) });
    expect(await listedPeers(pool, 100)).toEqual([
      'http://5.39.9.245:4003',
      'http://5.39.9.246:4003',
      'http://[2a01:4f8:c17:1::1]:4003',
    ]);
  });

  it('takes special addresses when a configured peer is special, but still no host name', async () => {
    const listed = [
      { ip: '127.0.0.1', port: 4103 },
      { ip: '10.0.0.2', port: 4003 },
      { ip: 'localhost', port: 4203 },
    ];
    const pool = new PeerPool(['http://127.0.0.1:4003'], { fetch: listing(listed) });
    expect(await listedPeers(pool, 100)).toEqual(['http://127.0.0.1:4103', 'http://10.0.0.2:4003']);
  });

  it('does not take a peer listing itself again as another host (an IPv4-mapped alias of its address)', async () => {
    const self = 'http://198.51.100.1:4003';
    const pool = new PeerPool([self], { fetch: listing([{ ip: '::ffff:198.51.100.1', port: 4003 }]) });
    const found = await listedPeers(pool, 10);
    expect(found.map(hostOf).filter((host) => host !== hostOf(self))).toEqual([]);
    expect(found).toEqual([]);
  });
});
