/**
 * Screenshots of Profiles, the lock screen with its profile chooser, Send after a QR image filled it, and the
 * Alerts screen's delivery settings (webhook, voter threshold), at 1280×800 in both themes (docs/screens/), on a
 * `votary serve` of their own.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { startHost, stopHost } from '../e2e/support/host';
import { go, submitNewVault } from '../e2e/support/shell';

const PORT = 4354;
const TOKEN = randomBytes(32).toString('base64url');
const OUT = 'docs/screens';
const PASSWORD = 'screens profiles password 7';

let dataDir = '';
let host: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'votary-screens-profiles-'));
  host = await startHost(PORT, dataDir, TOKEN);
});
test.afterAll(async () => {
  if (host !== undefined) await stopHost(host);
  rmSync(dataDir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, 'the page is wider than the window').toBeLessThanOrEqual(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.setAttribute('data-theme', '${theme}')`);
    await page.screenshot({ path: `${OUT}/${name}-${theme}.png` });
  }
  await page.evaluate(`document.documentElement.setAttribute('data-theme', 'light')`);
}

test('profiles, the lock screen, a QR image on Send and alert delivery', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await submitNewVault(page, PASSWORD);
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Wallet name (optional)').fill('Main');
  await page
    .getByRole('textbox', { name: 'Passphrase', exact: true })
    .fill('votary screenshots profiles main');
  await page.getByRole('button', { name: 'Import wallet' }).click();
  await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();

  await go(page, 'Profiles');
  for (const name of ['Club treasury', 'Delegate ops']) {
    const form = page.getByRole('form', { name: 'New profile' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Open it now').uncheck();
    await form.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByRole('listitem', { name: `Profile ${name}` })).toBeVisible();
  }
  await page
    .getByRole('listitem', { name: 'Profile Delegate ops' })
    .getByRole('button', { name: 'Remove…' })
    .click();
  await shoot(page, 'profiles');

  await go(page, 'Send');
  const payee = addressFromPassphrase('votary screenshots profiles payee', 30);
  const png = await QRCode.toBuffer(`ark:${payee}?amount=12.5&vendorField=club%20fees`, { type: 'png' });
  await page
    .getByLabel(/QR code image/)
    .setInputFiles({ name: 'invoice.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByLabel('Recipient address')).toHaveValue(payee);
  await shoot(page, 'send-qr');

  await go(page, 'Alerts');
  const delivery = page.getByRole('form', { name: 'Alert delivery' });
  await delivery.getByLabel(/Webhook URL/).fill('https://ntfy.sh/votary-delegate-ops');
  await delivery.getByRole('button', { name: 'Save alert delivery' }).click();
  await expect(delivery.getByRole('status')).toContainText('posted to the webhook');
  await delivery.scrollIntoViewIfNeeded();
  await shoot(page, 'alerts-delivery');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lock vault' }).click();
  await expect(page.getByRole('heading', { name: 'Unlock your vault' })).toBeVisible();
  await page.getByLabel('Open another profile').selectOption({ label: 'Club treasury' });
  await shoot(page, 'lock-profiles');
});
