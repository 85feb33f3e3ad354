/**
 * Restart and find everything persisted. This spec runs its own `votary serve` (not the config's
 * webServer) on a fresh data directory, so it can stop it and start it again: create the vault and wallets, fund,
 * send, change settings (auto-lock, theme, a remote network with two peers), stop the host with SIGTERM — the page
 * says it is reconnecting — start it again on the same data directory, and see the page come back by itself to a
 * locked vault; unlock, and find wallets, names, balances, history, the pending list and the settings. Then the
 * settings controls that edit a network (remove a peer, remove the network behind a confirm step).
 * The remote network is two fake ARK devnet nodes (tests/client/support/fake-node.ts) in this test process,
 * bundled with esbuild first: Playwright's loader cannot import the network presets' JSON.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type * as FakeNodes from '../client/support/fake-node';
import { importBundled } from '../support/node-bundle';
import { startHost, stopHost } from './support/host';
import { confirmReview, go, importWallet, submitNewVault } from './support/shell';

const PORT = 4321;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'e2e restart vault password';
const BLOCK_WAIT = { timeout: 45_000 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir = '';
let host: ChildProcess | undefined;
let page: Page;
let keeper = '';
let receiver = '';
const remotes: FakeNodes.FakeNode[] = [];
const pageErrors: string[] = [];

/** The fake-node helper as an ES module (tests/support/node-bundle.ts). */
function loadFakeNodes(): Promise<typeof FakeNodes> {
  return importBundled('tests/client/support/fake-node.ts', 'e2e-fake-node.mjs');
}

