/**
 * Screenshots of prices, opt-in (docs/design/prices.md), in both themes (docs/screenshots/): the Settings section
 * that turns them on and says what leaves the machine, the dashboard with estimates beside the balances and the
 * portfolio's value over 30 days, and a send review with the estimate beside each amount. The price sources are a
 * local server answering in CryptoCompare's shapes (tests/support/fake-price-server.ts, through
 * VOTARY_PRICE_SOURCE_URL) and ARK mainnet is a fake node on 127.0.0.1: nothing leaves the machine.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type * as MainnetNode from './prices-mainnet-node';
import type { FakeNode } from '../client/support/fake-node';
import { importBundled } from '../support/node-bundle';
import { startFakePriceServer, type FakePriceServer } from '../support/fake-price-server';
import { startHost, stopHost } from '../e2e/support/host';
import { go, importWallet, submitNewVault } from '../e2e/support/shell';
import { noSidewaysOverflow } from './support';

const PORT = 4381;
const OUT = 'docs/screenshots';
const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'screens prices password 7';
/** The mainnet addresses of 'votary screens prices mainnet wallet' and 'votary screens prices someone else'. */
const OWNER = 'AZd9JRq8sJYVmgWzYHosbS6VqQCAXhgwti';
const OTHER = 'AUSmYrxcY5s1y6QGBt5ZcnxJEYGQ2D6xHm';

test.describe.configure({ mode: 'serial', timeout: 150_000 });

let dataDir = '';
let host: ChildProcess | undefined;
let prices: FakePriceServer;
let node: FakeNode;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prices = await startFakePriceServer();
  const { startMainnetNode } = await importBundled<typeof MainnetNode>(
    'tests/screens/prices-mainnet-node.ts',
    'screens-prices-mainnet-node.mjs',
  );
  node = await startMainnetNode(OWNER, OTHER);
  dataDir = mkdtempSync(join(tmpdir(), 'votary-screens-prices-'));
  process.env['VOTARY_PRICE_SOURCE_URL'] = prices.url;
  try {
    host = await startHost(PORT, dataDir, TOKEN);
  } finally {
    delete process.env['VOTARY_PRICE_SOURCE_URL'];
  }
  mkdirSync(OUT, { recursive: true });
});

test.afterAll(async () => {
  if (host !== undefined) await stopHost(host);
  await Promise.all([prices?.close(), node?.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

async function shootBoth(page: Page, name: string, fullPage = false): Promise<void> {
  await noSidewaysOverflow(page);
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(`document.documentElement.setAttribute('data-theme', '${theme}')`);
    // uPlot redraws in the theme's colours on the attribute change.
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/${name}-${theme}.png`, fullPage });
  }
  await page.evaluate(`document.documentElement.setAttribute('data-theme', 'light')`);
}

test('prices: off asks nothing; turned on, estimates beside balances and the portfolio chart', async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await submitNewVault(page, PASSWORD);

  await go(page, 'Settings');
  await page.getByLabel('Add a network by a node URL').fill(node.url);
  await page.getByRole('button', { name: 'Add network' }).click();
  const mainnetRadio = page.getByRole('radio', { name: /mainnet/ });
  await mainnetRadio.click({ timeout: 30_000 });
  await expect(mainnetRadio).toBeChecked();
  await go(page, 'Wallets');
  await importWallet(page, 'Savings', 'votary screens prices mainnet wallet');
  await go(page, 'Dashboard');
  await expect(page.getByTestId('total-balance')).toContainText('1,699.8 ARK', { timeout: 30_000 });
  // Off: no estimate, no chart, and the price server was asked nothing.
  await expect(page.getByTestId('fiat')).toHaveCount(0);
  await expect(page.getByTestId('portfolio-chart')).toHaveCount(0);
  expect(prices.requests).toEqual([]);

  await go(page, 'Settings');
  const prices_ = page.getByRole('group', { name: 'Prices' });
  await prices_.getByRole('combobox', { name: /^Currency/ }).selectOption('EUR');
  // The switch follows the host's answer (prices:settings), so it turns on once the host has saved it.
  const pricesSwitch = prices_.getByRole('switch', {
    name: 'Show balances in a currency (ARK mainnet only)',
  });
  await pricesSwitch.click();
  await expect(pricesSwitch).toBeChecked();
  await expect(prices_.getByRole('status')).toHaveText('Saved: prices from CryptoCompare in EUR.');
  await prices_.scrollIntoViewIfNeeded();
  await shootBoth(page, 'prices-settings');

  await go(page, 'Dashboard');
  await expect(page.getByTestId('total-balance').getByTestId('fiat')).toContainText('(estimate, price of');
  await expect(page.getByTestId('portfolio-chart')).toBeVisible({ timeout: 30_000 });
  await shootBoth(page, 'prices-dashboard', true);
  expect(prices.requests.every((r) => ['ARK'].includes(r.query['fsym'] ?? ''))).toBe(true);
  expect(prices.requests.every((r) => (r.query['tsyms'] ?? r.query['tsym']) === 'EUR')).toBe(true);
});
