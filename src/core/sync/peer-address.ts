/**
 * What a peer's address is (docs/design/sync.md "P2P", "In the app"): which addresses a peer list may name, and
 * which host a peer is on. ARK Core's `/api/peers` names each peer by `ip` (core-api `resources/peer.ts`); a list
 * is a peer's claim, so an entry is taken only as an IP address — no host name for a list to steer the follower
 * through DNS — and a public one, unless the user configured a special peer themselves. One machine has more than
 * one spelling (an IPv4 address, the same as IPv4-mapped IPv6 ::ffff:a.b.c.d), and every one is read as the same
 * host, so that a peer listing itself again is neither a new peer nor another host's word (unsupported-claims.ts).
 */
import { BlockList, isIP } from 'node:net';
import { normalizePeerUrl } from '../client';

/**
 * Addresses no public node has: loopback, private, link-local, shared, multicast, reserved, documentation. (An
 * IPv4-mapped IPv6 address, ::ffff:a.b.c.d, is checked against the IPv4 rules: node:net's BlockList does so.)
 */
const SPECIAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  SPECIAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  SPECIAL.addSubnet(network, prefix, 'ipv6');
}

/** Whether `host` (a URL's hostname or a listed ip) is loopback, private or otherwise not a public address. */
export function isSpecialHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^localhost$/i.test(bare)) return true;
  const family = isIP(bare);
  if (family === 0) return false;
  return SPECIAL.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** `::ffff:` and the address's two low groups, as the URL parser writes an IPv4-mapped IPv6 address. */
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * The host as one machine is known by, without brackets: an IPv4-mapped IPv6 address as its IPv4 address, any
 * other IPv6 address in the URL parser's one form (lower case, zeros compressed), a name in lower case.
 */
export function canonicalHost(host: string): string {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(bare) !== 6) return bare;
  let short: string;
  try {
    short = new URL(`http://[${bare}]`).hostname.slice(1, -1);
  } catch {
    return bare; // a zone index (fe80::1%eth0), which no URL holds
  }
  const mapped = IPV4_MAPPED.exec(short);
  if (mapped === null) return short;
  const high = Number.parseInt(mapped[1]!, 16);
  const low = Number.parseInt(mapped[2]!, 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The host of a peer's URL (public API or P2P), canonical: peers on one host are one operator's word. */
export function hostOf(url: string): string {
  try {
    return canonicalHost(new URL(url).hostname);
  } catch {
    return url;
  }
}

/** A peer's normalized URL (client/urls.ts) with its host canonical: one machine's two spellings are one URL. */
export function canonicalPeerUrl(url: string): string {
  const parsed = new URL(url);
  const host = canonicalHost(parsed.hostname);
  if (isIP(host) === 4) parsed.hostname = host;
  return normalizePeerUrl(parsed.href);
}

/**
 * The host part of a URL (`a.b.c.d` or `[v6]`) for the `ip` a peer list names, canonical; undefined when the entry
 * is not to be taken: not an IP address as node:net reads one (a host name, or `2130706433` and `0x7f000001`,
 * which the URL parser would read as 127.0.0.1), or a special address while `specialAllowed` is false.
 */
export function listedUrlHost(ip: string, specialAllowed: boolean): string | undefined {
  if (isIP(ip) === 0) return undefined;
  if (!specialAllowed && isSpecialHost(ip)) return undefined;
  const host = canonicalHost(ip);
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** Whether any of the configured peers' URLs is on a special address: then a list may name such addresses too. */
export function specialAllowedBy(configured: readonly string[]): boolean {
  return configured.some((url) => isSpecialHost(new URL(url).hostname));
}
