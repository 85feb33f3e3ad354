/**
 * Which chain the follower follows, learned from its peers (docs/design/sync.md "Discovery"): each peer's
 * `/node/configuration/crypto` (ark-core-api.md §9.8: network, milestones, exceptions, the full genesis block). The
 * first peer that answers names the chain; a peer of another nethash is refused with a message naming both. The
 * genesis block is checked by genesis.ts.
 */
import { z } from 'zod';
import { MAX_JSON_DEPTH } from '../../shared/lib/json-depth';
import type { PeerPool } from '../client';
import { networkExceptions, networkParams, rawMilestone } from '../client/schemas/node';
import { blockHeaderFromJson, type Block, type BlockHeader } from '../protocol/blocks';
import { presetExceptions, type Network } from '../protocol/networks';
import { SyncError } from './errors';
import { checkedGenesis, genesisSummary } from './genesis';
import { decideRules, NO_ANSWER, rulesDifference, type CryptoConfigJson } from './rules';
import type { ChainExceptions } from './raw-block';

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
    exceptions: networkExceptions.optional(),
    genesisBlock: z.record(z.string(), z.unknown()),
  }),
});

function networkError(message: string): SyncError {
  return new SyncError('ERR_SYNC_NETWORK', message);
}

/**
 * The network, genesis block and exceptions of a crypto configuration, checked: the network's fields, the
 * milestones (from height 1), the exceptions list's shape, and the genesis block (genesis.ts).
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
  const exceptions = networkExceptions.safeParse(config.exceptions ?? {});
  if (!exceptions.success) {
    const issue = exceptions.error.issues[0];
    throw networkError(
      `the exceptions list is malformed: ${[...(issue?.path ?? []).map(String), issue?.message].join(': ')}`,
    );
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
  const { blocks = [], transactions = [] } = exceptions.data;
  return {
    network,
    genesis,
    exceptions: { blocks: new Set(blocks), transactions: new Set(transactions) },
    config,
  };
}

export interface DiscoveryOptions {
  /**
   * Networks stored beside chains in the data directory (network-file.ts): the one of the chain's nethash decides
   * the rules, whatever the peers serve.
   */
  stored?: readonly CryptoConfigJson[];
  /** The nethash to follow (the app's network entry); else the stored network's, else the first answering peer's. */
  expectedNethash?: string;
}

function nethashOf(config: CryptoConfigJson): string {
  const served = config.network.nethash;
  return typeof served === 'string' ? served.toLowerCase() : '';
}

/**
 * Asks every peer for its crypto configuration (all at once) and decides the network's rules once (rules.ts): the
 * stored network when there is one, else a shipped preset's as a peer serves them, else those most peers agree on.
 * Peers serving another nethash, or other rules for this one, are refused with the difference named — never
 * adopted, and never the reason an honest peer is refused. (Not client/discover.ts, which describes a network for
 * the app's registry from one node.)
 */
export async function discoverFollowedNetwork(
  peerPool: PeerPool,
  options: DiscoveryOptions = {},
): Promise<Discovery> {
  const candidates = peerPool.candidates();
  const answers = await Promise.all(
    candidates.map(async (peer) => {
      try {
        const [answer, version] = await Promise.all([
          peerPool.attempt(peer, {
            method: 'GET',
            route: '/node/configuration/crypto',
            schema: cryptoAnswer,
            // The network, milestones and genesis block are kept as served, unchecked below their known fields, and
            // rules.ts compares them by walking every level: a peer's nesting is bounded before it is parsed.
            maxDepth: MAX_JSON_DEPTH,
          }),
          peerPool
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
  const served: { url: string; config: CryptoConfigJson; version: string | undefined }[] = [];
  for (const answer of answers) {
    if ('error' in answer)
      refused.push({ url: answer.url, reason: `no network description: ${answer.error}` });
    else served.push(answer);
  }
  const stored = options.stored ?? [];
  const invalid = new Set<string>();
  const nethash =
    options.expectedNethash?.toLowerCase() ??
    (stored.length === 1 ? nethashOf(stored[0]!) : undefined) ??
    (served[0] === undefined ? undefined : nethashOf(served[0].config));
  // A configuration that does not describe a valid network (genesis.ts) takes no part in the decision.
  const sameChain = served.filter((answer) => {
    if (nethashOf(answer.config) !== nethash) return false;
    try {
      followedNetworkOf(answer.config);
      return true;
    } catch (error) {
      refused.push({ url: answer.url, reason: (error as Error).message });
      invalid.add(answer.url);
      return false;
    }
  });
  const decision = decideRules(
    stored.find((config) => nethashOf(config) === nethash),
    sameChain.map((answer) => answer.config),
  );
  let chosen: FollowedNetwork | undefined;
  if (decision.config !== undefined) {
    chosen = followedNetworkOf(decision.config);
  }
  const peers: string[] = [];
  const versions: Record<string, string> = {};
  for (const answer of served) {
    if (invalid.has(answer.url)) continue;
    const theirs = nethashOf(answer.config);
    if (theirs !== nethash) {
      const name = chosen?.network.network.name ?? 'the network followed';
      refused.push({
        url: answer.url,
        reason: `it serves the network ${String(answer.config.network.name)} (nethash ${theirs}), not ${name} (nethash ${nethash ?? '?'})`,
      });
      continue;
    }
    if (decision.config === undefined) {
      refused.push({ url: answer.url, reason: decision.reason });
      continue;
    }
    const difference = rulesDifference(answer.config, decision.config);
    if (difference !== undefined) {
      refused.push({
        url: answer.url,
        reason: `it serves other rules for this network (${difference}; ${decision.source}): not followed`,
      });
      continue;
    }
    peers.push(answer.url);
    if (answer.version !== undefined) versions[answer.url] = answer.version;
  }
  if (chosen === undefined) {
    const reasons = refused.map((r) => `${r.url}: ${r.reason}`).join('; ');
    const otherChain = served.find((answer) => nethashOf(answer.config) !== nethash);
    if (decision.reason === NO_ANSWER && otherChain !== undefined) {
      throw new SyncError(
        'ERR_SYNC_NETWORK',
        `The peers serve nethash ${nethashOf(otherChain.config)}, not the network's ${nethash ?? '?'}.`,
      );
    }
    const code = decision.reason === NO_ANSWER ? 'ERR_SYNC_NO_PEERS' : 'ERR_SYNC_NETWORK';
    throw new SyncError(code, `no peer described a network to follow (${reasons || decision.reason})`);
  }
  return { ...chosen, peers, refused, versions };
}
