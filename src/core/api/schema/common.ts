/**
 * JSON-schema building blocks for routes (validated by fastify's AJV, messages by http/validation.ts). The
 * shapes follow ARK Core's Joi schemas (ark-core-api.md §2.2–§2.6): a criterion value is a scalar, a comma list
 * of scalars (OR), or — for range criteria — `{from, to}` from `X.from` / `X.to`.
 */
import { MAX_LIMIT } from '../query/pagination';

export type JsonSchema = Record<string, unknown>;

/** How many comma-separated values one criterion may list (bounds the SQL `IN (…)`). */
export const MAX_LIST_ITEMS = 100;

export function integer(options: { minimum?: number; positive?: boolean } = {}): JsonSchema {
  return {
    type: 'integer',
    ...(options.positive ? { exclusiveMinimum: 0 } : {}),
    ...(options.minimum !== undefined ? { minimum: options.minimum } : {}),
    // Joi's number() refuses unsafe integers ("must be a safe number").
    maximum: Number.MAX_SAFE_INTEGER,
  };
}

/** A string checked in Joi's order: first the character set (with its own message), then the length. */
function checkedString(charset: string, charsetMessage: string, length?: { min: number; max: number }) {
  const checks: JsonSchema[] = [{ pattern: charset, 'x-messages': { pattern: charsetMessage } }];
  if (length) checks.push({ minLength: length.min, maxLength: length.max });
  return { type: 'string', allOf: checks };
}

/** Joi `string().hex()` (+ `.length(n)`). */
export function hex(length?: number): JsonSchema {
  return checkedString(
    '^[0-9a-fA-F]*$',
    '"{label}" must only contain hexadecimal characters',
    length === undefined ? undefined : { min: length, max: length },
  );
}

/** 34 alphanumeric characters (Joi `string().alphanum().length(34)`). */
export function address(): JsonSchema {
  return checkedString('^[0-9a-zA-Z]*$', '"{label}" must only contain alpha-numeric characters', {
    min: 34,
    max: 34,
  });
}

export const publicKey = (): JsonSchema => hex(66);
export const transactionId = (): JsonSchema => hex(64);

/** A block id: a legacy numeric id of 1–20 digits, or 64 hex (ARK's blockId schema). */
export function blockId(): JsonSchema {
  return { anyOf: [{ type: 'string', pattern: '^[0-9]{1,20}$' }, hex(64)] };
}

/** A string of at most `max` characters. */
export function text(max: number): JsonSchema {
  return { type: 'string', maxLength: max };
}

export function boolean(defaultValue?: boolean): JsonSchema {
  return { type: 'boolean', ...(defaultValue === undefined ? {} : { default: defaultValue }) };
}

/** One value or a comma list of them (OR). */
export function orList(scalar: JsonSchema): JsonSchema {
  return { anyOf: [scalar, { type: 'array', items: scalar, minItems: 1, maxItems: MAX_LIST_ITEMS }] };
}

/**
 * One value, a comma list, or `X.from` / `X.to` bounds. Opaque like ARK's: any failure reports
 * `"X" does not match any of the allowed types`.
 */
export function rangeable(scalar: JsonSchema): JsonSchema {
  return {
    anyOf: [
      scalar,
      { type: 'array', items: scalar, minItems: 1, maxItems: MAX_LIST_ITEMS },
      {
        type: 'object',
        properties: { from: scalar, to: scalar },
        additionalProperties: false,
        minProperties: 1,
      },
    ],
    'x-opaque': true,
  };
}

/** Any nested object from dot keys (`asset.lock.secretHash=…`), leaves strings or lists of strings. */
export function nestedObject(): JsonSchema {
  return { type: 'object', minProperties: 1 };
}

export const paginationProperties = (): Record<string, JsonSchema> => ({
  page: { ...integer({ positive: true }), default: 1 },
  limit: {
    ...integer({ minimum: 1 }),
    maximum: MAX_LIMIT,
    default: MAX_LIMIT,
    // ARK's exact text (its Joi schema refers to the configured limit).
    'x-messages': {
      maximum: '"limit" must be less than or equal to ref:global:configuration.plugins.pagination.limit',
    },
  },
  offset: integer({ minimum: 0 }),
});

const DB_ORDER_PATTERN = '^[a-zA-Z._]{1,40}:([aA][sS][cC]|[dD][eE][sS][cC])$';
const dbOrderItem = {
  type: 'string',
  pattern: DB_ORDER_PATTERN,
  'x-messages': {
    pattern:
      '"{label}" with value "{value}" fails to match the required pattern: /^[a-z._]{1,40}:(asc|desc)$/i',
  },
};

/** DB dialect: `property:asc|desc`, direction mandatory (§2.4 A). */
export function dbOrderBySchema(): JsonSchema {
  return orList(dbOrderItem);
}

/** Memory dialect: `property[:direction]`; properties and directions are checked by memoryOrderBy. */
export function memoryOrderBySchema(): JsonSchema {
  return orList({ type: 'string', minLength: 1, maxLength: 200 });
}

export interface QuerySchemaOptions {
  /** Criteria (filters) of the route: key → value schema. */
  criteria?: Record<string, JsonSchema>;
  orderBy?: 'db' | 'memory' | 'none';
  /** Whether the route has `transform` (default true). */
  transform?: boolean;
  /** Paginated (page, limit, offset); default true. */
  paginated?: boolean;
}

/** A route's querystring schema; unknown keys are rejected (`"foo" is not allowed`). */
export function querySchema(options: QuerySchemaOptions): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...(options.criteria ?? {}) };
  if (options.paginated !== false) Object.assign(properties, paginationProperties());
  if (options.orderBy === 'db') properties.orderBy = dbOrderBySchema();
  if (options.orderBy === 'memory') properties.orderBy = memoryOrderBySchema();
  if (options.transform) properties.transform = boolean(true);
  return { type: 'object', properties, additionalProperties: false };
}

export function paramsSchema(properties: Record<string, JsonSchema>): JsonSchema {
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}
