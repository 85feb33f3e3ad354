/**
 * Send and its review at 320 CSS px wide (WCAG 2.1 1.4.10: a 1280 px window at 400 % zoom), in both themes
 * (docs/screens/send-320-*.png, send-review-320-*.png): one column, nothing scrolls sideways.
 */
import { expect, test } from '@playwright/test';
import { go, importWallet } from '../e2e/support/shell';
import { ownHost, shoot } from './support';

const WAIT = { timeout: 60_000 };
const host = ownHost(4332, 'votary-screens-reflow-', 120_000);

test('send and its review at 320 CSS px', async ({ page }) => {
  await page.goto(host.url);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible(WAIT);
  await createVaultHere();
  async function createVaultHere() {
    await page.getByLabel('Password', { exact: true }).fill('reflow vault password 1');
    await page.getByLabel('Confirm password').fill('reflow vault password 1');
    await page.getByRole('button', { name: 'Create vault' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(WAIT);
  }
  await go(page, 'Wallets');
  const main = await importWallet(page, 'Main', 'votary reflow main wallet passphrase');
  const savings = await importWallet(page, 'Savings', 'votary reflow savings wallet passphrase');
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${main}`)).toContainText('1,000 VTY', WAIT);

  await page.setViewportSize({ width: 320, height: 1100 });
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${main}` });
  await page.getByLabel('Recipient address').fill(savings);
  await page.getByLabel('Amount', { exact: true }).fill('12.5');
  await page.getByLabel('Memo (public, optional)').fill('rent, November');
  await page.getByRole('form', { name: 'Transfer' }).scrollIntoViewIfNeeded();
  await shoot(page, 'send-320');
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByTestId('review-what')).toBeVisible(WAIT);
  await page.getByRole('region', { name: 'Review' }).scrollIntoViewIfNeeded();
  await shoot(page, 'send-review-320');
});
