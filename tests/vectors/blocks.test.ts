import { describe, expect, it } from 'vitest';
import {
  blockHeaderFromJson,
  blockHeaderToJson,
  blockSigningHash,
  computeBlockId,
  deserializeBlock,
  payloadHash,
  serializeBlock,
  serializeBlockHeader,
  signBlock,
  verifyBlock,
  verifyBlockSignature,
  type BlockHeader,
} from '../../src/core/protocol/blocks';
import { keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { fromHex, toHex } from '../../src/core/protocol/hex';
import { devnet, networkByName, type Network } from '../../src/core/protocol/networks';
import { unixMsFromEpoch } from '../../src/core/protocol/time';
import {
  deserializeTransaction,
  transactionToJson,
  verifyTransaction,
} from '../../src/core/protocol/transactions';
import vectors from '../fixtures/vectors/blocks.json';

const hexOf = (value: Uint8Array | string): string => (typeof value === 'string' ? value : toHex(value));

/** The header of a vector without what signing adds. */
function unsignedHeader(json: unknown): BlockHeader {
  const { blockSignature: _s, id: _i, ...unsigned } = blockHeaderFromJson(json);
  return unsigned;
}

/**
 * The vectors were made with the real clock, years after the blocks' timestamps; `now` is the moment the block
 * was forged (its slot start), which satisfies `timestamp ≤ now + blocktime` the same way.
 */
const forgedAt = (timestamp: number, network: Network): number => unixMsFromEpoch(timestamp, network);

describe.each(vectors.vectors)('blocks.json: $description', (v) => {
  const network = networkByName(v.network) as Network;
  const ctx = { network, height: v.configHeight };
  const txBytes = v.transactionsSerializedHex.map((hex) => fromHex(hex));
  const transactions = txBytes.map((bytes) => deserializeTransaction(bytes, ctx));
  const now = forgedAt(v.headerJson.timestamp, network);

  it('the inputs are consistent: transaction ids and payload hash', () => {
    expect(transactions.map((tx) => tx.id)).toEqual(v.inputs.transactions);
    expect(payloadHash(v.inputs.transactions)).toBe(v.inputs.payloadHash);
    expect(blockHeaderFromJson({ ...v.inputs, generatorPublicKey: v.headerJson.generatorPublicKey })).toEqual(
      unsignedHeader(v.headerJson),
    );
  });

  it('header bytes without signature and the signed hash', () => {
    const unsigned = unsignedHeader(v.headerJson);
    expect(toHex(serializeBlockHeader(unsigned, network, { includeSignature: false }))).toBe(
      v.headerWithoutSignatureHex,
    );
    expect(toHex(blockSigningHash(unsigned, network))).toBe(v.headerHashForSignatureHex);
  });

  it('signing with the generator passphrase reproduces signature, header bytes and id', () => {
    const keys = keyPairFromPassphrase(v.generatorPassphrase);
    expect(hexOf(keys.privateKey)).toBe(v.generatorPrivateKeyHex);
    expect(hexOf(keys.publicKey)).toBe(v.headerJson.generatorPublicKey);
    const signed = signBlock(unsignedHeader(v.headerJson), keys.privateKey, network);
    expect(signed.blockSignature).toBe(v.blockSignature);
    expect(signed.id).toBe(v.id);
    expect(toHex(serializeBlockHeader(signed, network))).toBe(v.headerWithSignatureHex);
    expect(computeBlockId(signed, network)).toEqual({ id: v.headerJson.id, idHex: v.headerJson.idHex });
    expect(blockHeaderToJson(signed, network)).toEqual(v.headerJson);
    expect(v.idEqualsSha256OfHeaderWithSignature).toBe(true);
    // RFC6979: signing again gives the same bytes.
    expect(signBlock(signed, v.generatorPrivateKeyHex, network).blockSignature).toBe(v.blockSignature);
    expect(v.resignGivesSameSignature).toBe(true);
  });

  it('full serialization, from transaction data and from transaction bytes', () => {
    const header = blockHeaderFromJson(v.headerJson);
    expect(toHex(serializeBlock({ header, transactions }, network))).toBe(v.serializedHex);
    expect(toHex(serializeBlock({ header, transactions: txBytes }, network))).toBe(v.serializedHex);
  });

  it('deserializes to the same header, id and transactions', () => {
    const block = deserializeBlock(fromHex(v.serializedHex), network);
    expect(block.header.id).toBe(v.deserializedId);
    expect(block.header).toEqual(blockHeaderFromJson(v.headerJson));
    expect(block.transactions.map((tx) => tx.id)).toEqual(v.inputs.transactions);
    expect(block.transactionBytes.map((bytes) => toHex(bytes))).toEqual(v.transactionsSerializedHex);
    expect(deserializeBlock(fromHex(v.serializedHex), ctx).header.id).toBe(v.deserializedId);
  });

  it('verification results equal the library', () => {
    const header = blockHeaderFromJson(v.headerJson);
    expect(verifyBlock({ header, transactions }, network, { now })).toEqual(v.verification);
    const block = deserializeBlock(fromHex(v.serializedHex), network);
    expect(verifyBlock(block, network, { now })).toEqual(v.deserializedVerification);
  });

  it('rejects the block one blocktime before it may be forged', () => {
    const header = blockHeaderFromJson(v.headerJson);
    const early = verifyBlock({ header, transactions }, network, { now: now - 9000 });
    expect(early.errors).toEqual(['Invalid block timestamp']);
    expect(verifyBlock({ header, transactions }, network, { now: now - 8000 }).verified).toBe(true);
  });
});

describe.each(vectors.negative)('blocks.json negative: $description', (n) => {
  it('deserializes with the library id and fails verification the same way', () => {
    const block = deserializeBlock(fromHex(n.serializedHex), devnet);
    expect(block.header.id).toBe(n.id);
    const now = forgedAt(block.header.timestamp, devnet);
    expect(verifyBlock(block, devnet, { now })).toEqual(n.verification);
  });
});

describe('blocks.json genesis: the devnet preset genesis block', () => {
  const g = vectors.genesis;
  const bytes = fromHex(g.serializedHex);
  const block = deserializeBlock(bytes, devnet);

  it('takes the configured id for height 1, not the id of its bytes', () => {
    expect(block.header.height).toBe(1);
    expect(block.header.id).toBe(g.presetId);
    expect(block.header.id).toBe(g.blockDataIdAfterFactory);
    expect(block.header.id).toBe(devnet.genesisBlock.id);
    expect(computeBlockId(block.header, devnet)).toEqual({
      id: g.computedIdFromBytes,
      idHex: g.computedIdHexFromBytes,
    });
  });

  it('re-serializes with a legacy 8-byte zero previousBlock', () => {
    expect(block.header.previousBlock).toBe('0');
    expect(toHex(serializeBlockHeader(block.header, devnet, { includeSignature: false }))).toBe(
      g.headerWithoutSignatureHex,
    );
    expect(toHex(serializeBlock(block, devnet))).toBe(g.serializedHex);
    expect(
      toHex(serializeBlock({ header: block.header, transactions: block.transactionBytes }, devnet)),
    ).toBe(g.serializedHex);
  });

  it('has a valid block signature', () => {
    expect(verifyBlockSignature(block.header, devnet)).toBe(g.blockSignatureVerifies);
  });

  it('keeps the payload-hash quirk: payloadHash is the nethash, not SHA256 of the ids', () => {
    expect(block.header.payloadHash).toBe(g.presetPayloadHash);
    expect(block.header.payloadHash).toBe(devnet.network.nethash);
    expect(block.header.numberOfTransactions).toBe(devnet.genesisBlock.numberOfTransactions);
    expect(block.header.totalAmount.toString()).toBe(devnet.genesisBlock.totalAmount);
    expect(payloadHash(block.transactions.map((tx) => tx.id!))).not.toBe(g.presetPayloadHash);
    expect(verifyBlock(block, devnet, { now: forgedAt(0, devnet) })).toEqual(g.verification);
  });

  it('its first transaction is a v1 transfer that decodes to the library JSON', () => {
    const ctx = { network: devnet, height: 1 };
    // Genesis transactions are exempt from the fee minimum (protocol reference §5).
    const tx = deserializeTransaction(fromHex(g.firstTransaction.serializedHex), ctx, { genesis: true });
    const { blockId, blockHeight, sequence, ...json } = g.firstTransaction.json;
    expect(transactionToJson(tx)).toEqual(json);
    expect(verifyTransaction(tx, ctx).verified).toBe(g.firstTransaction.verified);
    expect(block.transactions[0]).toEqual(tx);
    expect(toHex(block.transactionBytes[0]!)).toBe(g.firstTransaction.serializedHex);
    // Block context fields the library adds to each transaction's JSON.
    expect([blockId, blockHeight, sequence]).toEqual([block.header.id, block.header.height, 0]);
  });
});
