/**
 * ARK Core 3.9.1's P2P codecs for the routes the follower asks (core-p2p `socket-server/codecs/{blocks,peer}.ts`
 * and `proto/{blocks,peer,shared}.proto`):
 *
 * - `p2p.blocks.getBlocks`: the request is `GetBlocksRequest` {lastBlockHeight, blockLimit (≤ 400), headersOnly,
 *   serialized, headers {version}}; the answer is not one protobuf message but a sequence of [u32 BE length,
 *   `GetBlocksResponse.BlockHeader`] records, each header's `transactions` field a sequence of [u32 BE length,
 *   serialized transaction] records.
 * - `p2p.peer.getStatus`: `GetStatusRequest` {headers}; the answer `GetStatusResponse` {state {height,
 *   forgingAllowed, currentSlot, header}, config {version, network {name, nethash, …}, plugins}}.
 *
 * Decoding is bounded as ARK's is (at most 400 blocks, 500 transactions a block) and stricter: a record that runs
 * past the answer, or bytes left over, is a malformed answer rather than silently dropped; every message is read by
 * its shape in ARK's schema (proto-wire.ts ProtoShape: each field at most as long and as often as ARK writes it,
 * few unknown fields, none kept), and counts are checked before anything is allocated for them. An answer past
 * those bounds holds more than ARK's schema produces (`P2pCodecError.excess`): not a node's answer but a peer's
 * padding, which the follower counts as a lie (sync/p2p-blocks.ts).
 */
import { ProtoError, ProtoExcessError, ProtoMessage, ProtoWriter, type ProtoShape } from './proto-wire';

/** core-p2p `constants.ts` MAX_DOWNLOAD_BLOCKS, and the getBlocks schema's blockLimit maximum. */
export const MAX_DOWNLOAD_BLOCKS = 400;
/** core-p2p `codecs/blocks.ts` hardLimitNumberOfTransactions. */
export const MAX_BLOCK_TRANSACTIONS = 500;
/** The version Votary says it speaks in each request's headers (core-p2p's minimumVersions accept ^3.0). */
export const P2P_CLIENT_VERSION = '3.9.1';

export class P2pCodecError extends Error {
  constructor(
    message: string,
    /** The answer holds more than ARK's schema produces (too many records, a field too long or too often). */
    readonly excess = false,
  ) {
    super(message);
  }
}

/** A block id (64 hex, or a legacy id of up to 20 digits), a hash, a public key: a short string. */
const HEX_64 = { wire: 'length', max: 64 } as const;
/** A uint64 amount as a decimal string (20 digits at most). */
const AMOUNT = { wire: 'length', max: 32 } as const;
const UINT = { wire: 'varint' } as const;

/** GetBlocksResponse.BlockHeader (blocks.proto), and GetStatusResponse.State.BlockHeader without field 16. */
const STATUS_HEADER_SHAPE: ProtoShape = {
  1: HEX_64,
  2: { ...HEX_64, skip: true },
  3: UINT,
  4: UINT,
  5: HEX_64,
  6: { ...HEX_64, skip: true },
  7: UINT,
  8: UINT,
  9: AMOUNT,
  10: AMOUNT,
  11: AMOUNT,
  12: UINT,
  13: HEX_64,
  14: { wire: 'length', max: 66 },
  // A DER signature is at most 72 bytes (144 hex); a little room for what headerFromPeer refuses in words.
  15: { wire: 'length', max: 160 },
};
const BLOCK_HEADER_SHAPE: ProtoShape = { ...STATUS_HEADER_SHAPE, 16: { wire: 'length' } };
/** The `headers` message Votary's requests carry: {version}. */
const HEADERS_SHAPE: ProtoShape = { 1: { wire: 'length', max: 64 } };
const GET_BLOCKS_REQUEST_SHAPE: ProtoShape = {
  1: UINT,
  2: UINT,
  3: UINT,
  4: UINT,
  5: { wire: 'length', max: 256 },
};
/** peer.proto GetStatusResponse and its parts; the plugins map (config field 3) is skipped, a few dozen entries. */
const STATUS_SHAPE: ProtoShape = {
  1: { wire: 'length', max: 2 * 1024 },
  2: { wire: 'length', max: 16 * 1024 },
};
const STATE_SHAPE: ProtoShape = { 1: UINT, 2: UINT, 3: UINT, 4: { wire: 'length', max: 1024 } };
const CONFIG_SHAPE: ProtoShape = {
  1: { wire: 'length', max: 64 },
  2: { wire: 'length', max: 4 * 1024 },
  3: { wire: 'length', max: 256, times: 64, skip: true },
};
const NETWORK_SHAPE: ProtoShape = {
  1: { wire: 'length', max: 256, skip: true },
  2: HEX_64,
  3: { wire: 'length', max: 2 * 1024, skip: true },
  4: { wire: 'length', max: 1024, skip: true },
  5: { ...UINT, skip: true },
};

export interface GetBlocksRequest {
  lastBlockHeight: number;
  blockLimit: number;
  headersOnly?: boolean;
}

function headersMessage(): Uint8Array {
  return new ProtoWriter().string(1, P2P_CLIENT_VERSION).finish();
}

export function encodeGetBlocksRequest(request: GetBlocksRequest): Uint8Array {
  return new ProtoWriter()
    .uint(1, request.lastBlockHeight)
    .uint(2, request.blockLimit)
    .bool(3, request.headersOnly === true)
    .bool(4, true)
    .bytes(5, headersMessage())
    .finish();
}

