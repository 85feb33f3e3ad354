/**
 * Screenshots of Profiles, the lock screen with its profile chooser, Send after a QR image filled it, and the
 * Alerts screen's delivery settings (webhook, voter threshold), at 1280×800 in both themes (docs/screens/), on a
 * `votary serve` of their own.
 */
import { expect, test } from '@playwright/test';
import QRCode from 'qrcode';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { go, importWallet, submitNewVault } from '../e2e/support/shell';
import { ownHost, shoot } from './support';

const PASSWORD = 'screens profiles password 7';

const host = ownHost(4354, 'votary-screens-profiles-', 120_000);

test('profiles, the lock screen, a QR image on Send and alert delivery', async ({ page }) => {
  await page.goto(host.url);
  await submitNewVault(page, PASSWORD);
  await go(page, 'Wallets');
  await importWallet(page, 'Main', 'votary screenshots profiles main');

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
