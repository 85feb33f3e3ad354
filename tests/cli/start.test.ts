/**
 * `npm start` where Electron cannot start (no binary here): one line that says so, then the browser shell's URL —
 * no download attempt, no stack trace — and stopping it stops the server it started.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { electronRuntime } from '../../scripts/electron-runtime.mjs';

const root = join(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'votary-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Electron runtime check', () => {
  it('finds the binary named by path.txt, and says why not otherwise', () => {
    const electron = join(dir, 'electron');
    mkdirSync(join(electron, 'dist'), { recursive: true });
    expect(electronRuntime(electron, { DISPLAY: ':0' }, 'linux')).toEqual({
      reason: 'its binary is not installed; npm ci downloads it on a connected machine',
    });
    writeFileSync(join(electron, 'path.txt'), 'electron');
    expect(electronRuntime(electron, { DISPLAY: ':0' }, 'linux').reason).toMatch(
      /^its binary .* is missing$/,
    );
    writeFileSync(join(electron, 'dist', 'electron'), '');
    expect(electronRuntime(electron, { DISPLAY: ':0' }, 'linux')).toEqual({
      path: join(electron, 'dist', 'electron'),
    });
    expect(electronRuntime(electron, {}, 'linux')).toEqual({ reason: 'there is no display' });
    expect(electronRuntime(electron, {}, 'darwin').path).toBe(join(electron, 'dist', 'electron'));
  });
});

/** A port free on 127.0.0.1 right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('npm start without Electron', () => {
  it('prints one line and the URL, serves the node API on the ports asked for, and SIGTERM stops it', async () => {
    const [apiPort, secondaryPort] = [await freePort(), await freePort()];
    const child = spawn(
      process.execPath,
      [
        'scripts/start.mjs',
        '--port',
        '0',
        '--api-port',
        String(apiPort),
        '--api-secondary-port',
        String(secondaryPort),
        '--data-dir',
        join(dir, 'data'),
      ],
      {
        cwd: root,
        env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL: ${stdout} ${stderr}`)), 120_000);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        stdout += chunk;
        const found = /Votary browser shell: (http:\/\/127\.0\.0\.1:\d+)\//.exec(stdout)?.[1];
        if (found !== undefined) {
          clearTimeout(timer);
          resolve(found);
        }
      });
    });
    expect(stderr).toMatch(
      /^votary: the Electron runtime cannot start here \([^)]+\); falling back to the browser shell\.\n$/,
    );
    expect((await fetch(`${url}/`)).status).toBe(200);
    // The embedded node's APIs on the ports named (the defaults 4003/4004 stay free for another node).
    expect(stdout).toContain(`local node API http://127.0.0.1:${apiPort}`);
    expect((await fetch(`http://127.0.0.1:${apiPort}/api/node/status`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${secondaryPort}/blockchain`)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/`)).rejects.toThrow();
  }, 180_000);
});
