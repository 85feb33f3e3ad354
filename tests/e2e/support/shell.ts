/**
 * Steps the browser-shell journeys share: one page per serial spec that fails the spec on an uncaught page error,
 * the sidebar navigation, creating the vault (the shell shows nothing else until one exists) and importing a wallet.
 */
import { expect, type Browser, type Page } from '@playwright/test';

const pageErrors = new WeakMap<Page, string[]>();

/** A new page that records every uncaught error, for closePage to check. */
export async function openPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  pageErrors.set(page, errors);
  return page;
}

/** Closes the page, then fails if it threw any uncaught error while the spec ran. */
export async function closePage(page: Page): Promise<void> {
  await page.close();
  expect(pageErrors.get(page) ?? []).toEqual([]);
}

/** Opens a screen from the main navigation. */
export async function go(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true }).click();
}

/** Opens the shell with the run's token (the config's `votary serve`) and waits for the first-run screen. */
export async function openFirstRun(page: Page): Promise<void> {
  await page.goto(`/#token=${process.env['VOTARY_SERVE_TOKEN'] ?? ''}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
}

/** Fills the first-run form with the password twice and waits for the dashboard. */
export async function submitNewVault(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create vault' }).click();
  // scrypt N=2^17 takes 0.4 s alone, several seconds on a machine other builds keep busy.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
}

/** Creates the vault from the first-run screen and lands on the dashboard. */
export async function createVault(page: Page, password: string): Promise<void> {
  await openFirstRun(page);
  await submitNewVault(page, password);
}

/**
 * Imports a wallet by its passphrase from the Wallets screen (already open) and waits for its row; returns the
 * address the row shows.
 */
export async function importWallet(page: Page, name: string, passphrase: string): Promise<string> {
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Wallet name (optional)').fill(name);
  await page.getByRole('textbox', { name: 'Passphrase', exact: true }).fill(passphrase);
  await page.getByRole('button', { name: 'Import wallet' }).click();
  const row = page.getByRole('listitem', { name: `Wallet ${name}` });
  await expect(row).toBeVisible();
  return (await row.locator('.mono').innerText()).trim();
}

/**
 * The review step every transaction goes through before it is signed: checks what it says it does (and the fee,
 * when given), then confirms.
 */
export async function confirmReview(page: Page, what: string | RegExp, fee?: string): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(review.getByTestId('review-what')).toHaveText(what);
  if (fee !== undefined) await expect(review.getByTestId('review-fee')).toHaveText(fee);
  await expect(review.getByTestId('review-balance-after')).toHaveText(/\d/);
  await review.getByRole('button', { name: 'Confirm and sign' }).click();
  await expect(review).toHaveCount(0);
}
