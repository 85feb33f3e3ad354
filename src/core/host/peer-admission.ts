/**
 * Which peers a running follower may take on later (docs/design/sync.md "Discovery": the network's rules are fixed; "In the app"): a peer is
 * followed only once its crypto configuration is the network's decided one (discovery.ts, rules.ts); the peers the
 * followed peers list (`/api/peers`, ARK's public API port from `ports`) are candidates, so that the own node
 * follows several peers and one hostile peer is outvoted.
 */
import { z } from 'zod';
import { normalizePeerUrl, PeerPool } from '../client';
import {
  canonicalPeerUrl,
  discoverFollowedNetwork,
  listedUrlHost,
  specialAllowedBy,
  type CryptoConfigJson,
  type PeerRefusal,
} from '../sync';

const peersAnswer = z.object({
  data: z
    .array(
      z.object({
        ip: z.string(),
        port: z.number().int(),
        ports: z.record(z.string(), z.number().nullable()).optional(),
      }),
    )
    .max(100),
});

const API_PLUGIN = '@arkecosystem/core-api';

/** The API URLs of the peers `peerPool`'s peers list (at most `limit` new ones), in the order they were listed. */
export async function listedPeers(peerPool: PeerPool, limit: number): Promise<string[]> {
  // The same rules as for P2P interfaces (sync/peer-address.ts): IP addresses only, special ones only when a
  // configured peer is special; a peer listed under another spelling of a known one's address is that peer.
  const known = new Set(peerPool.urls().map(canonicalPeerUrl));
  const specialAllowed = specialAllowedBy(peerPool.urls());
  const found: string[] = [];
  for (const peer of peerPool.candidates()) {
    if (found.length >= limit) break;
    let answer;
    try {
      answer = await peerPool.attempt(peer, {
        method: 'GET',
        route: '/peers',
        query: { limit: 100 },
        schema: peersAnswer,
      });
    } catch {
      continue;
    }
    for (const listed of answer.value.data) {
      const port = listed.ports?.[API_PLUGIN] ?? listed.port;
      if (port === null || port <= 0 || port > 65_535) continue;
      const host = listedUrlHost(listed.ip, specialAllowed);
      if (host === undefined) continue;
      let url: string;
      try {
        url = normalizePeerUrl(`http://${host}:${port}`);
      } catch {
        continue;
      }
      if (known.has(url)) continue;
      known.add(url);
      found.push(url);
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** The URLs among `urls` whose peers serve exactly the decided network; the others with the reason. */
export async function admitPeers(
  urls: readonly string[],
  decided: CryptoConfigJson,
): Promise<{ admitted: string[]; refused: PeerRefusal[] }> {
  if (urls.length === 0) return { admitted: [], refused: [] };
  const probe = new PeerPool(urls);
  try {
    const nethash = String(decided.network.nethash);
    const discovery = await discoverFollowedNetwork(probe, { stored: [decided], expectedNethash: nethash });
    return { admitted: discovery.peers, refused: discovery.refused };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { admitted: [], refused: urls.map((url) => ({ url, reason })) };
  }
}
