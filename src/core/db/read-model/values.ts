/**
 * JSON-schema building blocks for criterion values (validated by the API's fastify/AJV, messages by
 * api/http/validation.ts). The shapes follow ARK Core's Joi schemas (ark-core-api.md §2.2–§2.6): a criterion value
 * is a scalar, a comma list of scalars (OR), or — for range criteria — `{from, to}` from `X.from` / `X.to`. They live
 * with the read model because each criterion pairs its value schema with its SQL.
 */
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
