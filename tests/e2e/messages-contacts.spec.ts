/**
 * Messages and contacts in the browser shell, on a `votary serve` of its own: sign a message in both forms (the
 * exact words shown before signing), verify one of each form, see a changed message refused and pasted text that
 * is not a signed message explained.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { startHost, stopHost } from './support/host';
import { closePage, go, openPage, submitNewVault } from './support/shell';

const PORT = 4347;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'marble harbour lantern 57';
const MAIN_PASSPHRASE = 'votary e2e messages main wallet passphrase';
const STRANGER_PASSPHRASE = 'votary e2e messages someone else entirely';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let dataDir = '';
let host: ChildProcess | undefined;
let page: Page;
let mainAddress = '';

test.beforeAll(async ({ browser }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'votary-e2e-messages-'));
  [host, page] = await Promise.all([startHost(PORT, dataDir, TOKEN), openPage(browser)]);
});

test.afterAll(async () => {
  try {
    await closePage(page);
  } finally {
    if (host !== undefined) await stopHost(host);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a vault with one imported wallet', async () => {
  await page.goto(`${URL_BASE}/#token=${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  await submitNewVault(page, PASSWORD);
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Wallet name (optional)').fill('Main');
  await page.getByRole('textbox', { name: 'Passphrase', exact: true }).fill(MAIN_PASSPHRASE);
  await page.getByRole('button', { name: 'Import wallet' }).click();
  const row = page.getByRole('listitem', { name: 'Wallet Main' });
  await expect(row).toBeVisible();
  mainAddress = (await row.locator('.mono').innerText()).trim();
});

test('sign a message: the words are shown back, then the Core 3 form comes out', async () => {
  await go(page, 'Messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const words = 'I, the owner of this address,\nagree to the terms of 25 November.';
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(words);
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await expect(page.getByTestId('message-to-sign')).toHaveText(words);
  await page.getByRole('button', { name: 'Sign message' }).click();
  const signed = page.getByTestId('signed-message');
  await expect(signed).toBeVisible();
  expect(JSON.parse(await signed.innerText())).toEqual(signMessageWithPassphrase(words, MAIN_PASSPHRASE));
  await expect(page.getByRole('status', { name: 'Signed message' })).toContainText(mainAddress);
});

test('sign in ArkVault’s form on request', async () => {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('ArkVault form');
  await page.getByLabel('ArkVault (Schnorr)').check();
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  const document = JSON.parse(await page.getByTestId('signed-message').innerText()) as Record<string, string>;
  expect(Object.keys(document)).toEqual(['message', 'signatory', 'signature']);
  expect(document).toEqual(signMessageWithPassphrase('ArkVault form', MAIN_PASSPHRASE, 'arkvault'));
});

test('verify both forms, a changed message and text that is not a signed message', async () => {
  const box = page.getByRole('textbox', { name: 'Signed message', exact: true });
  const verdict = page.getByTestId('message-verdict');

  await box.fill(JSON.stringify(signMessageWithPassphrase('mine', MAIN_PASSPHRASE, 'arkvault')));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText(`✓ Verified: the owner of ${mainAddress} (your wallet “Main”)`);

  const stranger = signMessageWithPassphrase('hello from elsewhere', STRANGER_PASSPHRASE);
  await box.fill(JSON.stringify(stranger, null, 2));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText('✓ Verified');
  await expect(verdict).toContainText('hello from elsewhere');
  await expect(verdict).not.toContainText('your wallet');

  await box.fill(JSON.stringify({ ...stranger, message: 'hello from elsewhere!' }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText(
    '✗ Not verified: the signature does not match this message and public key',
  );

  await box.fill('{"message": "no signer"');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Not a signed message Votary can read');
});
