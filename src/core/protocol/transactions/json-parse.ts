import { ProtocolError } from '../errors';
import type { ChainContext } from '../networks';
import { TypeGroup } from './constants';
import { decodedCanonicalTransfer } from './decoded-transfer';
import { deserializeTransaction } from './deserialize';
import { serializeTransaction } from './serialize';
import type { TransactionDraft } from './sign';
import type { TransactionAsset, TransactionData } from './types';
import {
  looseDraftShape,
  looseShape,
  parseShape,
  strictDraftShape,
  strictShape,
  type JsonShape,
} from './json-shape';
import { schemaError, validateTransaction } from './validate';

export interface FromJsonOptions {
  /** true (default): unknown top-level keys are an error, like the reference's strict schema; false: dropped. */
  strict?: boolean;
  /** Genesis transactions are exempt from the amount and fee minimums (§5). */
  genesis?: boolean;
}

const present = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;

/**
 * The fields of a JSON transaction in internal form; `signature`, `secondSignature` (or its alias `signSignature`)
 * and `id` only if `signed`.
 */
function draftFields(j: JsonShape, signed: boolean): TransactionDraft {
  const version = j.version ?? 2;
  if (present(j.nonce) && version === 1) throw schemaError('data.nonce', 'does not exist in version 1');
  const draft: TransactionDraft = { type: j.type, typeGroup: j.typeGroup ?? TypeGroup.Core };
  if (present(j.version)) draft.version = j.version;
  if (present(j.network)) draft.network = j.network;
  if (present(j.nonce)) draft.nonce = BigInt(j.nonce);
  // A v2 `timestamp` is builder state that toJson drops; v1 carries it on the wire.
  if (version === 1 && present(j.timestamp)) draft.timestamp = j.timestamp;
  if (present(j.senderPublicKey)) draft.senderPublicKey = j.senderPublicKey;
  if (present(j.fee)) draft.fee = BigInt(j.fee);
  if (present(j.amount)) draft.amount = BigInt(j.amount);
  if (present(j.vendorField)) draft.vendorField = j.vendorField;
  if (present(j.expiration)) draft.expiration = j.expiration;
  if (present(j.recipientId)) draft.recipientId = j.recipientId;
  if (present(j.asset)) draft.asset = assetFromJson(j.asset);
  if (signed && present(j.signature)) draft.signature = j.signature;
  const secondSignature =
    present(j.secondSignature) && j.secondSignature !== '' ? j.secondSignature : j.signSignature;
  if (signed && present(secondSignature)) draft.secondSignature = secondSignature;
  if (present(j.signatures)) draft.signatures = [...j.signatures];
  return draft;
}

/**
 * JSON (the `toJson()` shape) → validated transaction with its id recomputed, as the reference's
 * TransactionFactory.fromJson does. A wrong JSON shape (not an object, numbers where decimal strings are
 * expected, …) is ERR_JSON, a rule of §5 is ERR_SCHEMA (or ERR_NETWORK, ERR_VERSION), always naming the
 * field. The data then goes through serialize → deserialize (or, for a canonical transfer, the same result built
 * directly: decoded-transfer.ts), so the result is exactly what the bytes say.
 */
export function transactionFromJson(
  json: unknown,
  ctx: ChainContext,
  options: FromJsonOptions = {},
): TransactionData {
  return transactionAndBytesFromJson(json, ctx, options).tx;
}

/** transactionFromJson, with the canonical bytes it was decoded from (what a pool stores and a block carries). */
export function transactionAndBytesFromJson(
  json: unknown,
  ctx: ChainContext,
  options: FromJsonOptions = {},
): { tx: TransactionData; bytes: Uint8Array } {
  const j = parseShape(json, options.strict === false ? looseShape : strictShape);
  if (j.version === 2 && !present(j.nonce)) throw schemaError('data.nonce', 'is required');
  const draft = draftFields(j, true);
  const tx: TransactionData = {
    ...draft,
    version: j.version!,
    network: j.network!,
    typeGroup: draft.typeGroup ?? TypeGroup.Core,
    nonce: draft.nonce ?? 0n,
    senderPublicKey: j.senderPublicKey!,
    fee: draft.fee!,
    amount: draft.amount!,
  };
  validateTransaction(tx, ctx, { signed: false, genesis: options.genesis === true });
  if (tx.signature === undefined && tx.signatures === undefined) {
    throw schemaError('data', "should have required property 'signature' or 'signatures'");
  }
  const bytes = serializeTransaction(tx);
  // A canonical transfer is what its bytes say already; anything else is read back from the bytes.
  const decoded =
    decodedCanonicalTransfer(tx, bytes, ctx) ??
    deserializeTransaction(bytes, ctx, { genesis: options.genesis === true });
  return { tx: decoded, bytes };
}

/**
 * An unsigned JSON draft → TransactionDraft for signTransaction / prepareTransaction. version, network, nonce,
 * fee, amount and senderPublicKey may be left out (they get the builder defaults when signing); participant
 * `signatures` are kept, a `signature`, `secondSignature` or `id` is dropped. Shape errors are ERR_JSON, a
 * network byte other than the context's is ERR_SCHEMA; the other rules of §5 are checked when it is signed.
 */
export function draftFromJson(
  json: unknown,
  ctx: ChainContext,
  options: Pick<FromJsonOptions, 'strict'> = {},
): TransactionDraft {
  const draft = draftFields(
    parseShape(json, options.strict === false ? looseDraftShape : strictDraftShape),
    false,
  );
  const pubKeyHash = ctx.network.network.pubKeyHash;
  if (draft.network !== undefined && draft.network !== pubKeyHash) {
    throw schemaError('data.network', `must be the network's pubKeyHash ${pubKeyHash}, got ${draft.network}`);
  }
  return draft;
}

/** A deep copy of the JSON asset in which payment amounts (decimal strings) become bigint. */
function assetFromJson(asset: Record<string, unknown>): TransactionAsset {
  const copy = copyJsonValue(asset, 'data.asset') as Record<string, unknown>;
  const payments = copy.payments;
  if (Array.isArray(payments)) {
    payments.forEach((payment: unknown, i) => {
      if (typeof payment !== 'object' || payment === null || Array.isArray(payment)) return;
      const record = payment as Record<string, unknown>;
      const amount = record.amount;
      if (typeof amount !== 'string' || !/^[0-9]{1,30}$/.test(amount)) {
        throw new ProtocolError(
          'ERR_JSON',
          `data.asset.payments[${i}].amount: must be a decimal integer string`,
        );
      }
      record.amount = BigInt(amount);
    });
  }
  // The per-type schema (validateTransaction) checks every other asset field.
  return copy;
}

function copyJsonValue(value: unknown, path: string): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new ProtocolError('ERR_JSON', `${path}: must be a finite number`);
    return value;
  }
  if (Array.isArray(value)) return value.map((item, i) => copyJsonValue(item, `${path}[${i}]`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      Object.defineProperty(out, key, {
        value: copyJsonValue(item, `${path}.${key}`),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  throw new ProtocolError('ERR_JSON', `${path}: is not a JSON value`);
}
