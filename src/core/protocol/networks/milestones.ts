import type { ChainContext, Milestone, Network, RawMilestone } from './types';

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge where arrays (and scalars) are replaced, not merged (protocol reference §1). */
function deepMerge(target: Json, source: Json): Json {
  const out: Json = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out;
}

const cache = new WeakMap<RawMilestone[], { heights: number[]; merged: Milestone[] }>();

function mergedMilestones(milestones: RawMilestone[]): { heights: number[]; merged: Milestone[] } {
  let entry = cache.get(milestones);
  if (!entry) {
    const sorted = [...milestones].sort((a, b) => a.height - b.height);
    const merged: Milestone[] = [];
    let acc: Json = {};
    for (const m of sorted) {
      acc = deepMerge(acc, m);
      merged.push(Object.freeze(structuredClone(acc)) as unknown as Milestone);
    }
    entry = { heights: sorted.map((m) => m.height), merged };
    cache.set(milestones, entry);
  }
  return entry;
}

/** `getMilestone(h)`: the cumulative merge of every milestone with `height <= h` (at least the first one). */
export function milestoneAt(network: Network, height: number): Milestone {
  const { heights, merged } = mergedMilestones(network.milestones);
  let index = 0;
  for (let i = 0; i < heights.length; i++) {
    if (heights[i]! <= height) index = i;
    else break;
  }
  const milestone = merged[index];
  if (!milestone) throw new Error(`network ${network.network.name} has no milestones`);
  return milestone;
}

export function contextMilestone(ctx: ChainContext): Milestone {
  return milestoneAt(ctx.network, ctx.height);
}

/** Heights at which some milestone starts (used for span-aware slot and round arithmetic). */
export function milestoneHeights(network: Network): number[] {
  return mergedMilestones(network.milestones).heights;
}

/** Unix milliseconds of the network epoch (protocol reference §7: all presets use 2017-03-21T13:00:00Z). */
export function epochUnixMs(network: Network): number {
  return Date.parse(milestoneAt(network, 1).epoch);
}

/**
 * The height whose milestone a block's transaction rules read: the block before it (at least 1). ARK sets the
 * configured height to a block's height only once that block is applied (core-state `stores/state.ts` setLastBlock
 * → configManager.setHeight), so while block N is deserialized and applied, every transaction rule that reads
 * `configManager.getMilestone()` without a height reads N − 1: the supported version and aip11 (crypto
 * `utils/index.ts` isSupportedTransactionVersion, `transactions/verifier.ts`), vendorField length, handler
 * activation, aip37 (core-transactions `handlers/one/vote.ts`), ignoreInvalidSecondSignatureField
 * (core-transactions `handlers/transaction.ts`). The block rules — reward, version, maxPayload, maxTransactions, the expiration rules —
 * read N (crypto `blocks/block.ts` verify: `getMilestone(block.height)`). So the first version-2 transaction can
 * come one block after the aip11 milestone, and the milestone's own block still holds version 1.
 */
export function transactionRulesHeight(blockHeight: number): number {
  return Math.max(1, blockHeight - 1);
}
