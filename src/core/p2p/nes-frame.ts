/**
 * ARK Core's binary framing of the nes protocol over WebSocket (core-p2p `hapi-nes/utils.ts`): a 14-byte header —
 * version u8, type u8 (0 hello, 1 ping, 2 update, 3 request, 9 undefined), id u32, status code u16, path length u8,
 * socket length u8, heartbeat interval u16, heartbeat timeout u16 (big-endian) — then the path, the socket id and
 * the payload (the route's codec bytes). Paths and socket ids are at most 100 bytes.
 */

export const NES_VERSION = 2;
const HEADER_LENGTH = 14;
const MAX_PATH_LENGTH = 100;
const MAX_SOCKET_LENGTH = 100;

export type NesType = 'hello' | 'ping' | 'update' | 'request' | 'undefined';

const TYPE_TO_INT: Record<NesType, number> = { hello: 0, ping: 1, update: 2, request: 3, undefined: 9 };
const INT_TO_TYPE = new Map<number, NesType>(
  Object.entries(TYPE_TO_INT).map(([type, value]) => [value, type as NesType]),
);

export interface NesMessage {
  version: number;
  type: NesType;
  id: number;
  statusCode: number;
  path: string;
  socket: string;
  heartbeat: { interval: number; timeout: number };
  payload: Uint8Array;
}

export class NesFrameError extends Error {}

export function parseNesMessage(frame: Uint8Array): NesMessage {
  if (frame.length < HEADER_LENGTH)
    throw new NesFrameError('a nes message is shorter than its 14-byte header');
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  const type = INT_TO_TYPE.get(view.getUint8(1));
  if (type === undefined) throw new NesFrameError(`nes message type ${view.getUint8(1)} is unknown`);
  const pathLength = view.getUint8(8);
  const socketLength = view.getUint8(9);
  if (pathLength > MAX_PATH_LENGTH || socketLength > MAX_SOCKET_LENGTH) {
    throw new NesFrameError('a nes message names a path or socket longer than 100 bytes');
  }
  if (frame.length < HEADER_LENGTH + pathLength + socketLength) {
    throw new NesFrameError('a nes message is shorter than the path and socket it names');
  }
  const decoder = new TextDecoder();
  const pathEnd = HEADER_LENGTH + pathLength;
  const socketEnd = pathEnd + socketLength;
  return {
    version: view.getUint8(0),
    type,
    id: view.getUint32(2),
    statusCode: view.getUint16(6),
    path: decoder.decode(frame.subarray(HEADER_LENGTH, pathEnd)),
    socket: decoder.decode(frame.subarray(pathEnd, socketEnd)),
    heartbeat: { interval: view.getUint16(10), timeout: view.getUint16(12) },
    payload: frame.subarray(socketEnd),
  };
}

export interface NesOutgoing {
  /** ARK writes the protocol version (2) only into the hello; other messages carry 0 (its `version || "0"`). */
  version?: number;
  type: NesType;
  id?: number;
  statusCode?: number;
  path?: string;
  socket?: string;
  heartbeat?: { interval: number; timeout: number };
  payload?: Uint8Array;
}

/** As ARK's stringifyNesMessage: an id of 0 is written as 1, a status of 0 as 200, no version as 0. */
export function stringifyNesMessage(message: NesOutgoing): Uint8Array {
  const encoder = new TextEncoder();
  const path = encoder.encode(message.path ?? '');
  const socket = encoder.encode(message.socket ?? '');
  const payload = message.payload ?? new Uint8Array(0);
  if (path.length > MAX_PATH_LENGTH || socket.length > MAX_SOCKET_LENGTH) {
    throw new NesFrameError('a nes path or socket id is longer than 100 bytes');
  }
  const frame = new Uint8Array(HEADER_LENGTH + path.length + socket.length + payload.length);
  const view = new DataView(frame.buffer);
  view.setUint8(0, message.version ?? 0);
  view.setUint8(1, TYPE_TO_INT[message.type]);
  view.setUint32(2, message.id || 1);
  view.setUint16(6, message.statusCode || 200);
  view.setUint8(8, path.length);
  view.setUint8(9, socket.length);
  view.setUint16(10, message.heartbeat?.interval ?? 0);
  view.setUint16(12, message.heartbeat?.timeout ?? 0);
  frame.set(path, HEADER_LENGTH);
  frame.set(socket, HEADER_LENGTH + path.length);
  frame.set(payload, HEADER_LENGTH + path.length + socket.length);
  return frame;
}
