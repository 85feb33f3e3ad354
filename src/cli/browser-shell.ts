/**
 * The browser shell (docs/design/architecture.md "Processes"): the built renderer served on 127.0.0.1, and the IPC
 * contract
 * over a WebSocket at /bridge, both answered by the same AppCore the Electron shell hosts. Guards, each one
 * closing a way in for another web page or another local user's browser:
 *   - bound to 127.0.0.1 only;
 *   - the Host header must name this server (DNS rebinding);
 *   - the WebSocket's Origin must be this server's page (cross-site WebSocket hijacking);
 *   - a random token (per profile, kept across restarts: shell-token.ts), given in the URL's #fragment (never sent
 *     to a server or in a Referer), must be presented to open the bridge: wrong or missing → refused with 401;
 *   - each bridge connection (a window) gives the vault password itself before it sees anything of the vault,
 *     even while another window has it open (window-gate.ts).
 * And no client can take the host down (docs/design/security.md): every socket has an error listener, so a reset,
 * an oversized or non-UTF-8 frame or any protocol error closes that one connection and is logged once; frames
 * nested too deeply are refused before anything walks them; the HTTP server has the same deadlines and
 * connection cap as the API (connection-limits.ts); a bridge connection that stops answering pings is dropped.
 * Wire format: `{id, channel, payload}` → `{id, result: IpcResult}`; pushes are `{event, payload}`.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join, normalize, sep } from 'node:path';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { applyConnectionLimits, type ConnectionLimits } from '../core/api/http/connection-limits';
import type { EventListener, RequestHandler } from '../core/services';
import { BRIDGE_ERROR_CODES, ipcError } from '../shared/ipc/errors';
import { contentSecurityPolicy } from '../shared/lib/content-security-policy';
import { jsonTooDeep } from '../shared/lib/json-depth';
import { contentTypeOf } from '../shared/lib/renderer-files';
import { WindowGate, WindowTickets, type GatedCore } from './window-gate';

/** One request frame may carry at most this much (the largest real request, a multipayment, is far smaller). */
const MAX_FRAME_BYTES = 1024 * 1024;
export const BRIDGE_PATH = '/bridge';
/** A bridge connection that does not answer a ping within this is dead (a sleeping laptop, a dropped tab). */
const HEARTBEAT_MS = 30_000;
/** The page has one bridge connection; a few more cover reloads and a second tab. */
const MAX_CONNECTIONS = 64;

/** What the shell needs from the core: AppCore satisfies it. */
export interface ShellCore extends GatedCore {
  handleRequest: RequestHandler;
  subscribe(listener: EventListener): () => void;
}

export interface BrowserShellOptions {
  core: ShellCore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** 0 = any free port. */
  port: number;
  /** Default: 32 random bytes, base64url. */
  token?: string;
  /** Where connection errors are reported, one line each; default stderr. */
  log?: (line: string) => void;
  /** Tests shorten the HTTP deadlines. */
  limits?: Partial<ConnectionLimits>;
}

export interface BrowserShell {
  port: number;
  token: string;
  /** The page to open: http://127.0.0.1:PORT/#token=… */
  url: string;
  close(): Promise<void>;
}

export function newBridgeToken(): string {
  return randomBytes(32).toString('base64url');
}

function tokenMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<BrowserShell> {
  const token = options.token ?? newBridgeToken();
  let port = options.port;
  const log = options.log ?? ((line: string) => process.stderr.write(`votary serve: ${line}\n`));
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const tickets = new WindowTickets(options.core);
  const server: Server = createServer((req, res) => serveFile(req, res, options.rendererDir, port));
  applyConnectionLimits(server, { maxConnections: MAX_CONNECTIONS, ...options.limits });
  sockets.on('error', (error) => log(`bridge server error: ${error.message}`));

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node's HTTP server stops watching a socket once it is handed over for an upgrade: from here on an error
    // on it (a reset, a write after the peer left) must be caught here, or it would end the process.
    const onSocketError = (error: Error) => {
      log(`connection error before the bridge opened: ${error.message}`);
      socket.destroy();
    };
    socket.on('error', onSocketError);
    const refusal = checkUpgrade(req, port, token);
    if (refusal !== undefined) {
      socket.end(`HTTP/1.1 ${refusal}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      socket.off('error', onSocketError);
      connect(ws, new WindowGate(options.core, tickets, windowKeyOf(req)), options.core, log);
    });
  });
  const heartbeat = setInterval(() => {
    for (const client of sockets.clients) {
      if (alive.get(client) === false) {
        client.terminate();
        continue;
      }
      alive.set(client, false);
      client.ping();
    }
  }, HEARTBEAT_MS).unref();

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : port;

  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/#token=${token}`,
    close: async () => {
      clearInterval(heartbeat);
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Why an upgrade is refused (a status line), or undefined when it may proceed. */
function checkUpgrade(req: IncomingMessage, port: number, token: string): string | undefined {
  const hosts = allowedHosts(port);
  if (!hosts.includes(req.headers.host ?? '')) return '421 Misdirected Request';
  const origin = req.headers.origin;
  if (origin === undefined || !hosts.some((host) => origin === `http://${host}`)) return '403 Forbidden';
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://local');
  } catch {
    return '400 Bad Request';
  }
  if (url.pathname !== BRIDGE_PATH) return '404 Not Found';
  if (!tokenMatches(url.searchParams.get('token'), token)) return '401 Unauthorized';
  return undefined;
}

/** Whether each bridge connection answered the last heartbeat ping. */
const alive = new WeakMap<WebSocket, boolean>();

/** The key an admitted tab presents when it connects again (window-gate.ts WindowTickets). */
function windowKeyOf(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'http://local').searchParams.get('window');
  } catch {
    return null;
  }
}

function connect(ws: WebSocket, gate: WindowGate, core: ShellCore, log: (line: string) => void): void {
  const send = (message: unknown) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  alive.set(ws, true);
  ws.on('pong', () => alive.set(ws, true));
  // A protocol error (oversized or non-UTF-8 frame, bad opcode, unmasked frame, reset): ws closes the connection
  // after emitting it; this listener is what keeps it from becoming an uncaught exception.
  ws.on('error', (error) => log(`bridge connection closed: ${error.message}`));
  // Each connection is a window that gives the vault password itself before it sees the vault (window-gate.ts).
  const unsubscribe = core.subscribe((event, payload) => {
    for (const item of gate.event(event, payload)) send(item);
  });
  ws.on('close', unsubscribe);
  ws.on('message', (data: RawData, isBinary: boolean) => {
    const frame = parseFrame(data, isBinary);
    if ('error' in frame) {
      send({ id: frame.id, result: { ok: false, error: frame.error } });
      return;
    }
    void gate.request(frame.channel, frame.payload).then((result) => {
      for (const item of gate.release()) send(item);
      send({ id: frame.id, result });
    });
  });
}

type Frame =
  | { id: number; channel: unknown; payload: unknown }
  | { id: number | null; error: ReturnType<typeof ipcError> };

function parseFrame(data: RawData, isBinary: boolean): Frame {
  const invalid = (id: number | null, message: string): Frame => ({
    id,
    error: ipcError(BRIDGE_ERROR_CODES.invalidRequest, message),
  });
  if (isBinary) return invalid(null, 'The bridge takes JSON text frames.');
  const text = Buffer.isBuffer(data)
    ? data.toString('utf8')
    : Buffer.concat(toBuffers(data)).toString('utf8');
  if (jsonTooDeep(text)) return invalid(null, 'The frame nests too deeply.');
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return invalid(null, 'The frame is not JSON.');
  }
  if (typeof message !== 'object' || message === null) return invalid(null, 'The frame is not an object.');
  const { id, channel, payload } = message as { id?: unknown; channel?: unknown; payload?: unknown };
  if (typeof id !== 'number' || !Number.isSafeInteger(id))
    return invalid(null, 'The frame has no numeric id.');
  return { id, channel, payload };
}

function toBuffers(data: RawData): Buffer[] {
  return Array.isArray(data) ? data : [Buffer.from(data as ArrayBuffer)];
}

/** Static files of the built renderer, GET/HEAD only, paths kept inside the directory. */
function serveFile(req: IncomingMessage, res: ServerResponse, root: string, port: number): void {
  if (!allowedHosts(port).includes(req.headers.host ?? '')) {
    res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request: unexpected Host header\n');
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end();
    return;
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad request: malformed path\n');
    return;
  }
  const relative = normalize(pathname === '/' ? '/index.html' : pathname);
  const file = join(root, relative);
  if (!file.startsWith(root + sep) || !existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
    return;
  }
  res.writeHead(200, {
    'content-type': contentTypeOf(file),
    // The page may connect only to its own bridge (shared/lib/content-security-policy.ts).
    'content-security-policy': contentSecurityPolicy(allowedHosts(port).map((host) => `ws://${host}`)),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
}
