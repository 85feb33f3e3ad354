/**
 * One connection to an ARK Core 3.9.1 node's P2P port: a WebSocket carrying ARK's binary nes frames
 * (nes-frame.ts), as core-p2p's own client (`hapi-nes/client.ts`) speaks it — a hello with protocol version 2,
 * then requests by route id ("p2p.blocks.getBlocks") whose answers carry the request's id, and a nes ping from the
 * server answered with a ping.
 *
 * The peer is untrusted: its answer is capped (`maxPayloadBytes`, enforced by `ws` before the bytes are buffered),
 * every request has a timeout, and any frame that is not a well-formed answer to a request we sent (unparsable, an
 * unknown id or type, a second hello) closes the connection and fails every pending request — nothing a peer sends
 * can throw past this class. Failures are ClientErrors, as the HTTP client's are, so the follower counts them alike.
 */
import WebSocket from 'ws';
import { ClientError } from '../client/errors';
import { NES_VERSION, parseNesMessage, stringifyNesMessage, type NesMessage } from './nes-frame';

/** core-p2p `constants.ts` DEFAULT_MAX_PAYLOAD (the server's socket limit), and 100 kB more for framing. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 20 * 1024 * 1024 + 100 * 1024;

export interface P2pClientOptions {
  /** Per-request timeout (default 30 s, core-p2p's getBlocksTimeout). */
  timeoutMs?: number;
  /** Connection (and hello) timeout (default 5 s, as core-p2p's peer-connector). */
  connectTimeoutMs?: number;
  maxPayloadBytes?: number;
}

