/**
 * ARK Core 3.9.1's P2P frames as a real node sent them (tests/fixtures/p2p/ark-core-3.9.1-frames.json, recorded from
 * the testnet node of scripts/ark-core/run.sh): the nes framing, getStatus and getBlocks decode to what the node
 * holds — every block's id is the hash of the header decoded from them, every transaction decodes — and encoding
 * what was decoded gives back the same decoded data. Malformed answers are errors, never a crash or a read past
 * the bytes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeGetBlocksRequest,
  decodeGetBlocksResponse,
  decodeGetStatusResponse,
  encodeGetBlocksRequest,
  encodeGetBlocksResponse,
  encodeGetStatusResponse,
  P2pCodecError,
  parseNesMessage,
  stringifyNesMessage,
  NesFrameError,
} from '../../src/core/p2p';
import { testnet } from '../../src/core/protocol/networks';
import { blockFromP2p } from '../../src/core/sync/p2p-blocks';
import { paddedGetBlocksAnswer } from './p2p-peer-server';

interface Exchange {
  route: string;
  request: string;
  answer: string;
}
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/p2p/ark-core-3.9.1-frames.json', import.meta.url), 'utf8'),
) as { nethash: string; exchanges: Exchange[] };
const exchange = (route: string) => fixture.exchanges.find((item) => item.route === route)!;
const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'));

/** The codec error `decode` throws (a test failure when it throws none, or another). */
function codecError(decode: () => unknown): P2pCodecError {
  try {
    decode();
  } catch (error) {
    if (error instanceof P2pCodecError) return error;
    throw error;
  }
  throw new Error('decoded without an error');
}

describe("ARK Core's nes frames", () => {
  it('parse as ARK wrote them and write back byte for byte', () => {
    const hello = parseNesMessage(bytes(exchange('hello').answer));
    // ARK's server writes no version into its answers (0); its client's hello carries 2.
    expect(hello).toMatchObject({ version: 0, type: 'hello', id: 1, statusCode: 200 });
    expect(parseNesMessage(bytes(exchange('hello').request))).toMatchObject({ version: 2, type: 'hello' });
    expect(hello.socket.length).toBeGreaterThan(0);
    for (const item of fixture.exchanges) {
      const frame = bytes(item.answer);
      const parsed = parseNesMessage(frame);
      expect(Buffer.from(stringifyNesMessage(parsed))).toEqual(Buffer.from(frame));
    }
    const request = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').request));
    expect(request).toMatchObject({ type: 'request', path: 'p2p.blocks.getBlocks' });
    expect(decodeGetBlocksRequest(request.payload)).toMatchObject({ lastBlockHeight: 1, blockLimit: 400 });
    expect(decodeGetBlocksRequest(encodeGetBlocksRequest({ lastBlockHeight: 1, blockLimit: 400 }))).toEqual({
      lastBlockHeight: 1,
      blockLimit: 400,
      headersOnly: false,
      version: '3.9.1',
    });
  });

  it('are refused when cut short or naming more than they hold', () => {
    const frame = bytes(exchange('p2p.peer.getStatus').answer);
    expect(() => parseNesMessage(frame.subarray(0, 10))).toThrow(NesFrameError);
    const lying = Uint8Array.from(frame.subarray(0, 14));
    lying[8] = 60; // a 60-byte path in a frame that ends at its header
    expect(() => parseNesMessage(lying)).toThrow(NesFrameError);
    const unknownType = Uint8Array.from(frame);
    unknownType[1] = 7;
    expect(() => parseNesMessage(unknownType)).toThrow(NesFrameError);
  });
});

