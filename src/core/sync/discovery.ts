/**
 * Which chain the follower follows, learned from its peers (docs/design/sync.md "Discovery"): each peer's
 * `/node/configuration/crypto` (ark-core-api.md §9.8: network, milestones, exceptions, the full genesis block). The
 * first peer that answers names the chain; a peer of another nethash is refused with a message naming both. The
 * genesis block must be valid and hash to the nethash (its payload hash is the nethash, protocol.md §6.3), and when
 * the network is one Votary ships (mainnet, devnet, testnet, localnet) it must also be that preset's genesis.
 */
import { z } from 'zod';
import type { PeerPool } from '../client';
import { networkParams, rawMilestone } from '../client/schemas/node';
import { blockHeaderFromJson, verifyBlock, type Block } from '../protocol/blocks';
import { networkByName, type Network } from '../protocol/networks';
import { transactionFromJson } from '../protocol/transactions';
import { SyncError } from './errors';
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
}

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
 * milestones, the genesis block (every transaction decodes and verifies, the block's signature, payload hash and
 * totals), its payload hash equal to the nethash, and a shipped preset's genesis when the name is one.
 */
export function followedNetworkOf(config: CryptoConfigJson): FollowedNetwork {
  const params = networkParams.safeParse(config.network);
  if (!params.success)
    throw networkError(`the network description is malformed: ${params.error.issues[0]?.message}`);
  const milestones = z.array(rawMilestone).safeParse(config.milestones);
  if (!milestones.success || milestones.data[0]?.height !== 1) {
    throw networkError('the milestones are malformed (they must start at height 1)');
  }
  const nethash = params.data.nethash.toLowerCase();
  const json = config.genesisBlock;
  let genesis: Block;
  try {
    const header = blockHeaderFromJson(json);
    // The genesis block's id is configured, not computed (protocol.md §6.3); it is checked against the preset.
    const provisional: Network = {
      network: { ...params.data, nethash },
      milestones: milestones.data,
      genesisBlock: {
        id: header.id ?? '',
        height: header.height,
        timestamp: header.timestamp,
        payloadHash: header.payloadHash,
        generatorPublicKey: header.generatorPublicKey,
        numberOfTransactions: header.numberOfTransactions,
        totalAmount: header.totalAmount.toString(),
      },
    };
    const transactions = Array.isArray(json.transactions) ? json.transactions : [];
    genesis = {
      header,
      transactions: transactions.map((tx) =>
        transactionFromJson(tx, { network: provisional, height: 1 }, { genesis: true }),
      ),
    };
    const network = provisional;
    if (header.height !== 1) throw networkError(`the genesis block has height ${header.height}`);
    if (header.payloadHash !== nethash) {
      throw networkError(
        `the genesis block's payload hash ${header.payloadHash} is not the nethash ${nethash}`,
      );
    }
    // Block.verify() in full, except the reward rule: the genesis block is the chain's given (its nethash says
    // which), not a forger's claim, and a network may start with a reward at height 1 (Votary's localnet does).
    const errors = verifyBlock(genesis, network, { now: Number.MAX_SAFE_INTEGER }).errors.filter(
      (error) => !error.startsWith('Invalid block reward'),
    );
    if (errors.length > 0) throw networkError(`the genesis block is not valid: ${errors.join('; ')}`);
    const preset = networkByName(params.data.name);
    if (preset !== undefined && preset.network.nethash === nethash) {
      const shipped = preset.genesisBlock;
      if (
        shipped.id !== header.id ||
        shipped.numberOfTransactions !== header.numberOfTransactions ||
        shipped.totalAmount !== header.totalAmount.toString()
      ) {
        throw networkError(`the genesis block differs from the ${params.data.name} preset Votary ships`);
      }
    }
    const exceptions = config.exceptions ?? {};
    return {
      network,
      genesis,
      exceptions: { blocks: idList(exceptions.blocks), transactions: idList(exceptions.transactions) },
      config,
    };
  } catch (error) {
    if (error instanceof SyncError) throw error;
    throw networkError(
      `the genesis block is malformed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Asks every peer for its crypto configuration (all at once) and keeps those of the first answering peer's chain,
 * in the order given. `stored`, the configuration kept beside an existing chain, decides instead of the first peer:
 * peers of another chain are refused, and with no peer answering the follower still starts from it.
 */
export async function discoverNetwork(pool: PeerPool, stored?: CryptoConfigJson): Promise<Discovery> {
  const candidates = pool.candidates();
  const answers = await Promise.all(
    candidates.map(async (peer) => {
      try {
        const answer = await pool.attempt(peer, {
          method: 'GET',
          route: '/node/configuration/crypto',
          schema: cryptoAnswer,
        });
        return { url: peer.url, config: answer.value.data };
      } catch (error) {
        return { url: peer.url, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const refused: PeerRefusal[] = [];
  let chosen: FollowedNetwork | undefined = stored === undefined ? undefined : followedNetworkOf(stored);
  const peers: string[] = [];
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
  }
  if (chosen === undefined) {
    const reasons = refused.map((r) => `${r.url}: ${r.reason}`).join('; ');
    throw new SyncError('ERR_SYNC_NO_PEERS', `no peer described a network to follow (${reasons})`);
  }
  return { ...chosen, peers, refused };
}
