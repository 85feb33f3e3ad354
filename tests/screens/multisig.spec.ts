/**
 * Screenshots of the Multisignature screen at 1280×800 in both themes (docs/screens/): a registration's review,
 * and a proposal the vault's participants co-sign (two of three signed); on a `votary
 * serve` of their own (the main screens spec owns the config's server and its vault).
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startHost, stopHost } from '../e2e/support/host';
import { go, submitNewVault } from '../e2e/support/shell';

const PORT = 4364;
const TOKEN = randomBytes(32).toString('base64url');
const WAIT = { timeout: 60_000 };
const OUT = 'docs/screens';
const NAMES = ['Ana', 'Ben', 'Chloé'];

let dataDir = '';
let host: ChildProcess | undefined;

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'votary-screens-multisig-'));
  host = await startHost(PORT, dataDir, TOKEN);
});
test.afterAll(async () => {
  if (host !== undefined) await stopHost(host);
  rmSync(dataDir, { recursive: true, force: true });
});

async function shoot(page: Page, name: string, focus: Locator): Promise<void> {
  await focus.scrollIntoViewIfNeeded();
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.setAttribute('data-theme', '${theme}')`);
    await page.screenshot({ path: `${OUT}/${name}-${theme}.png` });
  }
  await page.evaluate(`document.documentElement.setAttribute('data-theme', 'light')`);
}

test('multisignature screens', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await submitNewVault(page, 'screens multisig password 4');
  await go(page, 'Wallets');
  for (const name of NAMES) {
    await page.getByRole('button', { name: 'Import or watch' }).click();
    await page.getByLabel('Wallet name (optional)').fill(name);
    await page
      .getByRole('textbox', { name: 'Passphrase', exact: true })
      .fill(`votary screenshots multisig ${name}`);
    await page.getByRole('button', { name: 'Import wallet' }).click();
    await expect(page.getByRole('listitem', { name: `Wallet ${name}` })).toBeVisible();
  }
  const ana = (await page.getByRole('listitem', { name: 'Wallet Ana' }).locator('.mono').innerText()).trim();
  await page.getByRole('button', { name: 'Fund Ana from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${ana}`)).toContainText('1,000 VTY', WAIT);

  await go(page, 'Multisignature');
  const form = page.getByRole('form', { name: 'Register a multisignature wallet' });
  for (const name of NAMES) await form.getByRole('checkbox', { name }).check();
  await form.getByRole('button', { name: 'Review the registration' }).click();
  const review = page.getByRole('group', { name: 'Review' });
  await expect(review.getByTestId('review-what')).toContainText('Register a 2-of-3');
  await shoot(page, 'multisig-register-review', review);
  await review.getByRole('button', { name: 'Sign and start the registration' }).click();
  await expect(page.getByTestId('musig-started')).toContainText('signed by 1 of 3');
  const card = page.getByRole('region', { name: 'Proposals' }).getByTestId('musig-proposal');
  await card.getByRole('button', { name: 'Review and sign as Ben' }).click();
  await card.getByRole('button', { name: 'Sign as Ben', exact: true }).click();
  await expect(card.getByTestId('musig-signed')).toHaveText('Signed by 2 of 3', WAIT);
  await shoot(page, 'multisig', card);
});
