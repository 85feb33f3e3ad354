/**
 * A block as a peer serves it over the public API — the raw header (`/blocks?transform=false`: ARK's 13 columns,
 * ark-core-api.md §6.13) and its raw transactions (`/blocks/{id}/transactions?transform=false`, §6.14 (c)) —
 * rebuilt into the protocol's Block, exactly: every transaction is decoded from its JSON and re-serialized (its id
 * is the hash of those bytes), the header's id is computed from its serialization (the numeric 8-byte id before
 * the network's idFullSha256 milestone, protocol.md §6.1). A served id that differs from the computed one is the
 * peer's fault. Everything else (signatures, payload hash, totals, the state rules) is the node's `applyBlock`.
 * Ids go through the network's exceptions tables as ARK's do (`outlookTable`, `transactionIdFixTable`).
 */
import {
  blockHeaderFromJson,
  computeBlockId,
  payloadHash,
  type Block,
  type BlockHeader,
} from '../protocol/blocks';
import { ProtocolError } from '../protocol/errors';
import { sha256 } from '../protocol/hash';
import { toHex } from '../protocol/hex';
import {
  isExceptionBlock,
  isExceptionTransaction,
  milestoneAt,
  outlookBlockId,
  transactionRulesHeight,
  type Network,
} from '../protocol/networks';
import {
  internalTypeLabel,
  transactionAndBytesFromJson,
  TypeGroup,
  type TransactionData,
} from '../protocol/transactions';
import { peerDataError, SyncError } from './errors';

type JsonObject = Record<string, unknown>;

/** Keys a raw transaction carries beside the signed data: where it was stored (ark-core-api.md §6.14 (c)). */
const STORAGE_KEYS = ['blockId', 'blockHeight', 'sequence'];

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The header of a raw block, with its id checked against its serialization. */
export function headerFromPeer(json: unknown, network: Network): BlockHeader {
  const height = isObject(json) && typeof json.height === 'number' ? json.height : 0;
  let header: BlockHeader;
  try {
    header = blockHeaderFromJson(json);
  } catch (error) {
    throw peerDataError(height, `the header is malformed: ${reason(error)}`);
  }
  if (header.height >= 2 && (header.previousBlock === undefined || header.blockSignature === undefined)) {
    throw peerDataError(header.height, 'the header lacks its previous block id or its signature');
  }
  // Before anything is downloaded for it: a count past the milestone would have the follower page through
  // transactions no valid block can hold.
  const maxTransactions = milestoneAt(network, header.height).block.maxTransactions;
  if (header.height >= 2 && header.numberOfTransactions > maxTransactions) {
    throw peerDataError(
      header.height,
      `the header counts ${header.numberOfTransactions} transactions, more than the milestone's ${maxTransactions}`,
    );
  }
  // The genesis block's id is configured, not computed (protocol.md §6.3); the follower compares it with its own.
  if (header.height === 1) return header;
  let computed: string;
  try {
    // A block id of the network's outlookTable is known on the chain by the id it maps to (crypto
    // `blocks/deserializer.ts`), which the next block's previousBlock names.
    computed = outlookBlockId(network, computeBlockId(header, network).id);
  } catch (error) {
    throw peerDataError(header.height, `the header does not serialize: ${reason(error)}`);
  }
  if (header.id !== computed) {
    throw peerDataError(
      header.height,
      `its id is ${String(header.id)}, but its header hashes to ${computed}`,
    );
  }
  return header;
}

/** The sequence a raw transaction was stored at (its place in the block), when the peer says. */
function sequenceOf(json: unknown): number | undefined {
  return isObject(json) && typeof json.sequence === 'number' ? json.sequence : undefined;
}

/**
 * A block from its checked header and its raw transactions (in any order when they carry `sequence`, else in
 * block order). Each transaction must decode, and hash to the id the peer gave it.
 */
