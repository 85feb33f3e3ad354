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
 *
 * Bounded as the HTTP client is (client/http.ts: 5 s a request):
 * - a connection with requests pending must bring an answer, or at least MIN_PROGRESS_BYTES of one, within every
 *   `answerTimeoutMs` (5 s): a peer that answers the hello and then nothing fails within seconds, not after the
 *   30 s a 20 MB answer may take on a slow link (`timeoutMs`, core-p2p's getBlocksTimeout);
 * - pings are answered at most once per the heartbeat interval the peer's hello announced (hapi-nes' server pings
 *   once per interval: `hapi-nes/socket.ts`), and a peer pinging faster than MAX_EARLY_PINGS times in a row is
 *   dropped: a ping flood cannot make us write without end;
 * - what we wrote and the peer has not read (`bufferedAmount`) stays under `maxUnsentBytes`, or the peer is dropped:
 *   one that never reads cannot grow our memory.
 * Each is the peer's failure: it fails the pending requests, and when none is pending it is reported (`onFault`) so
 * that the peer's health counts it all the same.
 */
import { connect as netConnect, type NetConnectOpts, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { isIP } from 'node:net';
import WebSocket from 'ws';
import { ClientError } from '../client/errors';
import { NES_VERSION, parseNesMessage, stringifyNesMessage, type NesMessage } from './nes-frame';

/** core-p2p `constants.ts` DEFAULT_MAX_PAYLOAD (the server's socket limit), and 100 kB more for framing. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 20 * 1024 * 1024 + 100 * 1024;

/** The bytes of an answer that count as progress within an answer timeout (a ping or a trickle do not). */
export const MIN_PROGRESS_BYTES = 64 * 1024;
/** hapi-nes' default heartbeat interval, when a hello announces none. */
const DEFAULT_HEARTBEAT_MS = 15_000;
/** The shortest heartbeat honoured, whatever a hello announces: one ping answered a second at most. */
const MIN_HEARTBEAT_MS = 1_000;
/** Pings sooner than half the heartbeat after the last one answered, in a row, that drop the peer. */
export const MAX_EARLY_PINGS = 3;
/** What we may have written that the peer has not read: our requests are tens of bytes each. */
export const DEFAULT_MAX_UNSENT_BYTES = 256 * 1024;

export interface P2pClientOptions {
  /** Per-request timeout (default 30 s, core-p2p's getBlocksTimeout). */
  timeoutMs?: number;
  /** How long a connection with requests pending may bring no answer nor MIN_PROGRESS_BYTES (default 5 s). */
  answerTimeoutMs?: number;
  /** Connection (and hello) timeout (default 5 s, as core-p2p's peer-connector). */
  connectTimeoutMs?: number;
  maxPayloadBytes?: number;
  /** The most we may have written that the peer has not read (default DEFAULT_MAX_UNSENT_BYTES). */
  maxUnsentBytes?: number;
  /** A fault of the peer's that dropped the connection while no request was pending (a ping flood, …). */
  onFault?: (error: ClientError) => void;
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
  private readonly answerTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly maxPayloadBytes: number;
  private readonly maxUnsentBytes: number;
  /** The connection's heartbeat (its hello's), and when a ping was last answered. */
  private heartbeatMs = DEFAULT_HEARTBEAT_MS;
  private pingAnsweredAt = Number.NEGATIVE_INFINITY;
  private earlyPings = 0;
  /** Bytes the connection brought since the answer watch last looked. */
  private received = 0;
  private watch: ReturnType<typeof setTimeout> | undefined;

  /** `url`: ws://host:port of the node's P2P interface. */
  constructor(
    readonly url: string,
    private readonly options: P2pClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.answerTimeoutMs = Math.min(options.answerTimeoutMs ?? 5_000, this.timeoutMs);
    this.connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
    this.maxPayloadBytes = options.maxPayloadBytes ?? DEFAULT_MAX_PAYLOAD_BYTES;
    this.maxUnsentBytes = options.maxUnsentBytes ?? DEFAULT_MAX_UNSENT_BYTES;
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
      this.send(ws, stringifyNesMessage({ type: 'request', id, path, payload }), id);
      this.watchAnswers();
    });
  }

  /** Writes a frame, unless the peer left more unread than allowed (then it is dropped). */
  private send(ws: WebSocket, frame: Uint8Array, id?: number): void {
    if (ws.bufferedAmount + frame.length > this.maxUnsentBytes) {
      this.fault(
        this.failure(
          'ERR_NETWORK',
          `it does not read what is sent to it (${ws.bufferedAmount} bytes unread, at most ${this.maxUnsentBytes})`,
        ),
      );
      return;
    }
    ws.send(frame, (error) => {
      if (error && id !== undefined)
        this.settle(id, undefined, this.failure('ERR_NETWORK', `sending failed: ${error.message}`));
    });
  }

  /**
   * While requests are pending, every `answerTimeoutMs` the connection must have brought an answer or at least
   * MIN_PROGRESS_BYTES: a peer that takes requests and answers none is dropped within seconds.
   */
  private watchAnswers(): void {
    if (this.watch !== undefined || this.ws === undefined) return;
    if (![...this.pending.keys()].some((id) => id !== this.helloId)) return;
    this.received = 0;
    this.watch = setTimeout(() => {
      this.watch = undefined;
      if (this.received >= MIN_PROGRESS_BYTES) this.watchAnswers();
      else if ([...this.pending.keys()].some((id) => id !== this.helloId)) {
        this.drop(this.failure('ERR_TIMEOUT', `no answer within ${this.answerTimeoutMs} ms`));
      }
    }, this.answerTimeoutMs);
  }

  private unwatch(): void {
    clearTimeout(this.watch);
    this.watch = undefined;
  }

  /** A fault of the peer's: the connection dropped, and the fault reported when no request carries it. */
  private fault(error: ClientError): void {
    const carried = this.pending.size > 0;
    this.drop(error);
    if (!carried) this.options.onFault?.(error);
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
      // ws' own connectors (net, or tls with the host as server name), each socket's bytes counted for the watch.
      const counted = (socket: Socket) => {
        socket.on('data', (chunk: Buffer) => {
          if (this.ws === ws) this.received += chunk.length;
        });
        return socket;
      };
      try {
        ws = new WebSocket(this.url, {
          perMessageDeflate: false,
          maxPayload: this.maxPayloadBytes,
          createConnection: (options: object) => {
            const opts = options as NetConnectOpts &
              ConnectionOptions & { host?: string; socketPath?: string };
            if (this.url.startsWith('wss:')) {
              const servername = opts.servername ?? (isIP(opts.host ?? '') === 0 ? opts.host : '');
              return counted(tlsConnect({ ...opts, path: undefined, servername } as ConnectionOptions));
            }
            return counted(netConnect({ ...opts, path: opts.socketPath } as NetConnectOpts));
          },
        });
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
      this.fault(this.failure('ERR_BAD_RESPONSE', 'it sent a frame that is not one binary nes message'));
      return;
    }
    let message: NesMessage;
    try {
      message = parseNesMessage(data);
    } catch (error) {
      this.fault(this.failure('ERR_BAD_RESPONSE', `malformed nes frame: ${(error as Error).message}`));
      return;
    }
    if (message.type === 'ping') {
      this.onPing(ws);
      return;
    }
    const expected = message.type === 'hello' ? this.helloId : undefined;
    const known = this.pending.has(message.id);
    const fits =
      known &&
      ((message.type === 'hello' && message.id === expected) ||
        (message.type === 'request' && message.id !== this.helloId));
    if (!fits) {
      this.fault(
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
      this.answered();
      return;
    }
    if (message.type === 'hello') {
      this.helloId = undefined;
      const interval = message.heartbeat.interval;
      this.heartbeatMs = Math.max(MIN_HEARTBEAT_MS, interval === 0 ? DEFAULT_HEARTBEAT_MS : interval);
    }
    this.settle(message.id, message.payload);
    this.answered();
  }

  /** An answer is progress: the watch starts over for the requests still pending. */
  private answered(): void {
    this.unwatch();
    this.watchAnswers();
  }

  /** Answered at most once per half the heartbeat (a timer's slack); pinging faster again and again drops the peer. */
  private onPing(ws: WebSocket): void {
    const now = Date.now();
    if (now - this.pingAnsweredAt < this.heartbeatMs / 2) {
      if (++this.earlyPings > MAX_EARLY_PINGS) {
        this.fault(
          this.failure(
            'ERR_BAD_RESPONSE',
            `it pings faster than its heartbeat (every ${this.heartbeatMs} ms allowed)`,
          ),
        );
      }
      return;
    }
    this.pingAnsweredAt = now;
    this.earlyPings = 0;
    this.send(ws, stringifyNesMessage({ type: 'ping', id: this.allocateId() }));
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
    this.unwatch();
    this.heartbeatMs = DEFAULT_HEARTBEAT_MS;
    this.pingAnsweredAt = Number.NEGATIVE_INFINITY;
    this.earlyPings = 0;
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
