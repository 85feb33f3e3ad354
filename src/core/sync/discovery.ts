/**
 * Which chain the follower follows, learned from its peers (docs/design/sync.md "Discovery"): each peer's
 * `/node/configuration/crypto` (ark-core-api.md §9.8: network, milestones, exceptions, the full genesis block). The
 * first peer that answers names the chain; a peer of another nethash is refused with a message naming both. The
 * genesis block is checked by genesis.ts.
 */
import { z } from 'zod';
import type { PeerPool } from '../client';
import { networkParams, rawMilestone } from '../client/schemas/node';
import { blockHeaderFromJson, type Block, type BlockHeader } from '../protocol/blocks';
import { presetExceptions, type Network } from '../protocol/networks';
import { SyncError } from './errors';
import { checkedGenesis, genesisSummary } from './genesis';
import type { ChainExceptions } from './raw-block';

/** The crypto configuration as stored beside a followed chain and as served: plain JSON. */
export interface CryptoConfigJson {
  network: Record<string, unknown>;
  milestones: unknown[];
  exceptions?: Record<string, unknown>;
  genesisBlock: Record<string, unknown>;
}

export interface FollowedNetwork {
  network: Network;
  genesis: Block;
  exceptions: ChainExceptions;
  /** What the peer served, to store beside the chain. */
  config: CryptoConfigJson;
}

export interface PeerRefusal {
  url: string;
  reason: string;
}

export interface Discovery extends FollowedNetwork {
  /** The peers of this chain. */
  peers: string[];
  /** Peers refused: another nethash, or no usable answer. */
  refused: PeerRefusal[];
  /** The software version each peer of this chain reports (`/node/configuration` core.version), when it does. */
  versions: Record<string, string>;
}

const versionAnswer = z.object({ data: z.object({ core: z.object({ version: z.string() }) }) });

const cryptoAnswer = z.object({
  data: z.object({
    network: z.record(z.string(), z.unknown()),
    milestones: z.array(z.unknown()).min(1),
    exceptions: z.record(z.string(), z.unknown()).optional(),
    genesisBlock: z.record(z.string(), z.unknown()),
  }),
});

function idList(value: unknown): Set<string> {
  return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
}

function networkError(message: string): SyncError {
  return new SyncError('ERR_SYNC_NETWORK', message);
}

/**
 * The network, genesis block and exceptions of a crypto configuration, checked: the network's fields, the
 * milestones (from height 1), and the genesis block (genesis.ts).
 */
export function followedNetworkOf(config: CryptoConfigJson): FollowedNetwork {
  const params = networkParams.safeParse(config.network);
  if (!params.success) {
    throw networkError(`the network description is malformed: ${params.error.issues[0]?.message}`);
  }
  const milestones = z.array(rawMilestone).safeParse(config.milestones);
  if (!milestones.success || milestones.data[0]?.height !== 1) {
    throw networkError('the milestones are malformed (they must start at height 1)');
  }
  let header: BlockHeader;
  try {
    header = blockHeaderFromJson(config.genesisBlock);
  } catch (error) {
    throw networkError(
      `the genesis block is malformed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const network: Network = {
    network: { ...params.data, nethash: params.data.nethash.toLowerCase() },
    milestones: milestones.data,
    genesisBlock: genesisSummary(header),
  };
  // The exceptions applied are the ones Votary ships for this preset, not the peer's (raw-block.ts checkNotExcepted).
  const shipped = presetExceptions(network);
  if (shipped !== undefined) network.exceptions = shipped;
  const genesis = checkedGenesis(config.genesisBlock, header, network);
  const exceptions = config.exceptions ?? {};
  return {
    network,
    genesis,
    exceptions: { blocks: idList(exceptions.blocks), transactions: idList(exceptions.transactions) },
    config,
  };
}

/**
 * Asks every peer for its crypto configuration (all at once) and keeps those of the first answering peer's chain,
 * in the order given. (Not client/discover.ts, which describes a network for the app's registry from one node.)
 */
export async function discoverFollowedNetwork(pool: PeerPool): Promise<Discovery> {
  const candidates = pool.candidates();
  const answers = await Promise.all(
    candidates.map(async (peer) => {
      try {
        const [answer, version] = await Promise.all([
          pool.attempt(peer, { method: 'GET', route: '/node/configuration/crypto', schema: cryptoAnswer }),
          pool
            .attempt(peer, { method: 'GET', route: '/node/configuration', schema: versionAnswer })
            .then((reply) => reply.value.data.core.version)
            .catch(() => undefined),
        ]);
        return { url: peer.url, config: answer.value.data, version };
      } catch (error) {
        return { url: peer.url, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const refused: PeerRefusal[] = [];
  let chosen: FollowedNetwork | undefined;
  const peers: string[] = [];
  const versions: Record<string, string> = {};
  for (const answer of answers) {
    if ('error' in answer) {
      refused.push({ url: answer.url, reason: `no network description: ${answer.error}` });
      continue;
    }
    const served = answer.config.network.nethash;
    const nethash = typeof served === 'string' ? served.toLowerCase() : '';
    if (chosen === undefined) {
      try {
        chosen = followedNetworkOf(answer.config);
      } catch (error) {
        refused.push({ url: answer.url, reason: (error as Error).message });
        continue;
      }
    }
    const ours = chosen.network.network;
    if (nethash !== ours.nethash) {
      refused.push({
        url: answer.url,
        reason: `it serves the network ${String(answer.config.network.name)} (nethash ${nethash}), not ${ours.name} (nethash ${ours.nethash})`,
      });
      continue;
    }
    peers.push(answer.url);
    if (answer.version !== undefined) versions[answer.url] = answer.version;
  }
  if (chosen === undefined) {
    const reasons = refused.map((r) => `${r.url}: ${r.reason}`).join('; ');
    throw new SyncError('ERR_SYNC_NO_PEERS', `no peer described a network to follow (${reasons})`);
  }
  return { ...chosen, peers, refused, versions };
}
