import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VOTARY_VERSION } from '../../core/api/version';
import { apiPortsFromArgs, type ApiPorts } from '../../shared/lib/api-ports';
import { startBrowserShell } from '../browser-shell';
import { CliError, usageError } from '../cli-error';
import { diskFault, ensureWritableDir } from '../disk-fault';
import { profileShellToken } from '../shell-token';
import { parseOptions } from '../parse-options';
import { runUntilStopSignal } from '../stop-signal';

/** out/renderer, relative to this bundle (dist/votary.mjs) or to the source file under src/cli/commands. */
function rendererDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, '..', 'out', 'renderer'), join(here, '..', '..', '..', 'out', 'renderer')];
  const found = candidates.find((dir) => existsSync(join(dir, 'index.html')));
  if (!found) throw new CliError('the renderer is not built: run `npm run build` first');
  return found;
}

/** Electron's userData for an app named "votary", so both shells open the same profile by default. */
export function defaultDataDir(): string {
  const home = homedir();
  if (process.platform === 'darwin') return join(home, 'Library', 'Application Support', 'votary');
  if (process.platform === 'win32')
    return join(process.env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), 'votary');
  return join(process.env['XDG_CONFIG_HOME'] ?? join(home, '.config'), 'votary');
}

function parsePort(value: string | undefined): number {
  if (value === undefined) return 4200;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
    throw usageError(`--port must be 0..65535, got "${value}"`);
  return Number(value);
}

function parseApiPorts(args: string[]): ApiPorts {
  try {
    return apiPortsFromArgs(args);
  } catch (error) {
    throw usageError((error as Error).message);
  }
}

function parseBlockTime(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,5}$/.test(value)) {
    throw usageError(`--block-time must be a whole number of seconds ≥ 1, got "${value}"`);
  }
  return Number(value);
}

/**
 * A fixed token from the environment, for automation that must know the URL in advance (the end-to-end tests).
 * It must be long enough to be unguessable; otherwise every launch draws a fresh random one.
 */
function tokenFromEnvironment(): string | undefined {
  const token = process.env['VOTARY_SERVE_TOKEN'];
  if (token === undefined || token === '') return undefined;
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(token)) {
    throw usageError('VOTARY_SERVE_TOKEN must be 32–128 characters of A–Z a–z 0–9 _ -');
  }
  return token;
}

/**
 * The price sources on a server of this machine instead of CryptoCompare's and CoinGecko's (screenshots and
 * end-to-end tests against a local fake): `VOTARY_PRICE_SOURCE_URL`, loopback http only (core/prices
 * loopbackBaseUrl). Not a setting: nothing in the window shows or changes it.
 */
async function priceSourceFromEnvironment(): Promise<{ baseUrl: string } | undefined> {
  const text = process.env['VOTARY_PRICE_SOURCE_URL'];
  if (text === undefined || text === '') return undefined;
  const { loopbackBaseUrl } = await import('../../core/prices');
  try {
    return { baseUrl: loopbackBaseUrl(text) };
  } catch (error) {
    throw usageError(`VOTARY_PRICE_SOURCE_URL: ${(error as Error).message}`);
  }
}

/**
 * Where the core reaches a Ledger: USB HID (the default), or Ledger's emulator on loopback
 * (`--ledger-speculos 127.0.0.1:24011`, or VOTARY_LEDGER_SPECULOS) for tests and screenshots against ARK's app in
 * speculos (scripts/ledger). Only a loopback address is taken.
 */
async function ledgerConnection(option: string | undefined) {
  const address = option ?? process.env['VOTARY_LEDGER_SPECULOS'];
  if (address === undefined || address === '') return undefined;
  const { speculosTransport } = await import('../../core/ledger');
  try {
    return { open: speculosTransport(address), transport: 'speculos' as const };
  } catch (error) {
    throw usageError(`--ledger-speculos: ${(error as Error).message}`);
  }
}

/**
 * `votary serve [--port N] [--api-port N] [--api-secondary-port N] [--data-dir DIR] [--block-time S]
 * [--ledger-speculos HOST:PORT]`: the browser shell. It starts the same
 * core as the desktop app (embedded localnet node and API, key store, networks) and serves the built renderer on
 * 127.0.0.1 with the IPC contract over a WebSocket. It prints the URL to open, with the profile's token
 * (shell-token.ts), and runs
 * until SIGINT/SIGTERM, then stops the node cleanly.
 */
export async function serveCommand(args: string[]): Promise<number> {
  const options = parseOptions(args, {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    'block-time': { type: 'string' },
    'api-port': { type: 'string' },
    'api-secondary-port': { type: 'string' },
    'ledger-speculos': { type: 'string' },
  });
  const port = parsePort(options.port);
  const apiPorts = parseApiPorts(args);
  const blockTime = parseBlockTime(options['block-time']);
  const ledger = await ledgerConnection(options['ledger-speculos']);
  const dataDir = resolve(options['data-dir'] ?? defaultDataDir());
  // The data directory first: a fault there is the person's to fix whatever else is missing (and the disk-fault
  // test runs before the renderer is built).
  ensureWritableDir(dataDir);
  const root = rendererDir();
  // A fixed token from the environment (automation), else the profile's own, kept across restarts.
  const token = tokenFromEnvironment() ?? profileShellToken(dataDir);
  const prices = await priceSourceFromEnvironment();

  const [{ AppCore }, { BlockTimeConflictError }] = await Promise.all([
    import('../../core/services'),
    import('../../core/node/forger'),
  ]);
  const core = await AppCore.open({
    dataDir,
    shell: 'browser',
    version: VOTARY_VERSION,
    ...(blockTime === undefined ? {} : { blockTime }),
    api: apiPorts,
    ...(ledger === undefined ? {} : { ledger }),
    // dist/verify-worker.mjs, bundled next to this CLI (scripts/build-cli.mjs).
    verifyWorkerUrl: new URL('./verify-worker.mjs', import.meta.url),
    ...(prices === undefined ? {} : { prices }),
  }).catch((error: unknown) => {
    if (error instanceof BlockTimeConflictError) throw new CliError(error.message);
    throw diskFault(error, dataDir) ?? error;
  });
  let shell;
  try {
    shell = await startBrowserShell({
      core,
      rendererDir: root,
      port,
      token,
    });
  } catch (error) {
    await core.close();
    throw new CliError(
      `cannot listen on 127.0.0.1:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const api = core.info.embeddedApiUrl;
  await runUntilStopSignal(() => {
    process.stdout.write(`Votary browser shell: ${shell.url}\n`);
    process.stdout.write(`  data dir ${dataDir}${api === undefined ? '' : `, local node API ${api}`}\n`);
  });
  await shell.close();
  await core.close();
  return 0;
}
