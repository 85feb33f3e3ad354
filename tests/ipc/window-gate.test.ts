/**
 * The browser shell's windows each give the vault password (src/cli/window-gate.ts, docs/design/security.md
 * "Browser shell"): with real WebSocket clients holding the launch token, a second connection to a core whose
 * vault another window unlocked sees a locked vault — no wallet, no pending transaction, no wallet event — until it
 * gives the password, while the first window stays unlocked throughout.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../src/cli/browser-shell';
import type { AppCore } from '../../src/core/services';
import { openCore, PASSWORD, removeDir, tempDir } from '../services/support';
import { rendererDir } from './support/renderer-dir';

interface Frame {
  id?: number | null;
  result?: { ok: boolean; value?: unknown; error?: { code: string; message: string } };
  event?: string;
  payload?: unknown;
}

/** A bridge client: requests by id, and every push it received. */
interface Window {
  ask(channel: string, payload?: unknown): Promise<NonNullable<Frame['result']>>;
  events: Frame[];
  /** The key the host gave this window for reconnecting, once it gave the password. */
  key(): string | undefined;
  close(): void;
}

const WATCHED = 'DRgF3PvzeGWndQjET7dZsSmnrc6uAy23ES';

describe('browser shell: every window gives the vault password itself', () => {
  let dir: string;
  let core: AppCore;
  let shell: BrowserShell;

  beforeAll(async () => {
    dir = tempDir();
    const renderer = rendererDir(dir);
    core = await openCore(join(dir, 'data'), { forging: false });
    shell = await startBrowserShell({ core, rendererDir: renderer, port: 0, log: () => undefined });
  });
  afterAll(async () => {
    await shell.close();
    await core.close();
    removeDir(dir);
  });

  async function openWindow(windowKey?: string): Promise<Window> {
    const origin = `http://127.0.0.1:${shell.port}`;
    const presented = windowKey === undefined ? '' : `&window=${encodeURIComponent(windowKey)}`;
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}${presented}`, {
      headers: { origin },
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const events: Frame[] = [];
    let key: string | undefined;
    const waiting = new Map<number, (result: NonNullable<Frame['result']>) => void>();
    ws.on('message', (data: WebSocket.RawData) => {
      const frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '') as Frame;
      const given = (frame as { window?: unknown }).window;
      if (typeof given === 'string') key = given;
      else if (frame.event !== undefined) events.push(frame);
      else if (typeof frame.id === 'number' && frame.result !== undefined)
        waiting.get(frame.id)?.(frame.result);
    });
    let nextId = 0;
    return {
      events,
      key: () => key,
      ask: (channel, payload) =>
        new Promise((resolve) => {
          nextId += 1;
          waiting.set(nextId, resolve);
          ws.send(JSON.stringify({ id: nextId, channel, payload }));
        }),
      close: () => ws.close(),
    };
  }

  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('a second window sees a locked vault until it gives the password; the first stays unlocked', async () => {
    const first = await openWindow();
    expect(await first.ask('vault:create', { password: PASSWORD })).toMatchObject({
      ok: true,
      value: { hasVault: true, unlocked: true },
    });
    // The window that created the vault heard it open.
    await settle();
    expect(first.events.filter((e) => e.event === 'vault:status').at(-1)?.payload).toMatchObject({
      unlocked: true,
    });
    expect(
      await first.ask('wallets:add-watch-only', { networkId: 'embedded', name: 'Watched', address: WATCHED }),
    ).toMatchObject({ ok: true });

    const second = await openWindow();
    expect(await second.ask('vault:status')).toMatchObject({
      ok: true,
      value: { hasVault: true, unlocked: false },
    });
    for (const channel of [
      'wallets:list',
      'tx:pending',
      'monitor:alerts',
      'contacts:list',
      'monitor:settings',
    ]) {
      expect(await second.ask(channel), channel).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });
    }
    // The unlock screen's own reads still answer.
    expect(await second.ask('app:info')).toMatchObject({ ok: true });
    expect(await second.ask('profiles:list')).toMatchObject({ ok: true });
    // Nor can it open the vault with the device key, or switch the profile under the first window.
    expect(await second.ask('vault:unlock-with-device')).toMatchObject({
      ok: false,
      error: { code: 'ERR_PASSWORD_REQUIRED' },
    });
    expect(await second.ask('profiles:switch', { id: 'default' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_LOCKED' },
    });

    // What the first window does is not pushed to the second.
    expect(
      await first.ask('wallets:rename', { walletId: await walletId(first), name: 'Renamed' }),
    ).toMatchObject({ ok: true });
    await settle();
    expect(first.events.some((e) => e.event === 'wallets:changed')).toBe(true);
    expect(second.events.some((e) => e.event === 'wallets:changed')).toBe(false);

    expect(await second.ask('vault:unlock', { password: 'not the password at all' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_WRONG_PASSWORD' },
    });
    expect(await second.ask('wallets:list')).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });
    expect(await first.ask('wallets:list')).toMatchObject({ ok: true });

    expect(await second.ask('vault:unlock', { password: PASSWORD })).toMatchObject({
      ok: true,
      value: { unlocked: true },
    });
    expect(await second.ask('wallets:list')).toMatchObject({ ok: true, value: [{ address: WATCHED }] });
    // The first window's session went on: the same vault open, not a new one.
    expect(await first.ask('wallets:list')).toMatchObject({ ok: true, value: [{ address: WATCHED }] });
    first.close();
    second.close();
  });

  it('once the vault locks, the window that opens it again is the only one admitted', async () => {
    const first = await openWindow();
    const second = await openWindow();
    expect(await first.ask('vault:unlock', { password: PASSWORD })).toMatchObject({ ok: true });
    expect(await second.ask('vault:unlock', { password: PASSWORD })).toMatchObject({ ok: true });
    expect(await second.ask('vault:lock')).toMatchObject({ ok: true, value: { unlocked: false } });
    expect(await first.ask('wallets:list')).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });

    expect(await first.ask('vault:unlock', { password: PASSWORD })).toMatchObject({ ok: true });
    expect(await first.ask('wallets:list')).toMatchObject({ ok: true });
    expect(await second.ask('wallets:list')).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });
    expect(await second.ask('vault:status')).toMatchObject({ ok: true, value: { unlocked: false } });
    await settle();
    // The second window heard the vault open as a window that has not given the password sees it.
    expect(second.events.filter((e) => e.event === 'vault:status').at(-1)?.payload).toMatchObject({
      unlocked: false,
    });
    first.close();
    second.close();
  });

  it('a tab that gave the password stays open when it connects again with its key, for that session only', async () => {
    const first = await openWindow();
    expect(await first.ask('vault:unlock', { password: PASSWORD })).toMatchObject({ ok: true });
    const key = first.key();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    first.close();

    // A reload of that tab presents its key: the vault is still open there.
    const reloaded = await openWindow(key);
    expect(await reloaded.ask('vault:status')).toMatchObject({ ok: true, value: { unlocked: true } });
    expect(await reloaded.ask('wallets:list')).toMatchObject({ ok: true });
    // A made-up key opens nothing.
    const guessed = await openWindow(`${key!.slice(0, -1)}${key!.endsWith('A') ? 'B' : 'A'}`);
    expect(await guessed.ask('wallets:list')).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });

    // Once the vault locked, the old key admits to no later session.
    expect(await reloaded.ask('vault:lock')).toMatchObject({ ok: true });
    const other = await openWindow();
    expect(await other.ask('vault:unlock', { password: PASSWORD })).toMatchObject({ ok: true });
    const stale = await openWindow(key);
    expect(await stale.ask('wallets:list')).toMatchObject({ ok: false, error: { code: 'ERR_LOCKED' } });
    for (const window of [reloaded, guessed, other, stale]) window.close();
  });

  async function walletId(window: Window): Promise<string> {
    const list = await window.ask('wallets:list');
    return (list.value as { id: string }[])[0]!.id;
  }
});