export function blockFromPeer(
  header: BlockHeader,
  transactions: readonly unknown[],
  network: Network,
): Block {
  const ordered = transactions.every((json) => sequenceOf(json) !== undefined)
    ? [...transactions].sort((a, b) => sequenceOf(a)! - sequenceOf(b)!)
    : transactions;
  // Transaction rules read the milestone before the block's (networks `transactionRulesHeight`): the aip11
  // milestone's own block still holds version 1.
  const ctx = { network, height: transactionRulesHeight(header.height) };
  const txs: TransactionData[] = [];
  const bytes: Uint8Array[] = [];
  let unknown: UnknownType | undefined;
  ordered.forEach((json, index) => {
    if (!isObject(json)) throw peerDataError(header.height, `transaction ${index} is not an object`);
    const signed: JsonObject = { ...json };
    for (const key of STORAGE_KEYS) delete signed[key];
    // A transaction without a version is version 1 (crypto `transactions/serializer.ts` serializeCommon).
    signed.version ??= 1;
    // A version 1 transaction is served with the nonce ARK's database numbered it with (the sender's count,
    // core-database set_row_nonce; ark-core-api.md §6.14 (c)): storage, not signed data. The node stores its own
    // count (BlockStore), which the API compares with ARK's.
    if (signed.version === 1) delete signed.nonce;
    let decoded: { tx: TransactionData; bytes: Uint8Array };
    try {
      decoded = transactionAndBytesFromJson(signed, ctx);
    } catch (error) {
      const type = pluginType(json, error);
      if (type !== undefined) {
        unknown ??= type;
        return;
      }
      throw peerDataError(
        header.height,
        `transaction ${index} (${String(json.id)}) does not decode: ${reason(error)}`,
      );
    }
    if (decoded.tx.id !== json.id) {
      throw peerDataError(
        header.height,
        `transaction ${index} is served as ${String(json.id)}, but its bytes hash to ${String(decoded.tx.id)}`,
      );
    }
    txs.push(decoded.tx);
    bytes.push(decoded.bytes);
  });
  const block: Block = { header, transactions: txs, transactionBytes: bytes };
  if (unknown !== undefined) {
    const ids = ordered.map((json) => (isObject(json) ? json.id : undefined));
    markUnknownType(block, unknown, ids, network);
  }
  return block;
}

/** A transaction of a type Votary has no rule for, as served. */
export interface UnknownType {
  id: string;
  typeGroup: number;
  type: number;
  /**
   * Read from the transaction's bytes, whose hash is its id (P2P): proof of the type. Over the public API the type
   * is the peer's word — Votary cannot serialize a type it does not know to check it against the id — and the
   * follower stops only when a peer of another host serves the same (unsupported-claims.ts).
   */
  fromBytes: boolean;
}

/** Blocks rebuilt without a transaction of an unknown type: `checkNotExcepted` stops before them. */
const unknownTypes = new WeakMap<Block, UnknownType>();

const isUint = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** A type outside ARK's Core group, whose types are fixed (see pluginType). */
function isPluginType(typeGroup: number): boolean {
  return typeGroup !== TypeGroup.Core;
}

/**
 * The served type when `error` says only that Votary does not know it, and it could be a type a chain's nodes
 * registered through a plugin (ARK Core 3.9.1 crypto `transactions/registry.ts` takes any typeGroup but Core's,
 * whose types are fixed: an unknown Core type is invalid on every ARK chain, so the peer's fault).
 */
function pluginType(json: JsonObject, error: unknown): UnknownType | undefined {
  if (!(error instanceof ProtocolError) || error.code !== 'ERR_UNKNOWN_TYPE') return undefined;
  const { id, typeGroup, type } = json;
  if (typeof id !== 'string' || !isUint(typeGroup, 0xffffffff) || !isUint(type, 0xffff)) return undefined;
  return isPluginType(typeGroup) ? { id, typeGroup, type, fromBytes: false } : undefined;
}

/**
 * pluginType for a transaction served as bytes (P2P): a version-2 transaction's typeGroup (u32 LE at byte 3) and
 * type (u16 LE at byte 7) are read from its common header (crypto `transactions/serializer.ts` serializeCommon),
 * and its id is the hash of the bytes whatever its type (crypto `utils.getId`).
 */
export function pluginTypeOfBytes(bytes: Uint8Array, error: unknown): UnknownType | undefined {
  if (!(error instanceof ProtocolError) || error.code !== 'ERR_UNKNOWN_TYPE') return undefined;
  if (bytes.length < 9 || bytes[0] !== 0xff || bytes[1] !== 2) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const typeGroup = view.getUint32(3, true);
  const type = view.getUint16(7, true);
  return isPluginType(typeGroup) ? { id: toHex(sha256(bytes)), typeGroup, type, fromBytes: true } : undefined;
}

/**
 * Keeps `block` — rebuilt without its transactions of unknown types — for `checkNotExcepted` to stop before, once
 * its payload hash verifies over `ids`, every transaction's id as served, in block order (see checkServedPayload).
 */
