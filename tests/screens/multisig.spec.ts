/**
 * Screenshots of the Multisignature screen at 1280×800 in both themes (docs/screens/): a registration's review,
 * and a proposal the vault's participants co-sign (two of three signed); on a `votary
 * serve` of their own (the main screens spec owns the config's server and its vault).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { go, importWallet, submitNewVault } from '../e2e/support/shell';
import { ownHost, shootBothThemes } from './support';

const WAIT = { timeout: 60_000 };
const NAMES = ['Ana', 'Ben', 'Chloé'];

const host = ownHost(4364, 'votary-screens-multisig-');

async function shoot(page: Page, name: string, focus: Locator): Promise<void> {
  await focus.scrollIntoViewIfNeeded();
  await shootBothThemes(page, name);
}

test('multisignature screens', async ({ page }) => {
  await page.goto(host.url);
  await submitNewVault(page, 'screens multisig password 4');
  await go(page, 'Wallets');
  for (const name of NAMES) await importWallet(page, name, `votary screenshots multisig ${name}`);
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
  await expect(page.getByTestId('musig-started')).toContainText(
    'started with the registering wallet’s signature',
  );
  const card = page.getByRole('region', { name: 'Proposals' }).getByTestId('musig-proposal');
  await card.getByRole('button', { name: 'Review and sign as Ben' }).click();
  await card.getByRole('button', { name: 'Sign as Ben', exact: true }).click();
  await expect(card.getByTestId('musig-signed')).toHaveText('Signed by 2 of 3', WAIT);
  await shoot(page, 'multisig', card);
});
