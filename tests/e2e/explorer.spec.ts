/**
 * Issue 6 §3's read-only screens in the browser shell against the embedded localnet (1-second blocks): the
 * explorer (a height → its block → one of its transactions → the sender's wallet, and a clear "not found"), the
 * fee table with a static fee per type, and the randomness screen verifying /trng from the block id. A block's,
 * a transaction's and the random values' pages follow new blocks without a reload.
 */
import { expect, test, type Page } from '@playwright/test';
import { closePage, createVault, go, openPage } from './support/shell';

const PASSWORD = 'e2e explorer password 1';

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});
test.afterAll(() => closePage(page));

test('create the vault (the shell needs one; these screens have their own server and chain)', async () => {
  await createVault(page, PASSWORD);
});

test('explorer: a height → its block → a transaction → the sender wallet, and back', async () => {
  await go(page, 'Explorer');
  await expect(page.getByRole('heading', { level: 1, name: 'Explorer' })).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search the chain' });
  await box.fill('1');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Block 1' })).toBeVisible();
  await expect(page.getByText('— (genesis block)')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next block (2) ›' })).toBeVisible();
  const transactions = page.getByRole('table', { name: /Transactions in this block/ });
  await expect(transactions).toBeVisible();
  await page.screenshot({ path: 'test-results/explorer-block.png' });
  // The page follows the chain without a reload: its confirmations count on as blocks arrive.
  const confirmations = page.locator('dt:text-is("Confirmations") + dd');
  const seen = Number(await confirmations.innerText());
  await expect.poll(async () => Number(await confirmations.innerText())).toBeGreaterThan(seen);

  await transactions
    .getByRole('button', { name: /^Transaction [0-9a-f]{64}$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 2, name: / transaction$/ })).toBeVisible();
  const status = page.getByText(/^Confirmed · \d+ confirmations?$/);
  await expect(status).toBeVisible();
  await expect(page.getByRole('button', { name: 'Block 1' })).toBeVisible();
  // So does a transaction's: a new block is one more confirmation, without a reload.
  const counted = async () => Number((await status.innerText()).replace(/\D/g, ''));
  const before = await counted();
  await expect.poll(counted).toBeGreaterThan(before);
  const sender = page.locator('dt:text-is("Sender") + dd').getByRole('button');
  const address = (await sender.innerText()).trim();
  expect(address).toMatch(/^D[1-9A-HJ-NP-Za-km-z]{33}$/);
  await page.screenshot({ path: 'test-results/explorer-transaction.png' });

  await sender.click();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(address) })).toBeVisible();
  await expect(page.locator('dt:text-is("Balance") + dd')).toHaveText(/^[\d,.]+ VTY$/);
  await expect(page.getByRole('table', { name: /^Transactions \(\d+\)$/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/explorer-wallet.png' });

  await page.getByRole('button', { name: /^Back to transaction / }).click();
  await expect(page.getByRole('heading', { level: 2, name: / transaction$/ })).toBeVisible();
});

test('explorer: a name that is nobody is said plainly', async () => {
  const box = page.getByRole('searchbox', { name: 'Search the chain' });
  await box.fill('nosuchdelegate');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'No delegate is registered under the name "nosuchdelegate"',
  );
  // The previous result does not stay under the error, as if it were the answer.
  await expect(page.getByRole('heading', { level: 2, name: / transaction$/ })).toHaveCount(0);
  // An id as lists shorten it is said to be part of an id, not looked up as a delegate name.
  await box.fill('1a2b3c4d5e6f7a8b…');
  await box.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This is part of an id, as lists shorten them.');
  await box.fill('genesis_3');
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: /^Delegate genesis_3 / })).toBeVisible();
});

test('fees: a row per transaction type with its static fee', async () => {
  await go(page, 'Fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  const table = page.getByRole('table', { name: /Fees paid per transaction type/ });
  await expect(table).toBeVisible();
  await expect(page.getByTestId('fee-row-transfer')).toContainText('0.1 VTY');
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThanOrEqual(11);
  for (const key of ['transfer', 'vote', 'multiPayment', 'htlcLock', 'htlcClaim', 'htlcRefund']) {
    await expect(page.getByTestId(`fee-row-${key}`).locator('td').first()).toHaveText(
      /^\d[\d,]*(\.\d{1,8})? VTY$/,
    );
  }
  // Claims and refunds cost no fee: their rows say so, never "no transactions of this type".
  for (const key of ['htlcClaim', 'htlcRefund']) {
    await expect(page.getByTestId(`fee-row-${key}`)).toContainText('No fee: this type is free');
  }
  await page.getByLabel('Statistics over').selectOption('30');
  await expect(table.locator('caption')).toContainText('the last 30 days');
  await page.screenshot({ path: 'test-results/fees.png' });
});

test('randomness: /trng and /trng-1 verified from their block ids', async () => {
  await go(page, 'Randomness');
  await expect(page.getByTestId('trng-latest-verdict')).toHaveText(/^✓ verified/);
  await expect(page.getByTestId('trng-previous-verdict')).toHaveText(/^✓ verified/);
  await expect(page.getByText(/SHA-256\(block id as UTF-8 text\)/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/randomness.png' });
  // The values of the last block follow the chain: a new block, a new draw, without "Read again".
  const drawn = page.locator('section[aria-labelledby="trng-latest"] dt:text-is("Block") + dd');
  const first = await drawn.innerText();
  await expect.poll(() => drawn.innerText()).not.toBe(first);
  await expect(page.getByTestId('trng-latest-verdict')).toHaveText(/^✓ verified/);
});
