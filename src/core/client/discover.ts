/**
 * discoverNetwork: learn a network from one of its nodes. It reads `/api/node/configuration` and
 * `/api/node/configuration/crypto` (ark-core-api.md §9.3, §9.8), checks that they describe one coherent ARK
 * network, and returns what the app shows (nethash, token, symbol…) plus a protocol `Network` (network params,
 * milestones, genesis summary) that the protocol library signs with for that network.
 */
import { z } from 'zod';
import { ClientError } from './errors';
import { requestJson, type FetchLike } from './http';
import { milestoneAt, type Network } from '../protocol/networks';
import { dataOf } from './schemas/common';
import {
  cryptoConfiguration,
  nodeConfiguration,
  type NetworkConstants,
  type NodeConfiguration,
} from './schemas/node';
import { normalizePeerUrl } from './urls';

export interface DiscoverOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
  fetch?: FetchLike;
  /** When adding a peer to a known network: the node must belong to it (else ERR_NETHASH_MISMATCH). */
  expectedNethash?: string;
}

export interface NetworkDescription {
  /** The node's normalized base URL (the first peer of the network). */
  url: string;
  nethash: string;
  token: string;
  symbol: string;
  /** Block explorer URL, when the network has one. */
  explorer?: string;
  /** The node's software version (`core.version`), for example "3.9.1". */
  version: string;
  /** The address byte (ARK's `/node/configuration` calls it `version`, §9.3). */
  pubKeyHash: number;
  /** Plugin ports the node announces (best effort in ARK, §9.3). */
  ports: Record<string, number | null>;
  /** The milestone in force at the node's height. */
  constants: NetworkConstants;
  /** For the protocol library: signing, addresses, slots, fees of this network. */
  network: Network;
}

/** What the first milestone must define for the protocol library to work (protocol reference §1). */
const completeFirstMilestone = z.object({
  reward: z.union([z.number(), z.string()]),
  activeDelegates: z.number().int().min(1),
  blocktime: z.number().int().min(1),
  epoch: z.string(),
  block: z.object({ version: z.number(), maxTransactions: z.number(), maxPayload: z.number() }),
  fees: z.object({ staticFees: z.record(z.string(), z.number()) }),
});

function notArk(url: string, reason: string, cause?: unknown): ClientError {
  return new ClientError('ERR_NOT_ARK_NODE', `${url} is not an ARK-compatible node: ${reason}`, {
    url,
    ...(cause === undefined ? {} : { cause }),
  });
}

async function fetchPart<T>(
  url: string,
  route: string,
  schema: z.ZodType<T>,
  options: DiscoverOptions,
): Promise<T> {
  try {
    const answer = await requestJson(
      url,
      {
        method: 'GET',
        route,
        schema,
        timeoutMs: options.timeoutMs ?? 8_000,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      ...(options.fetch ? [options.fetch] : []),
    );
    return answer.value;
  } catch (error) {
    if (error instanceof ClientError && error.code === 'ERR_BAD_RESPONSE') {
      throw notArk(url, `GET /api${route} answered something else (${error.message})`, error);
    }
    if (error instanceof ClientError && error.code === 'ERR_HTTP_4XX' && error.status === 404) {
      throw notArk(url, `it has no /api${route} route`, error);
    }
    throw error;
  }
}

/** Checks that the two answers describe one network and builds the protocol's Network from them. */
function describe(url: string, config: NodeConfiguration, crypto: z.output<typeof cryptoConfiguration>) {
  const params = crypto.network;
  if (config.nethash !== params.nethash) {
    throw notArk(
      url,
      `its configuration (nethash ${config.nethash}) and crypto configuration (${params.nethash}) disagree`,
    );
  }
  // The nethash is the payload hash of the genesis block (protocol reference §1).
  if (crypto.genesisBlock.payloadHash !== params.nethash) {
    throw notArk(url, 'its nethash is not the payload hash of its genesis block');
  }
  if (config.version !== params.pubKeyHash) {
    throw notArk(
      url,
      `its address byte differs between configuration (${config.version}) and crypto (${params.pubKeyHash})`,
    );
  }
  const network: Network = {
    network: params,
    milestones: crypto.milestones,
    genesisBlock: crypto.genesisBlock,
  };
  const first = completeFirstMilestone.safeParse(milestoneAt(network, 1));
  if (!first.success) {
    throw notArk(
      url,
      `its milestones lack ${first.error.issues.map((issue) => issue.path.join('.')).join(', ')}`,
    );
  }
  const explorer = config.explorer ?? params.client.explorer;
  const description: NetworkDescription = {
    url,
    nethash: config.nethash,
    token: config.token,
    symbol: config.symbol,
    ...(explorer === '' ? {} : { explorer }),
    version: config.core.version,
    pubKeyHash: config.version,
    ports: config.ports,
    constants: config.constants,
    network,
  };
  return description;
}

export async function discoverNetwork(
  input: string,
  options: DiscoverOptions = {},
): Promise<NetworkDescription> {
  const url = normalizePeerUrl(input);
  // Configuration first: it is small, and it is enough to refuse a non-ARK server or another network.
  const config = await fetchPart(url, '/node/configuration', dataOf(nodeConfiguration), options);
  checkNethash(url, config.nethash, options.expectedNethash);
  const crypto = await fetchPart(url, '/node/configuration/crypto', dataOf(cryptoConfiguration), options);
  return describe(url, config, crypto);
}

function checkNethash(url: string, actual: string, expected: string | undefined): void {
  if (expected !== undefined && actual.toLowerCase() !== expected.toLowerCase()) {
    throw new ClientError(
      'ERR_NETHASH_MISMATCH',
      `${url} belongs to another network (nethash ${actual.slice(0, 12)}…, expected ${expected.slice(0, 12)}…)`,
      { url },
    );
  }
}

/**
 * Before adding a peer to a known network: the node must be ARK-compatible and share the network's nethash.
 * Returns the normalized URL. Only the small configuration route is read.
 */
export async function verifyPeer(
  input: string,
  nethash: string,
  options: Omit<DiscoverOptions, 'expectedNethash'> = {},
): Promise<string> {
  const url = normalizePeerUrl(input);
  const config = await fetchPart(url, '/node/configuration', dataOf(nodeConfiguration), options);
  checkNethash(url, config.nethash, nethash);
  return url;
}
