/**
 * JSON-schema building blocks for routes' query strings and parameters (validated by fastify's AJV, messages by
 * http/validation.ts): pagination, the two orderBy dialects (ark-core-api.md §2.4), whole query and params objects.
 * Criterion value schemas are the read model's (db/read-model/values.ts).
 */
import { boolean, integer, orList, type JsonSchema } from '../../db/read-model/values';
import { MAX_LIMIT } from '../query/pagination';

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
