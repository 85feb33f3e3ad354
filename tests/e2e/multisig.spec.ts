/**
 * Multisignature wallets in the browser shell on a `votary serve` of its own (localnet, 1 s blocks): three
 * participants in one vault register a 2-of-3 wallet through the multisignature server the app hosts for localnet
 * (the registering wallet signs, the two others co-sign from the server's list, then it is broadcast); the wallet
 * is funded; then participant three proposes a transfer as a file, participant two opens the file, reviews and
 * co-signs it, and it is broadcast — every signature after the review's facts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serveOwnHost } from './support/host';
import { go, importWallet, submitNewVault } from './support/shell';

const PORT = 4363;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'copper violin meadow 83';
const NAMES = ['One', 'Two', 'Three'];
// Generous: blocks are 1 s but the machine may be loaded.
const BLOCK_WAIT = { timeout: 45_000 };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let dataDir = '';
let page: Page;
const addresses: Record<string, string> = {};
let multisigAddress = '';

serveOwnHost({ name: 'multisig', port: PORT, token: TOKEN }, (own) => ({ page, dataDir } = own));

const proposals = () => page.getByRole('region', { name: 'Proposals' });

test('three participants in one vault; the first is funded', async () => {
  await page.goto(`${URL_BASE}/#token=${TOKEN}`);
  await submitNewVault(page, PASSWORD);
  await go(page, 'Wallets');
  for (const name of NAMES) {
    addresses[name] = await importWallet(page, name, `votary e2e multisignature participant ${name}`);
  }
  await page.getByRole('button', { name: 'Fund One from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${addresses['One']}`)).toContainText('1,000 VTY', BLOCK_WAIT);
});

test('register a 2-of-3 wallet through the hosted server: every participant signs, then the sender', async () => {
  await go(page, 'Multisignature');
  await expect(page.getByTestId('musig-server')).toContainText('the server this app runs for localnet');
  const form = page.getByRole('form', { name: 'Register a multisignature wallet' });
  for (const name of NAMES) await form.getByRole('checkbox', { name }).check();
  await form.getByLabel('Signatures required for every transaction').fill('2');
  await form.getByRole('button', { name: 'Review the registration' }).click();
  const review = page.getByRole('group', { name: 'Review' });
  await expect(review.getByTestId('review-what')).toHaveText(
    /^Register a 2-of-3 multisignature wallet at \w{34}$/,
  );
  multisigAddress = /at (\w{34})$/.exec(await review.getByTestId('review-what').innerText())![1]!;
  await expect(review.getByTestId('review-fee')).toContainText('20 VTY');
  await page.screenshot({ path: 'test-results/multisig-register-review.png' });
  await review.getByRole('button', { name: 'Sign and start the registration' }).click();
  await expect(page.getByTestId('musig-started')).toContainText(
    'started with the registering wallet’s signature and sent to the server',
  );

  const card = proposals().getByTestId('musig-proposal');
  await expect(card.getByTestId('musig-signed')).toHaveText('Signed by 1 of 3');
  for (const [name, count] of [
    ['Two', 2],
    ['Three', 3],
  ] as const) {
    await card.getByRole('button', { name: `Review and sign as ${name}` }).click();
    await expect(card.getByTestId('review-what')).toHaveText(
      `Register a 2-of-3 multisignature wallet at ${multisigAddress}`,
    );
    await card.getByRole('button', { name: `Sign as ${name}`, exact: true }).click();
    await expect(proposals().getByTestId('musig-signed')).toContainText(`Signed by ${count} of 3`);
  }
  await page.screenshot({ path: 'test-results/multisig-proposals.png', fullPage: true });
  // The last signature's line speaks of 3 of 3, the card's count; no earlier "1 of 3" is left on the page.
  await expect(page.getByTestId('musig-outcome')).toHaveText('Signed by Three: 3 of 3.');
  await expect(page.getByText(/\b1 of 3\b/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Review and broadcast' }).click();
  await card.getByRole('button', { name: 'Broadcast', exact: true }).click();
  await expect(proposals().getByTestId('musig-no-proposals')).toBeVisible(BLOCK_WAIT);
  // The proposal has left the list; what became of it stays: its id, then the block that holds it.
  const outcome = page.getByTestId('musig-broadcast');
  await expect(outcome).toContainText(/broadcast as transaction [0-9a-f]{64}\./);
  await expect(outcome.getByTestId('sent-status')).toHaveText(/^Confirmed in block \d+/, BLOCK_WAIT);

  // Registered on chain: the wallets list says so once a block has it, without leaving the page.
  await expect(page.getByTestId('musig-wallets')).not.toContainText('not registered', BLOCK_WAIT);
  await expect(page.getByTestId('musig-wallets')).toContainText('registered');
  await expect(page.getByTestId('musig-wallets')).toContainText(multisigAddress);
  const propose = page.getByRole('form', { name: 'Propose a transfer' });
  await expect(propose.getByLabel('First signature by')).toContainText(`One · ${addresses['One']}`);
  await expect(propose.getByRole('button', { name: 'Review the transfer' })).toBeDisabled();
  await expect(propose).not.toContainText('No participant of this wallet is in this vault');
});

test('fund the multisignature wallet; its balance shows like any wallet’s', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Fund Multisignature 2 of 3 from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${multisigAddress}`)).toContainText('1,000 VTY', BLOCK_WAIT);
});

test('spend through a file: participant three proposes, participant two co-signs the file, it is broadcast', async () => {
  await go(page, 'Multisignature');
  const form = page.getByRole('form', { name: 'Propose a transfer' });
  await form.getByLabel('First signature by').selectOption({ label: `Three · ${addresses['Three']}` });
  await form.getByLabel('Recipient address').fill(addresses['Two']!);
  await form.getByLabel('Amount').fill('3');
  await form.getByRole('button', { name: 'Review the transfer' }).click();
  const review = page.getByRole('group', { name: 'Review' });
  await expect(review.getByTestId('review-what')).toHaveText(`Send 3 VTY to ${addresses['Two']}`);
  await expect(review.getByTestId('review-from')).toContainText(multisigAddress);
  await expect(review).toContainText('2 of its 3 participants must sign before anyone can broadcast it.');
  await review.getByRole('radio', { name: 'as a file or QR code (no network needed)' }).check();
  await review.getByRole('button', { name: 'Sign as Three and propose' }).click();
  const proposed = page.getByTestId('musig-proposed');
  await expect(proposed).toContainText('The file below carries 1 of 2 signatures');
  await expect(proposed.getByRole('img', { name: 'The proposal as a QR code' })).toBeVisible();
  await page.screenshot({ path: 'test-results/multisig-file.png', fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    proposed.getByTestId('musig-download').click(),
  ]);
  const file = join(dataDir, 'proposal.json');
  await download.saveAs(file);
  expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ multisigAsset: { min: 2 } });

  // Participant two, without the network's server: the file.
  await proposals().getByText('Open a proposal file').click();
  await proposals().getByTestId('musig-open-file').setInputFiles(file);
  const opened = proposals().getByTestId('musig-proposal');
  await expect(opened.getByTestId('musig-signed')).toHaveText('Signed by 1 of 2');
  await opened.getByRole('button', { name: 'Review and sign as Two' }).click();
  await expect(opened.getByTestId('review-what')).toHaveText(`Send 3 VTY to ${addresses['Two']}`);
  await opened.getByRole('radio', { name: 'as a file or QR code (no network needed)' }).check();
  await opened.getByRole('button', { name: 'Sign as Two' }).click();
  await expect(opened.getByTestId('musig-signed')).toContainText('Signed by 2 of 2: ready to broadcast');
  await opened.getByRole('button', { name: 'Review and broadcast' }).click();
  await opened.getByRole('button', { name: 'Broadcast', exact: true }).click();
  const outcome = page
    .getByTestId('musig-broadcast')
    .filter({ hasText: new RegExp(`^Send 3 VTY from \\w+ to ${addresses['Two']}`) });
  await expect(outcome).toContainText(/broadcast as transaction [0-9a-f]{64}\./);
  await expect(outcome.getByTestId('sent-status')).toHaveText(/^Confirmed in block \d+/, BLOCK_WAIT);

  await go(page, 'Wallets');
  // 1,000 − 3 − the 0.1 fee.
  await expect(page.getByTestId(`balance-${multisigAddress}`)).toContainText('996.9 VTY', BLOCK_WAIT);
});

test('a file proposal co-signed through the server shows its new signatures, and its broadcast its block', async () => {
  await go(page, 'Multisignature');
  const form = page.getByRole('form', { name: 'Propose a transfer' });
  await form.getByLabel('First signature by').selectOption({ label: `Three · ${addresses['Three']}` });
  await form.getByLabel('Recipient address').fill(addresses['One']!);
  await form.getByLabel('Amount').fill('1');
  await form.getByRole('button', { name: 'Review the transfer' }).click();
  const review = page.getByRole('group', { name: 'Review' });
  await review.getByRole('radio', { name: 'as a file or QR code (no network needed)' }).check();
  await review.getByRole('button', { name: 'Sign as Three and propose' }).click();
  const proposed = page.getByTestId('musig-proposed');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    proposed.getByTestId('musig-download').click(),
  ]);
  const file = join(dataDir, 'proposal-2.json');
  await download.saveAs(file);

  await proposals().getByText('Open a proposal file').click();
  await proposals().getByTestId('musig-open-file').setInputFiles(file);
  const opened = proposals()
    .getByRole('article', { name: new RegExp(`^Send 1 VTY from \\w+ to ${addresses['One']}$`) })
    .last();
  await expect(opened.getByTestId('musig-signed')).toHaveText('Signed by 1 of 2');
  await opened.getByRole('button', { name: 'Review and sign as Two' }).click();
  // Through the server this time: the card still shows what was signed.
  await opened.getByRole('radio', { name: 'through the multisignature server' }).check();
  await opened.getByRole('button', { name: 'Sign as Two' }).click();
  await expect(opened.getByTestId('musig-signed')).toHaveText('Signed by 2 of 2: ready to broadcast');
  await expect(opened.getByRole('button', { name: 'Review and sign as Two' })).toHaveCount(0);
  await opened.getByRole('button', { name: 'Review and broadcast' }).click();
  await opened.getByRole('button', { name: 'Broadcast', exact: true }).click();
  const outcome = page
    .getByTestId('musig-broadcast')
    .filter({ hasText: new RegExp(`^Send 1 VTY from \\w+ to ${addresses['One']}`) });
  await expect(outcome).toContainText(/broadcast as transaction [0-9a-f]{64}\./);
  await expect(outcome.getByTestId('sent-status')).toHaveText(/^Confirmed in block \d+/, BLOCK_WAIT);
  // The server's copy (a file's signature went there too) no longer offers a broadcast: the chain has it.
  const serverCopy = proposals()
    .getByTestId('musig-proposals')
    .getByRole('article', { name: new RegExp(`^Send 1 VTY from \\w+ to ${addresses['One']}$`) });
  await expect(serverCopy.getByTestId('musig-gone')).toContainText('is used already', BLOCK_WAIT);
  await expect(serverCopy.getByRole('button', { name: 'Review and broadcast' })).toHaveCount(0);
});
