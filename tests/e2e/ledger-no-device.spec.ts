/**
 * "Add a Ledger wallet" with no device, through the real core of a `votary serve` of its own (CI has no Ledger and
 * no emulator): the device's state comes first, in words — no Ledger connected, or USB not reachable here — with
 * "Check again", no account list, nothing to add; and the wallets are unchanged. The journeys with ARK's app in
 * Ledger's emulator are tests/ledger (npm run test:ledger) and tests/ledger/screens.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { serveOwnHost } from './support/host';
import { go, submitNewVault } from './support/shell';

const PORT = 4376;
const TOKEN = randomBytes(32).toString('base64url');
// The core reaches a device over USB here, never an emulator someone left configured.
delete process.env['VOTARY_LEDGER_SPECULOS'];

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;
serveOwnHost({ name: 'ledger', port: PORT, token: TOKEN }, (own) => (page = own.page));

test('no Ledger: its state in words, nothing to add', async () => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  await submitNewVault(page, 'lantern marble harbour 75');
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Add a Ledger wallet' }).click();
  const state = page.getByTestId('ledger-state');
  await expect(state).toContainText(/No Ledger connected|Votary cannot reach USB devices here/, {
    timeout: 30_000,
  });
  await expect(state.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(page.getByTestId('ledger-account')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add wallet' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('No wallets on this network yet.')).toBeVisible();
});
