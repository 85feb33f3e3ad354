/**
 * The JSON shape of a transaction (the reference's `toJson()` form) before the rules of §5: which fields, as which
 * JSON types. json-parse.ts turns a JSON that has this shape into a transaction.
 */
import { z } from 'zod';
import { ProtocolError } from '../errors';
import { issuePath } from './validate';

/** Decimal strings only: JSON numbers cannot carry 64-bit amounts exactly. */
const DECIMAL = /^[0-9]{1,30}$/;
const decimal = z.string().regex(DECIMAL, 'must be a decimal integer string');
const integer = z.number().int();

const shape = {
  version: integer,
  network: integer,
  typeGroup: integer.nullish(),
  type: integer,
  nonce: decimal.nullish(),
  timestamp: integer.nullish(),
  senderPublicKey: z.string(),
  fee: decimal,
  amount: decimal,
  vendorField: z.string().nullish(),
  expiration: integer.nullish(),
  recipientId: z.string().nullish(),
  asset: z.record(z.string(), z.unknown()).nullish(),
  signature: z.string().nullish(),
  secondSignature: z.string().nullish(),
  /**
   * ARK's other name for the second signature (crypto `transactions/types/schemas.ts` accepts both; `serializer.ts`
   * and `verifier.ts` read `secondSignature || signSignature`): what ARK Core 2 and its clients wrote, and what
   * ARK Core 3's transformed API still serves.
   */
  signSignature: z.string().nullish(),
  signatures: z.array(z.string()).nullish(),
  id: z.string().nullish(),
};
export const strictShape = z.strictObject(shape);
export const looseShape = z.object(shape);
/** A draft may leave out what signTransaction fills in (version, network, nonce, fee, amount, sender). */
const draftOptional = {
  version: true,
  network: true,
  fee: true,
  amount: true,
  senderPublicKey: true,
} as const;
export const strictDraftShape = strictShape.partial(draftOptional);
export const looseDraftShape = looseShape.partial(draftOptional);

export type JsonShape = z.infer<typeof looseDraftShape>;

/** `json` in `schema`'s shape, or ERR_JSON naming the first field that is not (the plain case without zod). */
export function parseShape(json: unknown, schema: z.ZodType<JsonShape>): JsonShape {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new ProtocolError('ERR_JSON', 'data: must be a JSON object');
  }
  if (schema === looseShape || schema === strictShape) {
    const plain = plainShape(json, schema === strictShape);
    if (plain !== undefined) return plain;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProtocolError('ERR_JSON', `${issuePath(issue?.path ?? [])}: ${issue?.message ?? 'is invalid'}`);
  }
  return parsed.data;
}

const SHAPE_KEYS = new Set(Object.keys(shape));

/**
 * `json`'s fields as `strictShape` (or `looseShape`) gives them, told without zod for the shape wallets post nearly
 * always: the signed fields as scalars, no asset, no participant signatures, on a plain object (what JSON.parse
 * makes). Each field is read once, into the copy that is checked and returned, so an object whose fields change
 * between reads cannot pass one value and hand on another. `undefined` for anything else: the schema then decides
 * and words the error. Whatever this returns, the schema accepts and gives the same fields
 * (tests/unit/core/protocol/transactions/plain-transfer.test.ts). Zod's two parses of a posted transfer (this
 * shape's and the transfer schema's) were 7 of the 22 kB the node's main thread allocated for it
 * (docs/benchmarks.md "Ingest").
 */
export function plainShape(json: object, strict: boolean): JsonShape | undefined {
  const prototype: unknown = Object.getPrototypeOf(json);
  if ((prototype !== Object.prototype && prototype !== null) || Array.isArray(json)) return undefined;
  const source = json as Record<string, unknown>;
  if (strict && !Object.keys(source).every((key) => SHAPE_KEYS.has(key))) return undefined;
  const j = {
    version: source.version,
    network: source.network,
    typeGroup: source.typeGroup,
    type: source.type,
    nonce: source.nonce,
    timestamp: source.timestamp,
    senderPublicKey: source.senderPublicKey,
    fee: source.fee,
    amount: source.amount,
    vendorField: source.vendorField,
    expiration: source.expiration,
    recipientId: source.recipientId,
    asset: source.asset,
    signature: source.signature,
    secondSignature: source.secondSignature,
    signSignature: source.signSignature,
    signatures: source.signatures,
    id: source.id,
  };
  const plain =
    isInteger(j.version) &&
    isInteger(j.network) &&
    isNullish(j.typeGroup, isInteger) &&
    isInteger(j.type) &&
    isNullish(j.nonce, isDecimal) &&
    isNullish(j.timestamp, isInteger) &&
    typeof j.senderPublicKey === 'string' &&
    isDecimal(j.fee) &&
    isDecimal(j.amount) &&
    isNullish(j.vendorField, isString) &&
    isNullish(j.expiration, isInteger) &&
    isNullish(j.recipientId, isString) &&
    j.asset === undefined &&
    isNullish(j.signature, isString) &&
    isNullish(j.secondSignature, isString) &&
    isNullish(j.signSignature, isString) &&
    j.signatures === undefined &&
    isNullish(j.id, isString);
  return plain ? (j as JsonShape) : undefined;
}

const isInteger = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value);
const isString = (value: unknown) => typeof value === 'string';
const isDecimal = (value: unknown) => typeof value === 'string' && DECIMAL.test(value);
const isNullish = (value: unknown, is: (value: unknown) => boolean) =>
  value === undefined || value === null || is(value);
