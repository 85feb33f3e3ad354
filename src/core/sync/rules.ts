/**
 * The network's rules are decided once (docs/design/sync.md "Discovery": the network's rules are fixed): the network stored beside the chain
 * when there is one (network-file.ts), else a shipped preset's (mainnet, devnet, testnet, Votary's localnet) as a
 * peer serves them, else the configuration most answering peers agree on — and a tie decides nothing (the follower
 * then says the peers disagree, rather than guess which peer lies). From then on a peer whose configuration differs
 * in any rule (a milestone's blocktime, a fee, the genesis block, the exceptions) is refused and reported.
 */
import { MAX_JSON_DEPTH } from '../../shared/lib/json-depth';
import { networkByName, networkNames } from '../protocol/networks';
import type { CryptoConfigJson } from './discovery';
import { SyncError } from './errors';

export const NO_ANSWER = 'no peer answered with a network description';

export interface RulesDecision {
  /** Undefined when nothing could be decided (`reason` says why). */
  config: CryptoConfigJson | undefined;
  /** Where the rules come from, for the refusal messages. */
  source: string;
  reason: string;
}

/**
 * JSON with every object's keys sorted, so that two equal configurations compare equal whatever their order. It
 * recurses, so it goes no deeper than MAX_JSON_DEPTH (json-depth.ts): a peer's answer is refused deeper than that
 * before it is parsed (discovery.ts), a stored network.json when it is read (network-file.ts), and anything else
 * gets this clear error rather than a stack overflow.
 */
function canonical(value: unknown, depth = 0): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'null';
  if (depth >= MAX_JSON_DEPTH) {
    throw new SyncError(
      'ERR_SYNC_NETWORK',
      `a network description nests deeper than ${MAX_JSON_DEPTH} levels`,
    );
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item, depth + 1)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item, depth + 1)}`).join(',')}}`;
}

/** What the rules are made of: the network, the milestones, the exceptions, the genesis block. */
function rulesOf(config: CryptoConfigJson): Record<string, unknown> {
  return {
    network: config.network,
    milestones: config.milestones,
    exceptions: config.exceptions ?? {},
    genesisBlock: config.genesisBlock,
  };
}

/** Recurses no deeper than `canonical` got through at its first call (which throws beyond MAX_JSON_DEPTH). */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (canonical(a) === canonical(b)) return undefined;
  const objects = typeof a === 'object' && a !== null && typeof b === 'object' && b !== null;
  if (objects && Array.isArray(a) === Array.isArray(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      const inner = Array.isArray(a) ? `${path}[${key}]` : `${path}.${key}`;
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        inner,
      );
      if (found !== undefined) return found;
    }
  }
  const shown = (value: unknown) => {
    const text = canonical(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  };
  return `${path.replace(/^\./, '')} is ${shown(a)}, the network's is ${shown(b)}`;
}

/** Where `config` differs from the decided rules, in words (undefined: the same rules). */
export function rulesDifference(config: CryptoConfigJson, decided: CryptoConfigJson): string | undefined {
  return firstDifference(rulesOf(config), rulesOf(decided), '');
}

function presetOf(nethash: string): { network: unknown; milestones: unknown } | undefined {
  for (const name of networkNames()) {
    const preset = networkByName(name);
    if (preset?.network.nethash.toLowerCase() === nethash) return preset;
  }
  return undefined;
}

export function decideRules(
  stored: CryptoConfigJson | undefined,
  served: readonly CryptoConfigJson[],
): RulesDecision {
  if (stored !== undefined) {
    return { config: stored, source: 'the rules are those stored beside the chain', reason: '' };
  }
  const first = served[0];
  if (first === undefined) return { config: undefined, source: '', reason: NO_ANSWER };
  const nethash = String(first.network.nethash).toLowerCase();
  const preset = presetOf(nethash);
  if (preset !== undefined) {
    const wanted = canonical({ network: preset.network, milestones: preset.milestones });
    const match = served.find(
      (config) => canonical({ network: config.network, milestones: config.milestones }) === wanted,
    );
    if (match !== undefined) return { config: match, source: 'the rules are the shipped preset', reason: '' };
  }
  const groups = new Map<string, { config: CryptoConfigJson; count: number }>();
  for (const config of served) {
    const key = canonical(rulesOf(config));
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { config, count: 1 });
    else group.count++;
  }
  const ranked = [...groups.values()].sort((a, b) => b.count - a.count);
  const [top, second] = ranked;
  if (second !== undefined && second.count === top!.count) {
    return {
      config: undefined,
      source: '',
      reason:
        `the peers disagree on this network's rules (${ranked.length} different configurations, ${top!.count} ` +
        'peer(s) each at most): list peers that agree, so that no single peer decides the rules',
    };
  }
  return {
    config: top!.config,
    source: `the rules ${top!.count} of ${served.length} peers agree on`,
    reason: '',
  };
}
