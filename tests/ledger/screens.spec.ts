/**
 * The Ledger screens against ARK's Ledger app in speculos, both themes, into docs/screenshots/: adding accounts
 * (one already a funded wallet, the next one new), the send review's "Check your Ledger", the prompt while the
 * device waits, a refusal on the device with "Try again", and "No Ledger connected" once the emulator is stopped.
 * Run with playwright.ledger-screens.config.ts (the emulator must be built: scripts/ledger/build-emulator.sh).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startHost, stopHost } from '../e2e/support/host';
import { go, submitNewVault } from '../e2e/support/shell';
import { APDU_PORT, Speculos } from './speculos';

const OUT = 'docs/screenshots';
const PORT = 4360;
const WAIT = { timeout: 60_000 };

async function shoot(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.setAttribute('data-theme', '${theme}')`);
    await page.screenshot({ path: `${OUT}/${name}-${theme}.png` });
  }
  await page.evaluate(`document.documentElement.setAttribute('data-theme', 'light')`);
}

const speculos = new Speculos();
let host: ChildProcess | undefined;
let dataDir = '';
const token = randomBytes(32).toString('base64url');

test.beforeAll(async () => {
  await speculos.start();
  dataDir = mkdtempSync(join(tmpdir(), 'votary-ledger-screens-'));
  process.env['VOTARY_LEDGER_SPECULOS'] = `127.0.0.1:${APDU_PORT}`;
  host = await startHost(PORT, dataDir, token);
});
test.afterAll(async () => {
  await speculos.stop();
  if (host !== undefined) await stopHost(host);
  rmSync(dataDir, { recursive: true, force: true });
});

test('Ledger screens on the emulated device', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${token}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible(WAIT);
  await submitNewVault(page, 'ledger screens vault password 1');
  await go(page, 'Wallets');

  // The first account, new on this chain: added, then funded by the localnet faucet.
  await page.getByRole('button', { name: 'Add a Ledger wallet' }).click();
  await expect(page.getByTestId('ledger-account').first()).toBeVisible(WAIT);
  await page.getByRole('checkbox', { name: /^Add account 1,/ }).check();
  await page.getByRole('button', { name: 'Add wallet' }).click();
  const row = page.getByRole('listitem', { name: 'Wallet Ledger 1' });
  await expect(row).toBeVisible(WAIT);
  const cold = (await row.locator('p.mono').innerText()).trim();
  await page.getByRole('button', { name: 'Fund Ledger 1 from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${cold}`)).toContainText('1,000', WAIT);

  // Again: account 1 is a wallet with its balance now, account 2 the next new one.
  await page.getByRole('button', { name: 'Add a Ledger wallet' }).click();
  await expect(page.getByTestId('ledger-account')).toHaveCount(2, WAIT);
  await page.getByRole('checkbox', { name: /^Add account 2,/ }).check();
  const next = (await page.getByTestId('ledger-account').nth(1).locator('td.mono').nth(1).innerText()).trim();
  await page.getByLabel('Or an account at a path of your own').fill("44'/1'/0'/0/0/9");
  await page.getByRole('button', { name: 'Read this path' }).click();
  await expect(page.getByText('is not a path the ARK Ledger app takes')).toBeVisible(WAIT);
  await shoot(page, 'ledger-add-accounts');
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A transfer from the Ledger wallet: the review says what the device will show.
  await go(page, 'Send');
  await page
    .getByRole('combobox', { name: 'From wallet' })
    .selectOption({ label: `Ledger 1 (Ledger) · ${cold}` });
  await page.getByLabel('Recipient address').fill(next);
  await page.getByLabel('Amount').fill('12');
  await page.getByLabel('Memo (public, optional)').fill('from a Ledger');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('ledger-review')).toBeVisible(WAIT);
  await shoot(page, 'ledger-review');

  // Signing: the prompt while the device waits, then a refusal on the device.
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByTestId('ledger-prompt')).toBeVisible(WAIT);
  // The device shows the first page of the transaction before the picture is taken.
  for (let i = 0; i < 40 && !(await speculos.screen()).some((t) => /Operation|Transfer/.test(t)); i++)
    await page.waitForTimeout(150);
  await shoot(page, 'ledger-prompt');
  await speculos.choose('Reject');
  await expect(page.getByTestId('ledger-failure')).toBeVisible(WAIT);
  await expect(page.getByTestId('ledger-prompt')).toBeHidden();
  await shoot(page, 'ledger-rejected');

  // Tried again and approved on the device: the same review, broadcast.
  await page.getByRole('button', { name: 'Try again on the Ledger' }).click();
  await expect(page.getByTestId('ledger-prompt')).toBeVisible(WAIT);
  await speculos.choose('Approve');
  await expect(page.getByTestId('send-status')).toBeVisible(WAIT);

  // The device unplugged: its state in words.
  await speculos.stop();
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Add a Ledger wallet' }).click();
  await expect(page.getByTestId('ledger-state')).toContainText('No Ledger connected', WAIT);
  await shoot(page, 'ledger-not-connected');
});
