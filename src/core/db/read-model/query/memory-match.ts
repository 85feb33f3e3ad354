/**
 * ARK's in-memory criteria test (core-kernel standard-criteria-service; ark-core-api.md §2.6 "Memory routes"),
 * for the resources Votary builds in memory (delegates): a list of criteria is OR; an object criterion is
 * matched key by key (AND) and a missing property never matches; strings are equal, or — with `%` — contain the
 * `%`-separated parts in order anywhere (unanchored, case-sensitive); numbers and bigints are equal or within
 * `{from, to}` (inclusive); booleans are equal. Criterion values are the validated query's (numbers already
 * coerced; big amounts as integer strings).
 */
import { isRange } from './criteria';

/** ARK's unanchored wildcard: every `%`-separated part, in order, anywhere in the value. */
export function wildcardMatch(value: string, pattern: string): boolean {
  if (!pattern.includes('%')) return value === pattern;
  let from = 0;
  for (const part of pattern.split('%')) {
    const index = value.indexOf(part, from);
    if (index < 0) return false;
    from = index + part.length;
  }
  return true;
}

function asBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  return undefined;
}

function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return undefined;
}

function inRange<T extends number | bigint>(
  value: T,
  range: { from?: unknown; to?: unknown },
  read: (x: unknown) => T | undefined,
): boolean {
  if (range.from !== undefined) {
    const from = read(range.from);
    if (from === undefined || value < from) return false;
  }
  if (range.to !== undefined) {
    const to = read(range.to);
    if (to === undefined || value > to) return false;
  }
  return true;
}

function matchesItem(value: unknown, criterion: unknown): boolean {
  if (value === undefined || value === null) return false;
  switch (typeof value) {
    case 'boolean':
      return criterion === value || criterion === String(value);
    case 'string':
      return typeof criterion === 'string' && wildcardMatch(value, criterion);
    case 'number': {
      if (isRange(criterion)) return inRange(value, criterion, asNumber);
      return asNumber(criterion) === value;
    }
    case 'bigint': {
      if (isRange(criterion)) return inRange(value, criterion, asBigInt);
      return asBigInt(criterion) === value;
    }
    case 'object': {
      if (Array.isArray(value) || !isRange(criterion)) return false;
      const record = value as Record<string, unknown>;
      return Object.entries(criterion).every(([key, inner]) =>
        matchesCriteria(Object.hasOwn(record, key) ? record[key] : undefined, inner),
      );
    }
    default:
      return false;
  }
}

/** Whether `value` satisfies `criterion` (a list of alternatives is OR). */
export function matchesCriteria(value: unknown, criterion: unknown): boolean {
  if (Array.isArray(criterion)) return criterion.some((item) => matchesItem(value, item));
  return matchesItem(value, criterion);
}
