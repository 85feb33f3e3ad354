/**
 * The network's rules are decided once (docs/design/sync.md "Discovery": the network's rules are fixed): the network
 * stored beside the chain when there is one (network-file.ts), else a shipped preset's (mainnet, devnet, testnet,
 * Votary's localnet) when peers serve it as Votary ships it, else the configuration most answering peers agree on —
 * and a tie decides nothing (the follower then says the peers disagree, rather than guess which peer lies). From
 * then on a peer whose configuration differs in any rule (a milestone's blocktime, a fee, the genesis block, the
 * exceptions) is refused and reported.
 *
 * A preset's rules are Votary's, not a peer's: its network, its milestones, the exceptions Votary ships for it
 * (protocol/networks `presetExceptions`; none for testnet and localnet) and its genesis block's header (the summary
 * Votary ships). A peer serving the preset with other exceptions is refused: a listed block or transaction stops
 * the follower before it (raw-block.ts `checkNotExcepted`), so one peer's list must never become the network's. Only
 * the genesis block's transactions come from the peers (Votary ships the header, not the block), and the peers
 * serving the preset must agree on them as on any rule: most of them, never the first alone.
 */
import { MAX_JSON_DEPTH } from '../../shared/lib/json-depth';
import { blockHeaderFromJson } from '../protocol/blocks';
import { networkByName, networkNames, presetExceptions, type Network } from '../protocol/networks';
import { SyncError } from './errors';
import { genesisSummary } from './genesis';

/** The crypto configuration as stored beside a followed chain and as served: plain JSON. */
export interface CryptoConfigJson {
  network: Record<string, unknown>;
  milestones: unknown[];
  exceptions?: Record<string, unknown>;
  genesisBlock: Record<string, unknown>;
}

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

function presetOf(nethash: string): Network | undefined {
  for (const name of networkNames()) {
    const preset = networkByName(name);
    if (preset?.network.nethash.toLowerCase() === nethash) return preset;
  }
  return undefined;
}

/** The genesis block's header as a Network summarises it (undefined: no header can be read from it). */
function genesisHeaderOf(config: CryptoConfigJson): unknown {
  try {
    return genesisSummary(blockHeaderFromJson(config.genesisBlock));
  } catch {
    return undefined;
  }
}

/** Whether `config` serves the preset's rules: its network, milestones, exceptions and genesis block's header. */
function servesPreset(config: CryptoConfigJson, preset: Network): boolean {
  const rules = (network: unknown, milestones: unknown, exceptions: unknown, genesis: unknown) =>
    canonical({ network, milestones, exceptions, genesis });
  return (
    rules(config.network, config.milestones, config.exceptions ?? {}, genesisHeaderOf(config)) ===
    rules(preset.network, preset.milestones, presetExceptions(preset) ?? {}, preset.genesisBlock)
  );
}

/** The rules most of `served` agree on; a tie decides nothing. */
function mostAgreed(served: readonly CryptoConfigJson[], source: (count: number) => string): RulesDecision {
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
  return { config: top!.config, source: source(top!.count), reason: '' };
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
  const preset = presetOf(String(first.network.nethash).toLowerCase());
  const servingPreset = preset === undefined ? [] : served.filter((config) => servesPreset(config, preset));
  if (servingPreset.length > 0) return mostAgreed(servingPreset, () => 'the rules are the shipped preset');
  return mostAgreed(served, (count) => `the rules ${count} of ${served.length} peers agree on`);
}
