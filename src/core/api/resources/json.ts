/**
 * A typed record as ARK's JSON: every amount (a bigint in core, docs/design/architecture.md "Contracts") as its
 * integer string (ark-core-api.md §2.7), every other value and every key order as they are.
 */
export type Json<T> = T extends bigint
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;

export function arkJson<T>(value: T): Json<T> {
  return convert(value) as Json<T>;
}

function convert(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(convert);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = convert(item);
  return out;
}