test.beforeAll(async ({ browser }) => {
  dataDir = mkdtempSync(join(tmpdir(), 'votary-e2e-restart-'));
  const { startFakeNode } = await loadFakeNodes();
  remotes.push(await startFakeNode(), await startFakeNode());
  host = await startHost(PORT, dataDir, TOKEN);
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

test.afterAll(async () => {
  await page.close();
  if (host !== undefined) await stopHost(host);
  await Promise.all(remotes.map((remote) => remote.close()));
  rmSync(dataDir, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('create the vault and two wallets, fund one, send to the other', async () => {
  await page.goto(`${URL_BASE}/#token=${TOKEN}`);
  await submitNewVault(page, PASSWORD);

  await go(page, 'Wallets');
  for (const [name, passphrase] of [
    ['Keeper', 'votary restart keeper wallet passphrase'],
    ['Receiver', 'votary restart receiver wallet passphrase'],
  ] as const) {
    await importWallet(page, name, passphrase);
  }
  keeper = (await page.getByRole('listitem', { name: 'Wallet Keeper' }).locator('.mono').innerText()).trim();
  receiver = (
    await page.getByRole('listitem', { name: 'Wallet Receiver' }).locator('.mono').innerText()
  ).trim();

  await page.getByRole('button', { name: 'Fund Keeper from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${keeper}`)).toContainText('1,000 VTY', BLOCK_WAIT);

  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Keeper · ${keeper}` });
  await page.getByLabel('Recipient address').fill(receiver);
  await page.getByLabel('Amount').fill('42');
  await page.getByLabel('Memo (public, optional)').fill('kept across a restart');
  await page.getByRole('button', { name: 'Review' }).click();
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await go(page, 'Pending');
  const sent = page.getByRole('row').filter({ hasText: receiver });
  await expect(sent.locator('.status')).toHaveText('confirmed', BLOCK_WAIT);
  await go(page, 'Wallets');
  await expect(page.getByTestId(`balance-${receiver}`)).toContainText('42 VTY', BLOCK_WAIT);
});

test('change settings: auto-lock, theme, and a remote network with two peers', async () => {
  await go(page, 'Settings');
  const autoLock = page.getByLabel('Lock the vault after this many idle minutes (0 = never)');
  // "0.5" is not taken as 0 (never lock): the field says why, and nothing can be saved.
  await autoLock.fill('0.5');
  await expect(page.getByText('Enter a whole number of minutes from 0 (never) to 1440.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save auto-lock' })).toBeDisabled();
  await autoLock.fill('7');
  await page.getByRole('button', { name: 'Save auto-lock' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved: the vault locks after 7 idle minutes.' }),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  // No OS keychain on these machines: the switch is there, off, with the reason.
  const device = page.getByRole('switch', { name: 'Unlock on this device without the password' });
  await expect(device).toBeVisible();
  await expect(page.getByTestId('keychain-status')).toHaveText(/^(Unavailable: .+|Off: .+)$/);

  await page.getByLabel('Add a network by a node URL').fill(remotes[0]?.url ?? '');
  await page.getByRole('button', { name: 'Add network' }).click();
  const peers = page.getByRole('list', { name: /^Peers of / });
  await expect(peers.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Add a peer (a node of the same network)').fill(remotes[1]?.url ?? '');
  await page.getByRole('button', { name: 'Add peer' }).click();
  await expect(peers.getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/restart-settings-before.png', fullPage: true });
});

test('stop the host: the page says it is reconnecting, and no longer claims the node is in sync', async () => {
  if (host === undefined) throw new Error('no host');
  await go(page, 'Dashboard');
  await expect(page.getByTestId('node-sync')).toHaveText('In sync', { timeout: 20_000 });
  expect(await stopHost(host)).toBe(0);
  host = undefined;
  await expect(page.getByTestId('host-status')).toContainText('Reconnecting…', { timeout: 10_000 });
  await expect(page.getByTestId('node-sync')).toHaveText(
    /^Not known: the connection to the Votary host is lost/,
  );
  await page.screenshot({ path: 'test-results/restart-reconnecting.png' });
});

test('start it again: the page reconnects by itself to a locked vault', async () => {
  host = await startHost(PORT, dataDir, TOKEN);
  // No reload: the bridge reconnects (backoff ≤ 10 s) and the store reads the host again.
  await expect(page.getByRole('heading', { name: 'Unlock your vault' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('host-status')).toHaveText(/^Votary .* · browser shell · /);
  await page.screenshot({ path: 'test-results/restart-locked.png' });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('wallets, names, balances, history, the pending list and the settings are all there', async () => {
  await go(page, 'Wallets');
  await expect(page.getByRole('listitem', { name: 'Wallet Keeper' })).toContainText(keeper);
  await expect(page.getByRole('listitem', { name: 'Wallet Receiver' })).toContainText(receiver);
  await expect(page.getByTestId(`balance-${receiver}`)).toContainText('42 VTY', BLOCK_WAIT);
  await expect(page.getByTestId(`balance-${keeper}`)).toContainText('957.', BLOCK_WAIT);

  await go(page, 'Pending');
  await expect(page.getByRole('row').filter({ hasText: receiver }).locator('.status')).toHaveText(
    'confirmed',
  );
  await expect(page.getByRole('row').filter({ hasText: keeper }).first().locator('.status')).toHaveText(
    'confirmed',
  );
  await page.screenshot({ path: 'test-results/restart-pending.png', fullPage: true });

  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Open Keeper' }).click();
  const history = page.getByRole('list', { name: 'Transaction history' });
  await expect(history.locator('.amount-out').first()).toBeVisible(BLOCK_WAIT);
  await expect(history.locator('.amount-in').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/restart-wallet.png', fullPage: true });

  await go(page, 'Settings');
  await expect(page.getByLabel('Lock the vault after this many idle minutes (0 = never)')).toHaveValue('7');
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const peers = page.getByRole('list', { name: /^Peers of / });
  await expect(peers.getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/restart-settings-after.png', fullPage: true });
});

test('settings edit the network: remove a peer, then the network behind a confirm step', async () => {
  const peers = page.getByRole('list', { name: /^Peers of / });
  const first = remotes[0]?.url ?? '';
  await page.getByRole('button', { name: `Remove peer ${first}` }).click();
  await expect(peers.getByRole('listitem')).toHaveCount(1);
  // The last peer cannot go: a network needs one.
  await expect(peers.getByRole('button', { name: /^Remove peer / })).toBeDisabled();

  const remove = page.getByRole('button', { name: /^Remove network / });
  await remove.click();
  await expect(page.getByRole('button', { name: /^Yes, remove / })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(peers).toHaveCount(1);
  await page.getByRole('button', { name: /^Remove network / }).click();
  await page.getByRole('button', { name: /^Yes, remove / }).click();
  await expect(peers).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /embedded localnet/ })).toBeChecked();
});

test('the vote list pages through the delegates', async () => {
  await go(page, 'Vote');
  await expect(page.getByTestId('delegate-pager')).toHaveText(/^Page 1 of 1 · 21 delegates$/);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByLabel('Search delegates').fill('genesis_2');
  await expect(page.getByTestId('delegate-pager')).toHaveText(/^Page 1 of 1 · \d+ delegates$/);
  await expect(page.getByRole('button', { name: /^Vote for genesis_2\d?$/ }).first()).toBeVisible();
});

test('second passphrase: register, remove from the vault (confirm step), add it back (checked)', async () => {
  const SECOND = 'an e2e restart second passphrase';
  await go(page, 'Delegate');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Keeper · ${keeper}` });
  await page.getByRole('textbox', { name: 'Second passphrase', exact: true }).fill(SECOND);
  await page.getByRole('textbox', { name: 'Second passphrase again' }).fill(SECOND);
  await page.getByRole('button', { name: 'Register second passphrase' }).click();
  await confirmReview(page, 'Register a second passphrase for this wallet');
  await go(page, 'Pending');
  const row = page.getByRole('row').filter({ hasText: 'Second signature registration' }).first();
  await expect(row.locator('.status')).toHaveText('confirmed', BLOCK_WAIT);

  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Open Keeper' }).click();
  const state = page.getByTestId('second-passphrase-state');
  await expect(state).toHaveText('Stored in the vault: this wallet co-signs with it.');
  await page.getByRole('button', { name: 'Remove second passphrase' }).click();
  await page.getByRole('button', { name: 'Yes, remove it from the vault' }).click();
  await expect(state).toContainText('Registered on chain but not in this vault', BLOCK_WAIT);

  const field = page.getByRole('textbox', { name: 'Second passphrase', exact: true });
  await expect(field).toHaveAttribute('type', 'password');
  await field.fill('not the second passphrase');
  await page.getByRole('button', { name: 'Add second passphrase' }).click();
  await expect(page.getByRole('alert')).toContainText('does not match');
  await field.fill(SECOND);
  await page.getByRole('button', { name: 'Add second passphrase' }).click();
  await expect(state).toHaveText('Stored in the vault: this wallet co-signs with it.');
  await page.screenshot({ path: 'test-results/restart-second-passphrase.png', fullPage: true });
});
