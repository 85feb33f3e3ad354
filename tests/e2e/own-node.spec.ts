/**
 * A remote network's own node, in the browser shell: add a network by a peer's URL (a Votary node of a test
 * network in this test process), ask what its own node would take (disk, time, folder), start it, and watch it in
 * the shell's header and on the node screen: in sync and verified, each followed peer's height beside its own, new
 * blocks picked up; then stop it and the header says the app reads a remote node again. Runs its own `votary serve`
 * (restart.spec.ts) so that its settings do not reach the other journeys.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type * as Peers from './support/test-network-peer';
import { importBundled } from '../support/node-bundle';
import { startHost, stopHost } from './support/host';
import { go, submitNewVault } from './support/shell';

const PORT = 4331;
const TOKEN = randomBytes(32).toString('base64url');

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let dataDir = '';
let host: ChildProcess | undefined;
let peer: Peers.TestNetworkPeer | undefined;
let page: Page;
const pageErrors: string[] = [];

/** The peer helper as an ES module (tests/support/node-bundle.ts). */
function loadPeers(): Promise<typeof Peers> {
  return importBundled('tests/e2e/support/test-network-peer.ts', 'e2e-test-network-peer.mjs');
}

test.beforeAll(async ({ browser }) => {
  // A peer with 120 blocks, a host and a vault: more than the hook's default 30 s on a machine others keep busy.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(join(tmpdir(), 'votary-e2e-own-node-'));
  peer = await (await loadPeers()).startTestNetworkPeer(120);
  host = await startHost(PORT, dataDir, TOKEN);
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await submitNewVault(page, 'e2e own node vault password');
});

test.afterAll(async () => {
  await page.close();
  if (host !== undefined) await stopHost(host);
  await peer?.close();
  rmSync(dataDir, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

test('the header tells which node the app reads, on every page', async () => {
  const header = page.getByTestId('sync-indicator');
  await expect(header).toContainText('(this computer)');
  await expect(header.getByTestId('sync-words')).toHaveText('In sync');
});

test('what the own node will take is shown before it starts; then it syncs and is verified', async () => {
  await go(page, 'Settings');
  await page.getByLabel('Add a network by a node URL').fill(peer!.url);
  await page.getByRole('button', { name: 'Add network' }).click();
  const own = page.getByRole('group', { name: 'Own node for votarytest' });
  await own.getByRole('button', { name: 'Run my own node for this network' }).click();
  const estimate = own.getByTestId('own-node-estimate');
  await expect(estimate).toContainText('Disk');
  await expect(estimate).toContainText(/about [\d.]+ (kB|MB)/);
  await expect(estimate).toContainText('Time to catch up');
  await expect(estimate).toContainText(join(dataDir, 'followed'));
  await expect(own).toContainText(`${peer!.height()} blocks`);

  await own.getByRole('button', { name: 'Start my own node' }).click();
  await expect(own.getByTestId('own-node-state')).toHaveText(
    `Own node in sync · height ${peer!.height()} · verified`,
    { timeout: 30_000 },
  );
  await expect(own.getByRole('button', { name: 'Stop my own node' })).toBeVisible();
});

test('made active, the network is read from the own node: the header and the node screen say so', async () => {
  // The radio follows the host's answer (the active network), not the click.
  const radio = page.getByRole('radio', { name: /^votarytest/ });
  await radio.click();
  await expect(radio).toBeChecked();
  const header = page.getByTestId('sync-indicator');
  await expect(header).toContainText('votarytest');
  await expect(header).toContainText('(own node, verified here)');
  await expect(header.getByTestId('sync-words')).toHaveText(/Own node in sync · height \d+ · verified/);

  await go(page, 'Node');
  const panel = page.getByTestId('own-node-panel');
  await expect(panel).toBeVisible();
  const row = panel
    .getByTestId('followed-peers')
    .getByRole('row')
    .filter({ hasText: new URL(peer!.url).host });
  await expect(row).toContainText('same height');
  await expect(row).toContainText('Answering');

  peer!.forge(3);
  await expect(header.getByTestId('sync-words')).toHaveText(
    `Own node in sync · height ${peer!.height()} · verified`,
    { timeout: 15_000 },
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Node' })).toBeVisible();
});

test('stopped, the app reads the remote node again', async () => {
  await go(page, 'Settings');
  const own = page.getByRole('group', { name: 'Own node for votarytest' });
  await own.getByRole('button', { name: 'Stop my own node' }).click();
  await expect(own.getByRole('button', { name: 'Run my own node for this network' })).toBeVisible();
  const header = page.getByTestId('sync-indicator');
  await expect(header).toContainText('(remote node)');
});
