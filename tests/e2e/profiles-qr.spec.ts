/**
 * Profiles and QR images in the browser shell, on a `votary serve` of its own: a second profile made and opened
 * (its own vault, none of the first one's wallets), renamed, the first one opened again from the lock screen,
 * the second removed only after the confirmation and its vault's password; on Send, a PNG picked and a JPEG
 * dropped whose QR codes hold a payment link and a bare address fill the form, an image without a code says so.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { serveOwnHost } from './support/host';
import { go, importWallet, submitNewVault } from './support/shell';

const PORT = 4353;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('base64url');
const HOME_PASSWORD = 'marble harbour lantern 57';
const WORK_PASSWORD = 'copper meadow whistle 82';
const MAIN_PASSPHRASE = 'votary e2e profiles main wallet passphrase';
const PAYEE = addressFromPassphrase('votary e2e profiles payee', 30);

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;

serveOwnHost(
  { name: 'profiles', port: PORT, token: TOKEN, setupTimeout: 120_000 },
  (own) => (page = own.page),
);

function profileRow(name: string) {
  return page.getByRole('listitem', { name: `Profile ${name}` });
}

test('the first profile: a vault with one wallet', async () => {
  await page.goto(`${URL_BASE}/#token=${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  await submitNewVault(page, HOME_PASSWORD);
  await expect(page.getByLabel('Open profile')).toHaveText('Profile: Default');
  await go(page, 'Wallets');
  await importWallet(page, 'Main', MAIN_PASSPHRASE);
});

test('a second profile opens with its own vault and none of the first one’s wallets', async () => {
  await go(page, 'Profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill('Work');
  await form.getByRole('button', { name: 'Create profile' }).click();
  // A new profile has no vault: the gate asks for one, and says whose.
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Profile: Work');
  await submitNewVault(page, WORK_PASSWORD);
  await expect(page.getByLabel('Open profile')).toHaveText('Profile: Work');
  await go(page, 'Wallets');
  await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toHaveCount(0);

  await go(page, 'Profiles');
  await expect(profileRow('Work')).toContainText('Open');
  // The vault just made is said at once: not "No vault yet" until a reload.
  await expect(profileRow('Work')).toContainText('Has a vault.');
  await expect(profileRow('Work')).not.toContainText('No vault yet');
  await profileRow('Work').getByRole('button', { name: 'Rename' }).click();
  await profileRow('Work').getByLabel('New name').fill('default');
  await profileRow('Work').getByRole('button', { name: 'Save name' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'There is already a profile named "Default".' }),
  ).toBeVisible();
  await profileRow('Work').getByLabel('New name').fill('Office');
  await profileRow('Work').getByRole('button', { name: 'Save name' }).click();
  await expect(profileRow('Office')).toBeVisible();
  await expect(page.getByLabel('Open profile')).toHaveText('Profile: Office');
});

test('the first profile opens again from the lock screen, with its wallets', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lock vault' }).click();
  await expect(page.getByRole('heading', { name: 'Unlock your vault' })).toBeVisible();
  await page.getByLabel('Open another profile').selectOption({ label: 'Default' });
  await page.getByRole('button', { name: 'Open profile' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Profile: Default');
  await page.getByLabel('Password', { exact: true }).fill(HOME_PASSWORD);
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await expect(page.getByLabel('Open profile')).toHaveText('Profile: Default', { timeout: 20_000 });
  await go(page, 'Wallets');
  await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();
});

test('removing a profile asks for the confirmation and its vault password', async () => {
  await go(page, 'Profiles');
  await expect(profileRow('Default').getByRole('button', { name: 'Remove…' })).toHaveCount(0);
  await profileRow('Office').getByRole('button', { name: 'Remove…' }).click();
  const remove = profileRow('Office').getByRole('form', { name: 'Remove Office' });
  await expect(remove.getByRole('button', { name: 'Remove profile' })).toBeDisabled();
  await remove.getByLabel(/I have the recovery phrases I need/).check();
  await remove.getByLabel('Vault password of “Office”').fill('not the password at all');
  await remove.getByRole('button', { name: 'Remove profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /password/i })).toBeVisible({ timeout: 20_000 });
  await expect(profileRow('Office')).toBeVisible();
  await remove.getByLabel('Vault password of “Office”').fill(WORK_PASSWORD);
  await remove.getByRole('button', { name: 'Remove profile' }).click();
  await expect(profileRow('Office')).toHaveCount(0, { timeout: 20_000 });
  await expect(profileRow('Default')).toBeVisible();
});

test('a QR code picked as a PNG or dropped as a JPEG fills Send; an image without one says so', async () => {
  await go(page, 'Send');
  const png = await QRCode.toBuffer(`ark:${PAYEE}?amount=2.5&vendorField=from%20a%20QR`, { type: 'png' });
  await page
    .getByLabel(/QR code image/)
    .setInputFiles({ name: 'request.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByLabel('Recipient address')).toHaveValue(PAYEE);
  await expect(page.getByRole('textbox', { name: /^Amount\b/ })).toHaveValue(/^2[.,]5$/);
  await expect(page.getByLabel('Memo (public, optional)')).toHaveValue('from a QR');
  await page.getByLabel('Recipient address').fill('');

  // A bare address, as a receive screen shows it: the browser re-encodes the code as a JPEG and drops it.
  const addressPng = (await QRCode.toBuffer(PAYEE, { type: 'png', scale: 6 })).toString('base64');
  // In the page (this file has no DOM types): PNG → canvas → JPEG, dropped on the zone as a file.
  await page.evaluate(`(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${addressPng}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    canvas.getContext('2d').drawImage(image, 0, 0);
    const jpeg = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    const transfer = new DataTransfer();
    transfer.items.add(new File([jpeg], 'address.jpg', { type: 'image/jpeg' }));
    const zone = document.querySelector('[data-testid="qr-drop"]');
    zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  })()`);
  await expect(page.getByLabel('Recipient address')).toHaveValue(PAYEE);

  const blank = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel(/QR code image/)
    .setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: blank });
  await expect(
    page.getByRole('alert').filter({ hasText: 'No QR code was found in “blank.png”.' }),
  ).toBeVisible();
});