interface Pending {
  resolve: (payload: Uint8Array) => void;
  reject: (error: ClientError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class P2pClient {
  private ws: WebSocket | undefined;
  private opening: Promise<void> | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private helloId: number | undefined;
  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly maxPayloadBytes: number;

  /** `url`: ws://host:port of the node's P2P interface. */
  constructor(
    readonly url: string,
    options: P2pClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.maxPayloadBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
  }

  /** Sends one request by route id and resolves with the answer's payload (a status ≥ 400 is an error). */
  async request(path: string, payload: Uint8Array, signal?: AbortSignal): Promise<Uint8Array> {
    if (signal?.aborted) throw new ClientError('ERR_ABORTED', 'the request was cancelled', { url: this.url });
    await this.connect();
    const ws = this.ws;
    if (ws === undefined) throw this.failure('ERR_NETWORK', 'the connection closed');
    const id = this.allocateId();
    return new Promise<Uint8Array>((resolve, reject) => {
      const onAbort = () => {
        this.settle(
          id,
          undefined,
          new ClientError('ERR_ABORTED', 'the request was cancelled', { url: this.url }),
        );
      };
      const timer = setTimeout(() => {
        this.settle(
          id,
          undefined,
          this.failure('ERR_TIMEOUT', `no answer to ${path} within ${this.timeoutMs} ms`),
        );
      }, this.timeoutMs);
      this.pending.set(id, {
        resolve: (value) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(value);
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
        timer,
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      ws.send(stringifyNesMessage({ type: 'request', id, path, payload }), (error) => {
        if (error)
          this.settle(id, undefined, this.failure('ERR_NETWORK', `sending failed: ${error.message}`));
      });
    });
  }

  /** Closes the connection; pending requests fail. */
  close(): void {
    this.drop(this.failure('ERR_NETWORK', 'the connection was closed'));
  }

  private allocateId(): number {
    this.nextId = this.nextId >= 0xfffffffe ? 1 : this.nextId + 1;
    return this.nextId;
  }

  private failure(code: 'ERR_NETWORK' | 'ERR_TIMEOUT' | 'ERR_BAD_RESPONSE', words: string): ClientError {
    return new ClientError(code, `${this.url}: ${words}`, { url: this.url });
  }

  /** Opens the connection (its hello answered), unless it is open already. */
  connect(): Promise<void> {
    if (this.ws !== undefined && this.ws.readyState === WebSocket.OPEN && this.helloId === undefined) {
      return Promise.resolve();
    }
    this.opening ??= this.open().finally(() => {
      this.opening = undefined;
    });
    return this.opening;
  }

  private open(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let ws: WebSocket;
      try {
        ws = new WebSocket(this.url, { perMessageDeflate: false, maxPayload: this.maxPayloadBytes });
      } catch (error) {
        reject(this.failure('ERR_NETWORK', error instanceof Error ? error.message : String(error)));
        return;
      }
      this.ws = ws;
      const timer = setTimeout(() => {
        this.drop(this.failure('ERR_TIMEOUT', `no connection within ${this.connectTimeoutMs} ms`));
      }, this.connectTimeoutMs);
      const id = this.allocateId();
      this.helloId = id;
      this.pending.set(id, {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        timer,
      });
      ws.on('open', () => ws.send(stringifyNesMessage({ version: NES_VERSION, type: 'hello', id })));
      ws.on('message', (data, isBinary) => this.onFrame(ws, data, isBinary));
      ws.on('error', (error) => this.drop(this.failure('ERR_NETWORK', error.message), ws));
      ws.on('close', () => this.drop(this.failure('ERR_NETWORK', 'the peer closed the connection'), ws));
    });
  }

  private onFrame(ws: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
    if (ws !== this.ws) return;
    if (!isBinary || !Buffer.isBuffer(data)) {
      this.drop(this.failure('ERR_BAD_RESPONSE', 'it sent a frame that is not one binary nes message'));
      return;
    }
    let message: NesMessage;
    try {
      message = parseNesMessage(data);
    } catch (error) {
      this.drop(this.failure('ERR_BAD_RESPONSE', `malformed nes frame: ${(error as Error).message}`));
      return;
    }
    if (message.type === 'ping') {
      ws.send(stringifyNesMessage({ type: 'ping', id: this.allocateId() }));
      return;
    }
    const expected = message.type === 'hello' ? this.helloId : undefined;
    const known = this.pending.has(message.id);
    const fits =
      known &&
      ((message.type === 'hello' && message.id === expected) ||
        (message.type === 'request' && message.id !== this.helloId));
    if (!fits) {
      this.drop(
        this.failure(
          'ERR_BAD_RESPONSE',
          `an answer (${message.type}, id ${message.id}) to no request of ours`,
        ),
      );
      return;
    }
    // A refused hello is settled while it is still the hello: settle() then drops the connection (below).
    if (message.statusCode >= 400) {
      const text = new TextDecoder().decode(message.payload.subarray(0, 512));
      const error =
        message.statusCode === 429
          ? new ClientError('ERR_RATE_LIMITED', `${this.url} is rate limiting requests (${text})`, {
              url: this.url,
              status: 429,
            })
          : new ClientError(
              message.statusCode >= 500 ? 'ERR_HTTP_5XX' : 'ERR_HTTP_4XX',
              `${this.url} answered ${message.statusCode}: ${text}`,
              { url: this.url, status: message.statusCode },
            );
      this.settle(message.id, undefined, error);
      return;
    }
    if (message.type === 'hello') this.helloId = undefined;
    this.settle(message.id, message.payload);
  }

  private settle(id: number, payload: Uint8Array | undefined, error?: ClientError): void {
    const entry = this.pending.get(id);
    if (entry === undefined) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (error !== undefined) entry.reject(error);
    else entry.resolve(payload ?? new Uint8Array(0));
    // A hello that failed leaves a connection nobody may use: core-p2p's client disconnects too (`hapi-nes/client.ts`
    // connect, "Stop reconnection when the hello message returns error"), and its server answers every request on a
    // socket whose hello it refused with an error (`hapi-nes/socket.ts`, "Connection is not initialized").
    if (error !== undefined && id === this.helloId) this.drop(error);
  }

  private drop(error: ClientError, ws: WebSocket | undefined = this.ws): void {
    if (ws !== this.ws || ws === undefined) return;
    this.ws = undefined;
    this.helloId = undefined;
    ws.removeAllListeners('message');
    ws.on('error', () => undefined);
    ws.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) {
      clearTimeout(entry.timer);
      entry.reject(error);
    }
  }
}
