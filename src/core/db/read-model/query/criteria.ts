/**
 * Criteria of DB-backed lists (ark-core-api.md §2.6): each query key a route filters on is a Criterion — its
 * value schema (for the querystring schema) and how a validated value becomes an SQL fragment. OR within a key
 * (comma lists), AND across keys, inclusive `X.from` / `X.to` ranges.
 */
import type { JsonSchema } from '../values';
import { orList, rangeable } from '../values';
import { and, between, inList, type Range, type SqlFragment } from '../sql/filter';
import type { SqlParam } from '../sql/statement-cache';

/** A validated criterion value: a scalar, a list (OR), a range, or (asset, attributes) a nested object. */
export type CriterionValue = unknown;

export interface Criterion {
  schema: JsonSchema;
  /** The WHERE fragment; `query` is the whole validated query (for criteria that depend on each other). */
  filter(value: CriterionValue, query: Readonly<Record<string, unknown>>): SqlFragment | undefined;
}

export type CriteriaSet = Readonly<Record<string, Criterion>>;

export function isRange(value: unknown): value is Range<SqlParam> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A scalar or a list as a list. */
export function listOf<T>(value: T | readonly T[]): T[] {
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/** `column IN (values)`: equality on one column, OR over a comma list. */
export function columnCriterion(column: string, scalar: JsonSchema): Criterion {
  return {
    schema: orList(scalar),
    filter: (value) => inList(column, listOf(value as SqlParam | SqlParam[])),
  };
}

/** A numeric column with `X.from` / `X.to`. */
export function rangeCriterion(column: string, scalar: JsonSchema): Criterion {
  return {
    schema: rangeable(scalar),
    filter: (value) =>
      isRange(value) ? between(column, value) : inList(column, listOf(value as SqlParam | SqlParam[])),
  };
}

export function criteriaSchemas(set: CriteriaSet): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(set).map(([key, criterion]) => [key, criterion.schema]));
}

/** The AND of every criterion present in the query (keys outside the set — page, orderBy… — are skipped). */
export function criteriaFilter(
  set: CriteriaSet,
  query: Readonly<Record<string, unknown>>,
): SqlFragment | undefined {
  const parts: (SqlFragment | undefined)[] = [];
  for (const [key, criterion] of Object.entries(set)) {
    if (!Object.hasOwn(query, key) || query[key] === undefined) continue;
    parts.push(criterion.filter(query[key], query));
  }
  return and(parts);
}
