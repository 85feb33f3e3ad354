/**
 * What the screenshot specs share (docs/screens/): a `votary serve` of a spec's own on a fresh data directory, and
 * a picture in both themes that first checks nothing overflows sideways.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, stopHost } from '../e2e/support/host';

export const OUT = 'docs/screens';

/**
 * Starts a `votary serve` on `port` over a fresh data directory before the spec's tests, and stops it and removes
 * the directory after; returns the page address with its launch token.
 */
export function ownHost(port: number, prefix: string, setupTimeoutMs?: number): { url: string } {
  const token = randomBytes(32).toString('base64url');
  let dataDir = '';
  let host: ChildProcess | undefined;
  test.beforeAll(async () => {
    if (setupTimeoutMs !== undefined) test.setTimeout(setupTimeoutMs);
    dataDir = mkdtempSync(join(tmpdir(), prefix));
    host = await startHost(port, dataDir, token);
  });
  test.afterAll(async () => {
    if (host !== undefined) await stopHost(host);
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { url: `http://127.0.0.1:${port}/#token=${token}` };
}

/** Fails when the page is wider than the window. */
export async function noSidewaysOverflow(page: Page): Promise<void> {
  // Strings, not functions: the Node type check has no DOM types.
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
}

/** `<name>-light.png` and `<name>-dark.png`, then back to the light theme. */
export async function shootBothThemes(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.setAttribute('data-theme', '${theme}')`);
    await page.screenshot({ path: `${OUT}/${name}-${theme}.png` });
  }
  await page.evaluate(`document.documentElement.setAttribute('data-theme', 'light')`);
}

/** Both themes' pictures of a page that must not overflow sideways. */
export async function shoot(page: Page, name: string): Promise<void> {
  await noSidewaysOverflow(page);
  await shootBothThemes(page, name);
}
