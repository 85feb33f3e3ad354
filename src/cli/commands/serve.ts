import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, usageError } from '../cli-error';
import { parseOptions } from '../parse-options';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** out/renderer, relative to this bundle (dist/votary.mjs) or to the source file under src/cli/commands. */
function rendererDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'out', 'renderer'), join(here, '..', '..', '..', 'out', 'renderer')];
  const found = candidates.find((dir) => existsSync(join(dir, 'index.html')));
  if (!found) throw new CliError('the renderer is not built: run `npm run build` first');
  return found;
}

/**
 * The browser shell: serves the built renderer on 127.0.0.1 only. The Host header is checked so that a web page
 * on another origin cannot reach it through DNS rebinding (architecture §4).
 */
export async function serveCommand(args: string[]): Promise<number> {
  const options = parseOptions(args, { port: { type: 'string' } });
  const port = options.port === undefined ? 4200 : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError(`--port must be 0..65535`);
  const root = rendererDir();

  const server = createServer((req, res) => handle(req, res, root, server.address()));
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(new CliError(`cannot listen on 127.0.0.1:${port}: ${error.code ?? error.message}`)),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(`Votary browser shell: http://127.0.0.1:${bound}/\n`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}

function handle(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  address: ReturnType<ReturnType<typeof createServer>['address']>,
): void {
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = req.headers.host ?? '';
  if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`) {
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
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  });
  res.end(req.method === 'HEAD' ? undefined : readFileSync(file));
}
