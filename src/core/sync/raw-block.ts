/**
 * A block as a peer serves it over the public API — the raw header (`/blocks?transform=false`: ARK's 13 columns,
 * ark-core-api.md §6.13) and its raw transactions (`/blocks/{id}/transactions?transform=false`, §6.14 (c)) —
 * rebuilt into the protocol's Block, exactly: every transaction is decoded from its JSON and re-serialized (its id
 * is the hash of those bytes), the header's id is computed from its serialization (the numeric 8-byte id before
 * the network's idFullSha256 milestone, protocol.md §6.1). A served id that differs from the computed one is the
 * peer's fault. Everything else (signatures, payload hash, totals, the state rules) is the node's `applyBlock`.
 */
import { blockHeaderFromJson, computeBlockId, type Block, type BlockHeader } from '../protocol/blocks';
import { milestoneAt, type Network } from '../protocol/networks';
import { transactionAndBytesFromJson, type TransactionData } from '../protocol/transactions';
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
    computed = computeBlockId(header, network).id;
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
  const ctx = { network, height: header.height };
  const txs: TransactionData[] = [];
  const bytes: Uint8Array[] = [];
  ordered.forEach((json, index) => {
    if (!isObject(json)) throw peerDataError(header.height, `transaction ${index} is not an object`);
    const signed: JsonObject = { ...json };
    for (const key of STORAGE_KEYS) delete signed[key];
    let decoded: { tx: TransactionData; bytes: Uint8Array };
    try {
      decoded = transactionAndBytesFromJson(signed, ctx);
    } catch (error) {
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
  return { header, transactions: txs, transactionBytes: bytes };
}

/** ARK's exceptions (crypto-networks `exceptions.json`): blocks and transactions exempt from verification. */
export interface ChainExceptions {
  blocks: ReadonlySet<string>;
  transactions: ReadonlySet<string>;
}

export const NO_EXCEPTIONS: ChainExceptions = { blocks: new Set(), transactions: new Set() };

/**
 * ARK verifies the chain of some networks with a list of exempt blocks and transactions (and id fix tables); Votary
 * does not implement those exemptions, so it stops before such a block instead of storing what it cannot verify.
 */
export function checkNotExcepted(block: Block, exceptions: ChainExceptions): void {
  const { header } = block;
  if (header.id !== undefined && exceptions.blocks.has(header.id)) {
    throw new SyncError(
      'ERR_SYNC_UNSUPPORTED',
      `block ${header.height} (${header.id}) is on the network's exceptions list: ARK accepts it without the usual ` +
        'verification, a rule Votary does not implement, so the chain is followed up to the block before it',
      { height: header.height },
    );
  }
  const excepted = block.transactions.find((tx) => tx.id !== undefined && exceptions.transactions.has(tx.id));
  if (excepted !== undefined) {
    throw new SyncError(
      'ERR_SYNC_UNSUPPORTED',
      `block ${header.height} holds transaction ${String(excepted.id)}, which is on the network's exceptions list: ` +
        'ARK accepts it without the usual verification, a rule Votary does not implement, so the chain is followed ' +
        'up to the block before it',
      { height: header.height },
    );
  }
}

/** The height above `height` from which the network's aip11 milestone is on (undefined: never). */
function aip11HeightAbove(network: Network, height: number): number | undefined {
  const heights = network.milestones
    .filter((milestone) => milestone.height > height && milestone.aip11 === true)
    .map((milestone) => milestone.height);
  return heights.length === 0 ? undefined : Math.min(...heights);
}

/**
 * Before its aip11 milestone a network's transactions are version 1 (ARK mainnet's until height 11,273,000,
 * devnet's until 4,006,000), which ARK applies with its pre-aip11 rules: the v1 serialization and signatures, nonces
 * counted instead of signed, v1 second signatures and multisignatures. Votary applies version 1 only in a genesis
 * block (protocol.md §6.3), so the follower stops before the first block that holds such transactions — not
 * banning the peer, whose block may well be valid — and says why. Empty blocks before aip11 follow the same rules
 * as after it and are verified as usual.
 */
function unsupportedBeforeAip11(header: BlockHeader, network: Network): SyncError | undefined {
  if (header.height < 2 || header.numberOfTransactions === 0) return undefined;
  if (milestoneAt(network, header.height).aip11 === true) return undefined;
  const from = aip11HeightAbove(network, header.height);
  return new SyncError(
    'ERR_SYNC_UNSUPPORTED',
    `block ${header.height} (${header.id ?? '?'}) holds ${header.numberOfTransactions} transaction(s) from before ` +
      `the network's aip11 milestone (${from === undefined ? 'never reached' : `height ${from}`}): version 1 ` +
      'transactions, which ARK applies with its pre-aip11 rules, a rule Votary does not implement, so the chain is ' +
      'followed up to the block before it',
    { height: header.height },
  );
}

/**
 * The headers before the first block holding transactions Votary cannot verify; when that block comes first, its
 * error (the follower stops there: the blocks below it were applied by the runs before).
 */
export function supportedPrefix(headers: BlockHeader[], network: Network): BlockHeader[] {
  for (let i = 0; i < headers.length; i++) {
    const unsupported = unsupportedBeforeAip11(headers[i]!, network);
    if (unsupported === undefined) continue;
    if (i === 0) throw unsupported;
    return headers.slice(0, i);
  }
  return headers;
}
