/** A `votary serve` of a spec's own (its own port, data directory and token), for journeys that stop or restart it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type Page } from '@playwright/test';
import { closePage, openPage } from './shell';

/** Starts `votary serve` and resolves once it printed its URL (the core is open and the port listens). */
export async function startHost(port: number, dataDir: string, token: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['scripts/votary.mjs', 'serve', '--port', String(port), '--block-time', '1', '--data-dir', dataDir],
    { env: { ...process.env, VOTARY_SERVE_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`votary serve did not start:\n${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Votary browser shell: http://127.0.0.1:${port}/#token=`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`votary serve exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** SIGTERM, then wait for the exit (the node and the key store close cleanly; exit code 0). */
export async function stopHost(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** What a spec's own host gives its journeys: the one page they share and the host's data directory. */
export interface OwnHost {
  page: Page;
  dataDir: string;
}

/**
 * A serial spec's own `votary serve` and one page for it: started before the spec's first journey (in a new data
 * directory, with the spec's port and token), then stopped after its last, the page closed — its uncaught errors fail
 * the spec — and the data directory removed. `opened` receives the page and directory once both are ready.
 */
export function serveOwnHost(
  spec: { name: string; port: number; token: string; setupTimeout?: number },
  opened: (own: OwnHost) => void,
): void {
  let dataDir = '';
  let host: ChildProcess | undefined;
  let page: Page | undefined;
  test.beforeAll(async ({ browser }) => {
    // A busy machine takes a while to open a new data directory's chain.
    if (spec.setupTimeout !== undefined) test.setTimeout(spec.setupTimeout);
    dataDir = mkdtempSync(join(tmpdir(), `votary-e2e-${spec.name}-`));
    [host, page] = await Promise.all([startHost(spec.port, dataDir, spec.token), openPage(browser)]);
    opened({ page, dataDir });
  });
  test.afterAll(async () => {
    try {
      if (page !== undefined) await closePage(page);
    } finally {
      if (host !== undefined) await stopHost(host);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
