/** The browser shell's WebSocket bridge over a real socket: the token and origin guards, requests and pushes. */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../src/cli/browser-shell';
import type { AppCore } from '../../src/core/services';
import { CoreClock, openCore, PASSWORD, removeDir, tempDir } from '../services/support';
import { rendererDir } from './support/renderer-dir';

interface Frame {
  id?: number | null;
  result?: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  event?: string;
  payload?: unknown;
}

describe('browser shell: the IPC contract over a WebSocket, guarded by the launch token', () => {
  let dir: string;
  let core: AppCore;
  let shell: BrowserShell;
  let origin: string;

  // Blocks are forged when the test needs one (a fake clock, no slot timer).
  const clock = new CoreClock();

  beforeAll(async () => {
    dir = tempDir();
    const renderer = rendererDir(dir);
    core = await openCore(join(dir, 'data'), { forging: false, now: clock.read });
    shell = await startBrowserShell({ core, rendererDir: renderer, port: 0 });
    origin = `http://127.0.0.1:${shell.port}`;
  });
  afterAll(async () => {
    await shell.close();
    await core.close();
    removeDir(dir);
  });

  /** Opens a socket; resolves with it once open, or with the HTTP status that refused the upgrade. */
  function open(path: string, headers: Record<string, string> = { origin }): Promise<WebSocket | number> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${shell.port}${path}`, { headers });
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', reject);
    });
  }
  async function connected(): Promise<{
    ws: WebSocket;
    frames: Frame[];
    next: (match: (f: Frame) => boolean) => Promise<Frame>;
  }> {
    const ws = await open(`/bridge?token=${shell.token}`);
    if (typeof ws === 'number') throw new Error(`refused: ${ws}`);
    const frames: Frame[] = [];
    const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
    ws.on('message', (data: WebSocket.RawData) => {
      const frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '') as Frame;
      frames.push(frame);
      for (const waiter of waiters.splice(0)) {
        if (waiter.match(frame)) waiter.resolve(frame);
        else waiters.push(waiter);
      }
    });
    const next = (match: (f: Frame) => boolean) =>
      new Promise<Frame>((resolve) => {
        const seen = frames.find(match);
        if (seen) resolve(seen);
        else waiters.push({ match, resolve });
      });
    return { ws, frames, next };
  }

  it('prints a URL with a long random token', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/#token=${shell.token}`);
    expect(shell.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('refuses the bridge without the right token, from another origin, host or path', async () => {
    expect(await open('/bridge')).toBe(401);
    expect(await open('/bridge?token=')).toBe(401);
    expect(await open(`/bridge?token=${shell.token.slice(1)}x`)).toBe(401);
    expect(await open(`/bridge?token=${shell.token}`, { origin: 'http://evil.example' })).toBe(403);
    expect(await open(`/bridge?token=${shell.token}`, {})).toBe(403);
    expect(await open(`/bridge?token=${shell.token}`, { origin, host: 'evil.example' })).toBe(421);
    expect(await open(`/other?token=${shell.token}`)).toBe(404);
  });

  it('serves the page on 127.0.0.1 only to its own Host', async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`connect-src ws://127.0.0.1:${shell.port} ws://localhost:${shell.port}`);
    expect(csp).toContain("script-src 'self'");
    expect(await page.text()).toContain('<title>Votary</title>');
    expect((await fetch(`${origin}/../../etc/passwd`)).status).toBe(404);
    expect((await fetch(`${origin}/`, { method: 'POST' })).status).toBe(405);
  });

  it('answers requests by id, with typed errors, and pushes events', async () => {
    const { ws, next } = await connected();
    ws.send(JSON.stringify({ id: 1, channel: 'app:info' }));
    expect((await next((f) => f.id === 1)).result).toMatchObject({
      ok: true,
      value: { name: 'Votary', shell: 'browser' },
    });
    ws.send(JSON.stringify({ id: 2, channel: 'app:quit' }));
    expect((await next((f) => f.id === 2)).result).toMatchObject({
      ok: false,
      error: { code: 'ERR_UNKNOWN_CHANNEL' },
    });
    ws.send(JSON.stringify({ id: 3, channel: 'vault:unlock', payload: { password: 1 } }));
    expect((await next((f) => f.id === 3)).result).toMatchObject({
      ok: false,
      error: { code: 'ERR_INVALID_REQUEST' },
    });
    ws.send('not json');
    expect((await next((f) => f.id === null)).result).toMatchObject({
      ok: false,
      error: { code: 'ERR_INVALID_REQUEST' },
    });

    ws.send(JSON.stringify({ id: 4, channel: 'vault:create', payload: { password: PASSWORD } }));
    const pushed = await next((f) => f.event === 'vault:status');
    expect(pushed.payload).toMatchObject({ hasVault: true, unlocked: true });
    expect((await next((f) => f.id === 4)).result).toMatchObject({ ok: true });
    const blockPushed = next((f) => f.event === 'networks:block');
    clock.forge(core);
    const block = await blockPushed;
    expect(block.payload).toMatchObject({ networkId: 'embedded' });
    expect((block.payload as { height: number }).height).toBeGreaterThan(1);
    ws.close();
  });
});
