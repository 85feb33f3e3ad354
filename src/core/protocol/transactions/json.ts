import { TypeGroup } from './constants';
import type { TransactionAsset, TransactionData, TransactionJson } from './types';

export {
  transactionFromJson,
  transactionAndBytesFromJson,
  draftFromJson,
  type FromJsonOptions,
} from './json-parse';

/**
 * `toJson()` of the reference (protocol reference §4.5 "JSON shape"), keys in its order: version, network,
 * [typeGroup only if ≠ 1], type, [timestamp (v1) | nonce (v2)], senderPublicKey, fee, amount, [vendorField],
 * [expiration], [recipientId], [asset], [signature], [secondSignature], [signatures], [id]. Big numbers become
 * decimal strings; the result shares no objects with the input.
 */
export function transactionToJson(tx: TransactionData): TransactionJson {
  const head: Pick<TransactionJson, 'version' | 'network' | 'typeGroup'> = {
    version: tx.version,
    network: tx.network,
  };
  if (tx.typeGroup !== TypeGroup.Core) head.typeGroup = tx.typeGroup;
  const json: TransactionJson = {
    ...head,
    type: tx.type,
    ...(tx.version === 1 ? { timestamp: tx.timestamp } : { nonce: tx.nonce.toString() }),
    senderPublicKey: tx.senderPublicKey,
    fee: tx.fee.toString(),
    amount: tx.amount.toString(),
  };
  if (json.timestamp === undefined) delete json.timestamp;
  if (tx.vendorField !== undefined) json.vendorField = tx.vendorField;
  if (tx.expiration !== undefined) json.expiration = tx.expiration;
  if (tx.recipientId !== undefined) json.recipientId = tx.recipientId;
  if (tx.asset !== undefined) json.asset = copyJson(tx.asset) as TransactionAsset<string>;
  if (tx.signature !== undefined) json.signature = tx.signature;
  if (tx.secondSignature !== undefined) json.secondSignature = tx.secondSignature;
  if (tx.signatures !== undefined) json.signatures = [...tx.signatures];
  if (tx.id !== undefined) json.id = tx.id;
  return json;
}

/**
 * Asset keys in the order the reference's objects have them (e.g. payments `{amount, recipientId}`, a
 * multisignature asset `{publicKeys, min}`, an entity `{type, subType, action, registrationId, data}`), so the
 * JSON does not depend on how the data was put together. Keys not listed keep their order, after these.
 */
const ASSET_KEY_ORDER = [
  'type',
  'subType',
  'action',
  'registrationId',
  'data',
  'name',
  'website',
  'vat',
  'repository',
  'bridgechainId',
  'seedNodes',
  'genesisHash',
  'bridgechainRepository',
  'ports',
  'bridgechainAssetRepository',
  'ipfsData',
  'amount',
  'recipientId',
  'secretHash',
  'expiration',
  'value',
  'lockTransactionId',
  'unlockSecret',
  'publicKeys',
  'keysgroup',
  'lifetime',
  'min',
];
const rank = new Map(ASSET_KEY_ORDER.map((key, i) => [key, i]));

function orderedEntries(value: object): [string, unknown][] {
  return Object.entries(value)
    .map((entry, i) => ({ entry, key: rank.get(entry[0]) ?? ASSET_KEY_ORDER.length + i }))
    .sort((a, b) => a.key - b.key)
    .map(({ entry }) => entry);
}

/**
 * A deep copy in which bigint values (payment amounts) become decimal strings. Bridgechain `ports` is a
 * name → port map whose order is data (it is serialized in that order), so it is copied as it is.
 */
function copyJson(value: unknown, parentKey = ''): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map((item) => copyJson(item));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    const entries = parentKey === 'ports' ? Object.entries(value) : orderedEntries(value);
    for (const [key, item] of entries) {
      if (item === undefined) continue;
      // defineProperty, so that a key named "__proto__" stays an ordinary own property.
      Object.defineProperty(out, key, {
        value: copyJson(item, key),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  return value;
}
