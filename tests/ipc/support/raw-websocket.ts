/**
 * A WebSocket client at the byte level, for attacks a well-behaved client library refuses to send: invalid UTF-8,
 * oversized frames, reserved bits, random opcodes, connections reset mid-request (RFC 6455 §5.2 frame layout).
 */
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawFrame {
  fin?: boolean;
  /** 0x1 text, 0x2 binary, 0x8 close, 0x9 ping, 0xA pong; anything else is invalid. */
  opcode: number;
  payload: Buffer;
  /** RSV1–3 bits (0–7). */
  rsv?: number;
  /** Client frames must be masked; false sends an unmasked (invalid) frame. */
  masked?: boolean;
}

/** One frame as bytes. */
export function encodeFrame(frame: RawFrame): Buffer {
  const { payload } = frame;
  const masked = frame.masked ?? true;
  const head = [((frame.fin ?? true) ? 0x80 : 0) | ((frame.rsv ?? 0) << 4) | (frame.opcode & 0x0f)];
  const maskBit = masked ? 0x80 : 0;
  let length: Buffer;
  if (payload.length < 126) length = Buffer.from([maskBit | payload.length]);
  else if (payload.length < 65536) {
    length = Buffer.alloc(3);
    length[0] = maskBit | 126;
    length.writeUInt16BE(payload.length, 1);
  } else {
    length = Buffer.alloc(9);
    length[0] = maskBit | 127;
    length.writeBigUInt64BE(BigInt(payload.length), 1);
  }
  if (!masked) return Buffer.concat([Buffer.from(head), length, payload]);
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)));
  return Buffer.concat([Buffer.from(head), length, mask, body]);
}

/** The HTTP upgrade request for `path` (Host and Origin as a browser on `origin` would send them). */
export function upgradeRequest(path: string, host: string, origin: string): string {
  return [
    `GET ${path} HTTP/1.1`,
    `Host: ${host}`,
    `Origin: ${origin}`,
    'Upgrade: websocket',
    'Connection: Upgrade',
    `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
    'Sec-WebSocket-Version: 13',
    '',
    '',
  ].join('\r\n');
}

/** Opens a TCP connection to 127.0.0.1:port. */
export function rawConnect(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Performs the handshake; resolves with the socket once the server answered 101. */
export async function rawUpgrade(port: number, path: string, origin: string): Promise<Socket> {
  const socket = await rawConnect(port);
  socket.on('error', () => undefined);
  socket.write(upgradeRequest(path, `127.0.0.1:${port}`, origin));
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const onData = (data: Buffer) => {
      seen += data.toString('latin1');
      if (!seen.includes('\r\n\r\n')) return;
      socket.off('data', onData);
      if (seen.startsWith('HTTP/1.1 101')) resolve();
      else reject(new Error(`upgrade refused: ${seen.split('\r\n')[0]}`));
    };
    socket.on('data', onData);
  });
  return socket;
}

/** Resolves when the server has closed (or reset) the connection, or after `ms` with false. */
export function closedWithin(socket: Socket, ms: number): Promise<boolean> {
  if (socket.destroyed || socket.readableEnded) return Promise.resolve(true);
  // A paused socket never reports the server's FIN: its 'end' comes only after the data before it is read.
  socket.resume();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    const done = () => {
      clearTimeout(timer);
      resolve(true);
    };
    socket.once('close', done);
    socket.once('end', done);
  });
}
