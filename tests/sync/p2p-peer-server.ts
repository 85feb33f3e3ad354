/**
 * A peer speaking ARK Core 3.9.1's P2P protocol (nes frames over WebSocket, core-p2p's codecs) on a loopback port,
 * serving a Votary node's chain — the follower's P2P tests' peer. Like core-p2p it answers `p2p.blocks.getBlocks`
 * (up to `blockLimit` blocks after `lastBlockHeight`, with their transactions' bytes) and `p2p.peer.getStatus`, and
 * it records when each getBlocks arrived, so a test can show the client kept within ARK's limit. `mutate` turns it
 * hostile: it rewrites the answer (or the whole frame) to any route.
 */
import { nodeParts } from '../../src/core/node/parts';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LocalNode } from '../../src/core/node/node';
import {
  decodeGetBlocksRequest,
  encodeGetBlocksResponse,
  encodeGetStatusResponse,
  parseNesMessage,
  stringifyNesMessage,
  type P2pBlock,
} from '../../src/core/p2p';
import { serializeTransaction } from '../../src/core/protocol/transactions';

export interface P2pExchange {
  path: string;
  id: number;
  /** The honest answer's payload. */
  answer: Uint8Array;
  /** The honest frame (nes header + payload). */
  frame: Uint8Array;
}

/** What to send instead: a payload (in an honest frame), a whole frame, or nothing at all. */
export type P2pMutation = (
  exchange: P2pExchange,
) => { payload: Uint8Array } | { frame: Uint8Array | string } | 'silence' | undefined;

export interface P2pTestPeer {
  url: string;
  /** When each getBlocks arrived (Date.now()). */
  getBlocksAt: number[];
  mutate: P2pMutation | undefined;
  /** getBlocks refused with a 429 because they came sooner than `getBlocksEveryMs` after the last one. */
  refused: number;
  close(): Promise<void>;
}

export interface P2pPeerOptions {
  mutate?: P2pMutation;
  /** As core-p2p's rate limiter: a getBlocks sooner than this after the connection's last one is answered 429. */
  getBlocksEveryMs?: number;
  /** Answers the connection's hello this late (a slow handshake: a far or busy node). */
  helloDelayMs?: number;
  port?: number;
}

export function p2pBlockOf(node: LocalNode, height: number): P2pBlock | undefined {
  const block = nodeParts(node).store.blockByHeight(height);
  if (block === undefined) return undefined;
  const h = block.header;
  return {
    id: h.id ?? '',
    version: h.version,
    timestamp: h.timestamp,
    previousBlock: h.previousBlock ?? '',
    height: h.height,
    numberOfTransactions: h.numberOfTransactions,
    totalAmount: String(h.totalAmount),
    totalFee: String(h.totalFee),
    reward: String(h.reward),
    payloadLength: h.payloadLength,
    payloadHash: h.payloadHash,
    generatorPublicKey: h.generatorPublicKey,
    blockSignature: h.blockSignature ?? '',
    transactions: block.transactions.map(
      (tx, index) => block.transactionBytes?.[index] ?? serializeTransaction(tx),
    ),
  };
}

export async function startP2pPeer(
  node: LocalNode,
  nethash: string,
  mutateOrOptions?: P2pMutation | P2pPeerOptions,
): Promise<P2pTestPeer> {
  const options: P2pPeerOptions =
    typeof mutateOrOptions === 'function' ? { mutate: mutateOrOptions } : (mutateOrOptions ?? {});
  const mutate = options.mutate;
  const server = new WebSocketServer({
    host: '127.0.0.1',
    port: options.port ?? 0,
    perMessageDeflate: false,
    maxPayload: 1024 * 1024,
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const peer: P2pTestPeer = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    getBlocksAt: [],
    mutate,
    refused: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
  const answer = (path: string, payload: Uint8Array): Uint8Array => {
    if (path === 'p2p.blocks.getBlocks') {
      peer.getBlocksAt.push(Date.now());
      const { lastBlockHeight, blockLimit } = decodeGetBlocksRequest(payload);
      const blocks: P2pBlock[] = [];
      for (
        let height = lastBlockHeight + 1;
        height <= Math.min(node.height, lastBlockHeight + blockLimit);
        height++
      ) {
        blocks.push(p2pBlockOf(node, height)!);
      }
      return encodeGetBlocksResponse(blocks);
    }
    const tip = p2pBlockOf(node, node.height)!;
    const { transactions: _transactions, ...header } = tip;
    return encodeGetStatusResponse({ height: node.height, header, version: '3.9.1', nethash });
  };
  server.on('connection', (socket: WebSocket) => {
    let lastGetBlocks = Number.NEGATIVE_INFINITY;
    socket.on('message', (data: Buffer) => {
      const message = parseNesMessage(data);
      if (message.type === 'hello') {
        const hello = () =>
          socket.send(stringifyNesMessage({ type: 'hello', id: message.id, socket: 'test-socket' }));
        if (options.helloDelayMs === undefined) hello();
        else setTimeout(hello, options.helloDelayMs);
        return;
      }
      if (message.type !== 'request') return;
      if (message.path === 'p2p.blocks.getBlocks' && options.getBlocksEveryMs !== undefined) {
        const now = Date.now();
        if (now - lastGetBlocks < options.getBlocksEveryMs) {
          peer.refused++;
          const text = new TextEncoder().encode('Rate limit exceeded');
          socket.send(
            stringifyNesMessage({ type: 'request', id: message.id, statusCode: 429, payload: text }),
          );
          return;
        }
        lastGetBlocks = now;
      }
      const honest = answer(message.path, message.payload);
      const frame = stringifyNesMessage({ type: 'request', id: message.id, payload: honest });
      const change = peer.mutate?.({ path: message.path, id: message.id, answer: honest, frame });
      if (change === 'silence') return;
      if (change === undefined) socket.send(frame);
      else if ('payload' in change) {
        socket.send(stringifyNesMessage({ type: 'request', id: message.id, payload: change.payload }));
      } else socket.send(change.frame);
    });
  });
  return peer;
}

/**
 * getBlocks' answer for `blocks` with `paddingBytes` of tiny fields its schema does not name appended to the first
 * block's record (field 17, a varint 0: three bytes each) — legal proto3 a reader must skip, and a hostile peer's
 * way to make a decoder that keeps every field allocate an object per three bytes.
 */
export function paddedGetBlocksAnswer(blocks: readonly P2pBlock[], paddingBytes: number): Uint8Array {
  const honest = encodeGetBlocksResponse(blocks);
  const firstLength = new DataView(honest.buffer, honest.byteOffset).getUint32(0);
  const fields = Math.floor(paddingBytes / 3);
  const padding = Buffer.alloc(fields * 3);
  for (let offset = 0; offset < padding.length; offset += 3) {
    padding[offset] = 0x88; // field 17, wire type 0
    padding[offset + 1] = 0x01;
  }
  const out = Buffer.alloc(honest.length + padding.length);
  out.writeUInt32BE(firstLength + padding.length, 0);
  out.set(honest.subarray(4, 4 + firstLength), 4);
  out.set(padding, 4 + firstLength);
  out.set(honest.subarray(4 + firstLength), 4 + firstLength + padding.length);
  return out;
}