describe("ARK Core's getStatus and getBlocks answers", () => {
  it("getStatus names the node's network and height", () => {
    const status = decodeGetStatusResponse(
      parseNesMessage(bytes(exchange('p2p.peer.getStatus').answer)).payload,
    );
    expect(status.nethash).toBe(fixture.nethash);
    expect(status.version).toBe('3.9.1');
    expect(status.header?.height).toBe(status.height);
    expect(decodeGetStatusResponse(encodeGetStatusResponse(status))).toEqual(status);
  });

  it('getBlocks decodes to blocks whose ids hash from their headers and whose transactions decode', () => {
    const payload = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').answer)).payload;
    const served = decodeGetBlocksResponse(payload);
    expect(served.length).toBeGreaterThan(50);
    expect(served[0]!.height).toBe(2);
    const blocks = served.map((item) => blockFromP2p(item, testnet));
    blocks.forEach((block, index) => {
      expect(block.header.height).toBe(2 + index);
      expect(block.header.id).toBe(served[index]!.id);
      if (index > 0) expect(block.header.previousBlock).toBe(blocks[index - 1]!.header.id);
    });
    const withTransactions = blocks.filter((block) => block.transactions.length > 0);
    expect(withTransactions.length).toBeGreaterThan(0);
    for (const block of withTransactions) {
      for (const tx of block.transactions) expect(tx.id).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(decodeGetBlocksResponse(encodeGetBlocksResponse(served))).toEqual(served);
  });

  it('a record running past the answer, too many blocks, or a broken field is a codec error', () => {
    const payload = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').answer)).payload;
    expect(() => decodeGetBlocksResponse(payload.subarray(0, payload.length - 3))).toThrow(P2pCodecError);
    const first = decodeGetBlocksResponse(payload)[0]!;
    const tooMany = encodeGetBlocksResponse(Array.from({ length: 401 }, () => first));
    expect(() => decodeGetBlocksResponse(tooMany)).toThrow(/more than 400 block/);
    const broken = Uint8Array.from([0, 0, 0, 3, 0x0a, 0x7f, 0x41]); // a 127-byte string in a 3-byte record
    expect(() => decodeGetBlocksResponse(broken)).toThrow(P2pCodecError);
  });

  it('a few fields ARK’s schema does not name are skipped; millions of them are refused as padding', () => {
    // A node of a later version may add a field; a hostile one appends 20 MiB of three-byte fields to the true
    // next block. Kept one object per field, that answer alone took some 676 MiB and 2 s of the thread.
    const payload = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').answer)).payload;
    const served = decodeGetBlocksResponse(payload).slice(0, 3);
    expect(decodeGetBlocksResponse(paddedGetBlocksAnswer(served, 8 * 3))).toEqual(served);
    const padded = paddedGetBlocksAnswer(served, 20 * 1024 * 1024 - 1024);
    expect(codecError(() => decodeGetBlocksResponse(padded))).toMatchObject({ excess: true });
    expect(() => decodeGetBlocksResponse(padded)).toThrow(/does not name/);
    // A field ARK writes once, written again and again, is padding too.
    const twice = Buffer.concat([
      Buffer.from(encodeGetBlocksRequest({ lastBlockHeight: 5, blockLimit: 9 })),
      Buffer.of(0x08, 0x06),
    ]);
    expect(codecError(() => decodeGetBlocksRequest(twice))).toMatchObject({ excess: true });
  });

  it('a changed header byte or transaction byte is caught as the peer’s lie', () => {
    const payload = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').answer)).payload;
    const served = decodeGetBlocksResponse(payload);
    const withTx = served.find((item) => item.transactions.length > 0)!;
    expect(() => blockFromP2p({ ...withTx, totalFee: '1' }, testnet)).toThrow(/hashes to/);
    expect(() => blockFromP2p({ ...withTx, transactions: [] }, testnet)).toThrow(/counts 1 transactions/);
    const cut = withTx.transactions[0]!.subarray(0, 40);
    expect(() => blockFromP2p({ ...withTx, transactions: [cut] }, testnet)).toThrow(/does not decode/);
  });

  it('an amount longer than a u64 is refused before it is read as a number', () => {
    // Amounts are proto strings (core-p2p `proto/blocks.proto`: "bignumber in core") of any length the 20 MB frame
    // holds; read as a BigInt (and quoted back in the error) 20 million digits took the thread some 11 s. The
    // decoder refuses a field longer than ARK writes before reading it; blockFromP2p refuses what fits the field.
    const payload = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').answer)).payload;
    const [first] = decodeGetBlocksResponse(payload);
    const long = encodeGetBlocksResponse([{ ...first!, totalAmount: '9'.repeat(20_000_000) }]);
    expect(codecError(() => decodeGetBlocksResponse(long))).toMatchObject({ excess: true });
    expect(() => decodeGetBlocksResponse(long)).toThrow(/more than its 32/);
    expect(() => blockFromP2p({ ...first!, totalAmount: '9'.repeat(32) }, testnet)).toThrow(
      /totalAmount must be a non-negative decimal amount/,
    );
    // u64's largest, 20 digits, still reads; it only fails the header's id, as any changed column does.
    expect(() => blockFromP2p({ ...first!, totalAmount: '18446744073709551615' }, testnet)).toThrow(
      /hashes to/,
    );
  });

  it('a long string of the peer’s is not quoted whole in the reason it is banned for', () => {
    // The reason is the ban's, shown on every status and logged: a peer's 5 MB id must not become 5 MB of words.
    const payload = parseNesMessage(bytes(exchange('p2p.blocks.getBlocks').answer)).payload;
    const [first] = decodeGetBlocksResponse(payload);
    let message = '';
    try {
      blockFromP2p({ ...first!, id: 'f'.repeat(5_000_000) }, testnet);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^block 2: its id is f+/);
    expect(message.length).toBeLessThanOrEqual(1_000);
  });
});