export function markUnknownType(
  block: Block,
  unknown: UnknownType,
  ids: readonly unknown[],
  network: Network,
): void {
  checkServedPayload(block.header, ids, network, unknown);
  unknownTypes.set(block, unknown);
}

/** The transaction of an unknown type `block` was rebuilt without, if any (see markUnknownType). */
export function unknownTypeOf(block: Block): UnknownType | undefined {
  return unknownTypes.get(block);
}

/**
 * A block with a transaction Votary cannot rebuild is still held to what can be checked without it: its payload
 * hash over the ids served, in the order served (protocol/blocks `payloadHash`; a listed exception block skips it
 * as ARK does). Its header id was checked already, and the follower checks its signature, chaining and forger
 * before it stops (follower `unsupported`), so junk from a peer is its fault, not a reason to stop.
 */
function checkServedPayload(
  header: BlockHeader,
  ids: readonly unknown[],
  network: Network,
  unknown: UnknownType,
): void {
  const served = ids.filter((id): id is string => typeof id === 'string');
  if (header.id !== undefined && isExceptionBlock(network, header.id, served)) return;
  let computed: string | undefined;
  try {
    computed = served.length === ids.length ? payloadHash(served) : undefined;
  } catch {
    computed = undefined;
  }
  if (computed !== header.payloadHash) {
    throw peerDataError(
      header.height,
      `it holds transaction ${unknown.id} of an unknown type (${internalTypeLabel(unknown.typeGroup, unknown.type)}), ` +
        'and its payload hash does not verify over the transaction ids served',
    );
  }
}

/** The exceptions a peer's crypto configuration declares (`/node/configuration/crypto`, crypto-networks keys). */
export interface ChainExceptions {
  blocks: ReadonlySet<string>;
  transactions: ReadonlySet<string>;
}

export const NO_EXCEPTIONS: ChainExceptions = { blocks: new Set(), transactions: new Set() };

function unsupported(header: BlockHeader, what: string, rule: string): SyncError {
  return new SyncError(
    'ERR_SYNC_UNSUPPORTED',
    `block ${header.height} (${header.id ?? '?'}) ${what}: ${rule}, a rule Votary does not implement, so the chain ` +
      'is followed up to the block before it',
    { height: header.height },
  );
}

/** The stop before a block holding a transaction of a plugin's type, naming the block and the type. */
export function unsupportedType(header: BlockHeader, unknown: UnknownType): SyncError {
  return unsupported(
    header,
    `holds transaction ${unknown.id} of typeGroup ${unknown.typeGroup}, type ${unknown.type}`,
    'a transaction type Votary has no rule for (one a plugin of this chain’s nodes adds)',
  );
}

/**
 * Stops before a block that needs a rule Votary lacks, without banning the peer (its block may well be valid; the
 * follower bans instead when its header is not a genuine next block, follower `unsupported`):
 * - a transaction of a type Votary does not know, outside ARK's Core group: a type a chain's nodes added through a
 *   plugin (ARK Core 3.9.1 applies every Core and Magistrate type, and Votary has a handler for each, node/
 *   transaction-handlers `handlerFor`), in a block whose payload hash verifies over the ids served — over the
 *   public API a peer's word until a peer of another host confirms it (unsupported-claims.ts);
 * - a block or transaction the peer's configuration lists as an exception that Votary's own list for the network
 *   does not hold. Votary applies ARK's exceptions only from the lists it ships (ARK mainnet and devnet,
 *   protocol/networks `presetExceptions`): a listed block or transaction skips verification, so a list that is a
 *   peer's word is not applied.
 */
export function checkNotExcepted(block: Block, exceptions: ChainExceptions, network: Network): void {
  const { header, transactions } = block;
  const unknown = unknownTypes.get(block);
  if (unknown !== undefined) throw unsupportedType(header, unknown);
  const ids = transactions.map((tx) => tx.id);
  if (
    header.id !== undefined &&
    exceptions.blocks.has(header.id) &&
    !isExceptionBlock(network, header.id, ids)
  ) {
    throw unsupported(
      header,
      "is on the exceptions list the peers serve but not on Votary's for the network",
      'ARK accepts it without the usual verification',
    );
  }
  const excepted = transactions.find(
    (tx) =>
      tx.id !== undefined && exceptions.transactions.has(tx.id) && !isExceptionTransaction(network, tx.id),
  );
  if (excepted !== undefined) {
    throw unsupported(
      header,
      `holds transaction ${String(excepted.id)}, on the exceptions list the peers serve but not on Votary's for the network`,
      'ARK accepts it without the usual verification',
    );
  }
}
