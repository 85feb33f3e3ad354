/**
 * Screenshots of the Messages and Contacts screens, of the send review naming a contact and warning about a
 * stranger, and of a CSV multipayment's preview, at 1280×800 in both themes (docs/screens/), on a `votary serve` of their own (the main screens spec
 * owns the config's server and its vault).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { startHost, stopHost } from '../e2e/support/host';
import { go, submitNewVault } from '../e2e/support/shell';

const PORT = 4348;
const TOKEN = randomBytes(32).toString('base64url');
const WAIT = { timeout: 60_000 };
const OUT = 'docs/screens';
const LOCALNET = 30;

let dataDir = '';
let host: ChildProcess | undefined;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'votary-screens-contacts-'));
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

test('messages and contacts screens', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await submitNewVault(page, 'screens contacts password 7');
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Wallet name (optional)').fill('Main');
  await page
    .getByRole('textbox', { name: 'Passphrase', exact: true })
    .fill('votary screenshots contacts main');
  await page.getByRole('button', { name: 'Import wallet' }).click();
  const main = page.getByRole('listitem', { name: 'Wallet Main' });
  await expect(main).toBeVisible();
  const mainAddress = (await main.locator('.mono').innerText()).trim();
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${mainAddress}`)).toContainText('1,000 VTY', WAIT);

  await go(page, 'Contacts');
  const people = [
    ['Alice Martin', 'climbing club'],
    ['Bakery on Rue Neuve', 'pays for the Friday bread'],
    ['Jonas (devnet tests)', ''],
  ];
  for (const [name, note] of people) {
    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('form', { name: 'New contact' });
    await form.getByLabel('Name').fill(name!);
    await form.getByLabel('Address').fill(addressFromPassphrase(`votary screenshots ${name}`, LOCALNET));
    await form.getByLabel(/^Note/).fill(note!);
    await form.getByRole('button', { name: 'Add contact' }).click();
    await expect(page.getByRole('listitem', { name: `Contact ${name}` })).toBeVisible();
  }
  await shoot(page, 'contacts');

  await go(page, 'Messages');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('I own this address. — 25 November');
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await shoot(page, 'message-sign-review');
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signed-message')).toBeVisible();
  const stranger = signMessageWithPassphrase(
    'Meet at the gate at 9.',
    'votary screenshots stranger',
    'arkvault',
  );
  await page
    .getByRole('textbox', { name: 'Signed message', exact: true })
    .fill(JSON.stringify(stranger, null, 2));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('message-verdict')).toContainText('✓ Verified');
  await shoot(page, 'messages');

  await go(page, 'Send');
  await page
    .getByLabel('Recipient address')
    .fill(addressFromPassphrase('votary screenshots Alice Martin', LOCALNET));
  await page.getByLabel('Amount').fill('40');
  await page.getByRole('button', { name: 'Add recipient' }).click();
  await page
    .getByLabel('Recipient address 2')
    .fill(addressFromPassphrase('votary screenshots nobody', LOCALNET));
  await page.getByLabel('Amount 2').fill('2.5');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('unknown-recipient')).toBeVisible();
  await shoot(page, 'send-review-contacts');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByText('Multipayment from a CSV file (address, amount, memo)').click();
  const payees = ['Alice Martin', 'Bakery on Rue Neuve', 'Jonas (devnet tests)'];
  const csv = [
    'address,amount,memo',
    ...payees.map(
      (name, i) => `${addressFromPassphrase(`votary screenshots ${name}`, LOCALNET)},${i + 1}.5,November`,
    ),
    `${addressFromPassphrase('votary screenshots nobody', LOCALNET)},two,November`,
  ].join('\n');
  await page.getByLabel('CSV file of payments').setInputFiles({
    name: 'november.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByTestId('batch-preview')).toBeVisible();
  await page.getByTestId('batch-preview').scrollIntoViewIfNeeded();
  await shoot(page, 'send-csv');
});