export function decodeGetBlocksRequest(payload: Uint8Array): GetBlocksRequest & { version: string } {
  return wrap(() => {
    const message = new ProtoMessage(payload, GET_BLOCKS_REQUEST_SHAPE);
    return {
      lastBlockHeight: message.uint(1),
      blockLimit: message.uint(2),
      headersOnly: message.bool(3),
      version: message.message(5, HEADERS_SHAPE)?.string(1) ?? '',
    };
  });
}

export function encodeGetStatusRequest(): Uint8Array {
  return new ProtoWriter().bytes(1, headersMessage()).finish();
}

/** A block as getBlocks serves it: the header's columns (amounts as decimal strings) and its transactions' bytes. */
export interface P2pBlock {
  id: string;
  version: number;
  timestamp: number;
  previousBlock: string;
  height: number;
  numberOfTransactions: number;
  totalAmount: string;
  totalFee: string;
  reward: string;
  payloadLength: number;
  payloadHash: string;
  generatorPublicKey: string;
  blockSignature: string;
  transactions: Uint8Array[];
}

/** Splits [u32 BE length, bytes] records; `limit` records at most. */
function lengthPrefixed(buffer: Uint8Array, limit: number, what: string): Uint8Array[] {
  const records: Uint8Array[] = [];
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let offset = 0;
  while (offset < buffer.length) {
    if (records.length >= limit) throw new P2pCodecError(`more than ${limit} ${what}s in one answer`, true);
    if (buffer.length - offset < 4) throw new P2pCodecError(`a ${what} record's length is cut off`);
    const length = view.getUint32(offset);
    offset += 4;
    if (length > buffer.length - offset) {
      throw new P2pCodecError(`a ${what} record of ${length} bytes runs past the answer`);
    }
    records.push(buffer.subarray(offset, offset + length));
    offset += length;
  }
  return records;
}

function blockHeaderFields(message: ProtoMessage): Omit<P2pBlock, 'transactions'> {
  return {
    id: message.string(1),
    version: message.uint(3),
    timestamp: message.uint(4),
    previousBlock: message.string(5),
    height: message.uint(7),
    numberOfTransactions: message.uint(8),
    totalAmount: message.string(9),
    totalFee: message.string(10),
    reward: message.string(11),
    payloadLength: message.uint(12),
    payloadHash: message.string(13),
    generatorPublicKey: message.string(14),
    blockSignature: message.string(15),
  };
}

function wrap<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    if (error instanceof ProtoError) {
      throw new P2pCodecError(error.message, error instanceof ProtoExcessError);
    }
    throw error;
  }
}

export function decodeGetBlocksResponse(payload: Uint8Array): P2pBlock[] {
  return wrap(() =>
    lengthPrefixed(payload, MAX_DOWNLOAD_BLOCKS, 'block').map((record) => {
      const message = new ProtoMessage(record, BLOCK_HEADER_SHAPE);
      return {
        ...blockHeaderFields(message),
        transactions: lengthPrefixed(message.bytes(16), MAX_BLOCK_TRANSACTIONS, 'transaction'),
      };
    }),
  );
}

function writeBlockHeader(writer: ProtoWriter, block: Omit<P2pBlock, 'transactions'>): ProtoWriter {
  return writer
    .string(1, block.id)
    .uint(3, block.version)
    .uint(4, block.timestamp)
    .string(5, block.previousBlock)
    .uint(7, block.height)
    .uint(8, block.numberOfTransactions)
    .string(9, block.totalAmount)
    .string(10, block.totalFee)
    .string(11, block.reward)
    .uint(12, block.payloadLength)
    .string(13, block.payloadHash)
    .string(14, block.generatorPublicKey)
    .string(15, block.blockSignature);
}

function prefixed(records: readonly Uint8Array[]): Uint8Array {
  const total = records.reduce((sum, record) => sum + 4 + record.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let offset = 0;
  for (const record of records) {
    view.setUint32(offset, record.length);
    out.set(record, offset + 4);
    offset += 4 + record.length;
  }
  return out;
}

/** getBlocks' answer as ARK's server writes it (for the tests' peer and round-trips). */
export function encodeGetBlocksResponse(blocks: readonly P2pBlock[]): Uint8Array {
  return prefixed(
    blocks.map((block) =>
      writeBlockHeader(new ProtoWriter(), block).bytes(16, prefixed(block.transactions)).finish(),
    ),
  );
}

export interface P2pStatus {
  height: number;
  header: Omit<P2pBlock, 'transactions'> | undefined;
  version: string;
  nethash: string;
}

export function decodeGetStatusResponse(payload: Uint8Array): P2pStatus {
  return wrap(() => {
    const message = new ProtoMessage(payload, STATUS_SHAPE);
    const state = message.message(1, STATE_SHAPE);
    const config = message.message(2, CONFIG_SHAPE);
    const header = state?.message(4, STATUS_HEADER_SHAPE);
    return {
      height: state?.uint(1) ?? 0,
      header: header === undefined ? undefined : blockHeaderFields(header),
      version: config?.string(1) ?? '',
      nethash: config?.message(2, NETWORK_SHAPE)?.string(2) ?? '',
    };
  });
}

export function encodeGetStatusResponse(status: P2pStatus): Uint8Array {
  const state = new ProtoWriter().uint(1, status.height);
  if (status.header !== undefined)
    state.bytes(4, writeBlockHeader(new ProtoWriter(), status.header).finish());
  const network = new ProtoWriter().string(2, status.nethash).finish();
  const config = new ProtoWriter().string(1, status.version).bytes(2, network).finish();
  return new ProtoWriter().bytes(1, state.finish()).bytes(2, config).finish();
}
