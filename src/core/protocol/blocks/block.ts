import { ByteReader, ByteWriter } from '../bytes';
import { ProtocolError, isProtocolError } from '../errors';
import type { ChainContext, Network } from '../networks';
import { deserializeTransaction, serializeTransaction, type TransactionData } from '../transactions';
import { readBlockHeader, serializeBlockHeader } from './header';
import { blockId } from './sign';
import type { BlockHeader } from './types';

/** A block: its header and its transactions in block order. */
export interface Block {
  header: BlockHeader;
  transactions: TransactionData[];
  /** The serialized transactions when known (deserialized blocks): spares re-serializing them to verify. */
  transactionBytes?: Uint8Array[];
}

/** What `deserializeBlock` returns: the header with its id, and each transaction both decoded and as bytes. */
export interface DeserializedBlock extends Block {
  transactionBytes: Uint8Array[];
}

export interface BlockInput {
  header: BlockHeader;
  /** Transactions as data (serialized here, v2 format) or already serialized. */
  transactions: readonly TransactionData[] | readonly Uint8Array[];
}

function isNetwork(target: Network | ChainContext): target is Network {
  return 'milestones' in target;
}

/** Full serialization: header with signature ‖ N × u32 LE transaction lengths ‖ transaction bytes (§6.1). */
export function serializeBlock(block: BlockInput, network: Network): Uint8Array {
  const { header, transactions } = block;
  if (header.numberOfTransactions !== transactions.length) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block numberOfTransactions is ${header.numberOfTransactions} but ${transactions.length} transactions were given`,
    );
  }
  const txBytes = transactions.map((tx) => (tx instanceof Uint8Array ? tx : serializeTransaction(tx)));
  const writer = new ByteWriter(1024);
  writer.bytes(serializeBlockHeader(header, network, { includeSignature: true }));
  for (const bytes of txBytes) writer.u32(bytes.length);
  for (const bytes of txBytes) writer.bytes(bytes);
  return writer.finish();
}

/** The header's id as the chain knows it: the configured id for the genesis block (§6.3), else the computed id. */
function headerId(header: BlockHeader, network: Network): string {
  return header.height === 1 ? network.genesisBlock.id : blockId(header, network);
}

/** A header alone (p2p "headerOnly" form): exactly the signed header bytes, nothing after them. */
export function deserializeBlockHeader(bytes: Uint8Array, network: Network): BlockHeader {
  const reader = new ByteReader(bytes, 'ERR_BLOCK');
  const header = readBlockHeader(reader, network);
  if (reader.remaining !== 0) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block header is followed by ${reader.remaining} unexpected byte(s)`,
    );
  }
  header.id = headerId(header, network);
  return header;
}

function decodeTransaction(
  bytes: Uint8Array,
  index: number,
  ctx: ChainContext,
  genesis: boolean,
): TransactionData {
  try {
    return deserializeTransaction(bytes, ctx, { genesis });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ProtocolError(
      isProtocolError(error) ? error.code : 'ERR_BYTES',
      `block transaction ${index}: ${message}`,
    );
  }
}

/**
 * Decodes a full block. Transactions are decoded with the given context, or with the block's own height when
 * only a network is given. Truncation, length words that do not add up and trailing bytes are typed errors.
 */
export function deserializeBlock(bytes: Uint8Array, target: Network | ChainContext): DeserializedBlock {
  const network = isNetwork(target) ? target : target.network;
  const reader = new ByteReader(bytes, 'ERR_BLOCK');
  const header = readBlockHeader(reader, network);
  const count = header.numberOfTransactions;
  if (reader.remaining < count * 4) {
    throw new ProtocolError(
      'ERR_BLOCK',
      `block announces ${count} transactions but only ${reader.remaining} bytes follow the header`,
    );
  }
  const lengths: number[] = [];
  for (let i = 0; i < count; i++) lengths.push(reader.u32(`block transaction ${i} length`));
  const declared = lengths.reduce((sum, length) => sum + length, 0);
  if (declared !== reader.remaining) {
    throw new ProtocolError(
      'ERR_BLOCK',
      declared > reader.remaining
        ? `block transaction lengths add up to ${declared} bytes but only ${reader.remaining} remain`
        : `block has ${reader.remaining - declared} trailing byte(s) after its transactions`,
    );
  }
  const ctx: ChainContext = isNetwork(target) ? { network, height: header.height } : target;
  const transactionBytes = lengths.map((length, i) => reader.bytes(length, `block transaction ${i}`).slice());
  // Genesis transactions are exempt from the amount/fee minimums (§5); the genesis block is given by config (§6.3).
  const genesis = header.height === 1;
  const transactions = transactionBytes.map((txBytes, i) => decodeTransaction(txBytes, i, ctx, genesis));
  header.id = headerId(header, network);
  return { header, transactions, transactionBytes };
}
