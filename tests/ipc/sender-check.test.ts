import { describe, expect, it, vi } from 'vitest';
import { createIpcGate, isTrustedSender, type SenderEvent } from '../../src/main/ipc/sender-check';

const pages = { appUrl: 'app://votary/index.html' };
const devPages = { ...pages, devServerUrl: 'http://localhost:5173/' };
const event = (url: string, parent: unknown = null): SenderEvent => ({ senderFrame: { url, parent } });

describe('the IPC sender check (one place, every channel)', () => {
  it('trusts only the app page in the main frame', () => {
    expect(isTrustedSender(event(pages.appUrl), pages)).toBe(true);
    expect(isTrustedSender(event(`${pages.appUrl}#/wallets?x=1`), pages)).toBe(true);
    expect(isTrustedSender(event('file:///tmp/evil.html'), pages)).toBe(false);
    expect(isTrustedSender(event('file:///opt/Votary/resources/app/out/renderer/index.html'), pages)).toBe(
      false,
    );
    expect(isTrustedSender(event('app://other/index.html'), pages)).toBe(false);
    expect(isTrustedSender(event('https://example.com/'), pages)).toBe(false);
    expect(isTrustedSender(event(pages.appUrl, { url: 'app://votary/x' }), pages), 'a subframe').toBe(false);
    expect(isTrustedSender({ senderFrame: null }, pages), 'a destroyed frame').toBe(false);
    expect(isTrustedSender({}, pages)).toBe(false);
    expect(isTrustedSender(event('not a url'), pages)).toBe(false);
  });

  it('trusts the dev server only when one is configured, by origin', () => {
    expect(isTrustedSender(event('http://localhost:5173/index.html'), pages)).toBe(false);
    expect(isTrustedSender(event('http://localhost:5173/index.html'), devPages)).toBe(true);
    expect(isTrustedSender(event('http://localhost:5174/'), devPages)).toBe(false);
  });

  it('refuses a foreign sender with the typed error before the dispatcher sees the request', async () => {
    const dispatch = vi.fn(() => Promise.resolve({ ok: true as const, value: 'answered' }));
    const gate = createIpcGate(dispatch, pages);
    expect(await gate('app:info', event('https://evil.example/'), undefined)).toMatchObject({
      ok: false,
      error: { code: 'ERR_FORBIDDEN_SENDER' },
    });
    expect(dispatch).not.toHaveBeenCalled();
    expect(await gate('app:info', event(pages.appUrl), { x: 1 })).toEqual({ ok: true, value: 'answered' });
    expect(dispatch).toHaveBeenCalledWith('app:info', { x: 1 });
  });
});
