/**
 * The wallet's main path in the browser shell against the embedded node (1-second blocks): create the vault,
 * create a wallet and confirm its phrase, fund it from the faucet, import a second wallet, send a transfer and
 * see it confirmed, a memo that looks like a phrase refused; then lock, a wrong password, unlock. A transfer's and a
 * vote's review show the hash of the prepared transaction's unsigned bytes, and the transaction the chain holds
 * is signed over exactly that hash (docs/design/signing.md). Every screen that sends says what became of it
 * without a reload: the broadcast transaction's id, then "Confirmed in block N" (Send, Vote, Locks' lock, claim
 * and refund, Delegate's registration, resignation and second passphrase).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { schnorrVerify } from '../../src/core/protocol/crypto';
import { fromHex } from '../../src/core/protocol/hex';
import { closePage, confirmReview, go, openFirstRun, openPage, submitNewVault } from './support/shell';

const PASSWORD = 'e2e vault password 1';
// Generous: blocks are 1 s but the machine may be loaded.
const BLOCK_WAIT = { timeout: 45_000 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let page: Page;
let mainAddress = '';
let secondAddress = '';
let phrase: string[] = [];

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});
test.afterAll(() => closePage(page));

test('create the vault', async () => {
  await openFirstRun(page);
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveAttribute('autocomplete', 'off');
  await submitNewVault(page, PASSWORD);
  await page.screenshot({ path: 'test-results/dashboard-empty.png' });
});

test('create a wallet and confirm its phrase (wrong words refused)', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await page.getByLabel('Wallet name (optional)').fill('Main');
  await page.getByRole('button', { name: 'Generate recovery phrase' }).click();
  const words = page.getByTestId('recovery-words').getByRole('listitem');
  await expect(words).toHaveCount(24);
  phrase = await words.allInnerTexts();
  await page.screenshot({ path: 'test-results/recovery-phrase.png' });
  await page.getByRole('button', { name: 'I have written them down' }).click();

  const fields = page.getByLabel(/^Word #\d+$/);
  const count = await fields.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await fields.nth(i).fill('wrong');
  await page.getByRole('button', { name: 'Confirm and add wallet' }).click();
  await expect(page.getByRole('alert')).toContainText('do not match');
  // Each wrong word is named at its field, and what was typed stays.
  await expect(page.getByText(/^This is not word #\d+ of your phrase\.$/)).toHaveCount(count);
  await expect(fields.first()).toHaveValue('wrong');

  for (let i = 0; i < count; i++) {
    const label = await fields.nth(i).locator('xpath=..').innerText();
    const position = Number(/#(\d+)/.exec(label)?.[1]);
    await fields.nth(i).fill(phrase[position - 1] ?? '');
  }
  await page.getByRole('button', { name: 'Confirm and add wallet' }).click();
  const row = page.getByRole('listitem', { name: 'Wallet Main' });
  await expect(row).toBeVisible();
  mainAddress = (await row.locator('.mono').innerText()).trim();
  expect(mainAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{34}$/);
});

test('fund it from the faucet; the balance appears after a block', async () => {
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${mainAddress}`)).toContainText('1,000 VTY', BLOCK_WAIT);
  // The line about the transfer follows it: once it is in a block it says which, not "they arrive with the next".
  await expect(page.getByRole('listitem', { name: 'Wallet Main' }).getByTestId('sent-status')).toHaveText(
    /^Test tokens: Confirmed in block \d+/,
    BLOCK_WAIT,
  );
  await page.screenshot({ path: 'test-results/wallet-funded.png' });
});

test('import a second wallet by passphrase', async () => {
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Wallet name (optional)').fill('Savings');
  const secret = page.getByRole('textbox', { name: 'Passphrase', exact: true });
  await expect(secret).toHaveAttribute('type', 'password');
  await secret.fill('votary end to end second wallet passphrase');
  // A phrase typed from paper can be checked word by word.
  await page.getByRole('checkbox', { name: 'Show passphrase' }).check();
  await expect(secret).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Import wallet' }).click();
  const row = page.getByRole('listitem', { name: 'Wallet Savings' });
  await expect(row).toBeVisible();
  secondAddress = (await row.locator('.mono').innerText()).trim();
  expect(secondAddress).not.toBe(mainAddress);
});

test('a memo that looks like a recovery phrase is refused', async () => {
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address').fill(secondAddress);
  await page.getByLabel('Amount').fill('1');
  await page.getByLabel('Memo (public, optional)').fill(phrase.slice(0, 12).join(' '));
  await page.getByRole('button', { name: 'Review' }).click();
  // Refused by the host's checks at the memo field, before any review opens.
  await expect(page.getByRole('alert')).toContainText('looks like a recovery phrase');
  await expect(page.getByRole('button', { name: 'Sign and send' })).toHaveCount(0);
  // Over the byte limit: said at the field with the count, never cut by the input.
  const long = 'é'.repeat(200);
  await page.getByLabel('Memo (public, optional)').fill(long);
  await expect(page.getByLabel('Memo (public, optional)')).toHaveValue(long);
  await expect(
    page.getByText('A memo on this network holds at most 255 bytes; this one has 400.'),
  ).toBeVisible();
});

test('send a transfer to the second wallet and see it confirmed', async () => {
  await page.getByLabel('Recipient address').fill(secondAddress);
  await page.getByLabel('Amount').fill('12.5');
  await page.getByLabel('Memo (public, optional)').fill('e2e transfer');
  await page.getByRole('button', { name: 'Review' }).click();
  // The one review: the wallet by name, total out = amount + fee, and the balance after.
  await expect(page.getByTestId('review-what')).toHaveText(`Send 12.5 VTY to ${secondAddress}`);
  await expect(page.getByTestId('review-from')).toContainText(`Main · ${mainAddress}`);
  await expect(page.getByTestId('review-fee')).toHaveText('0.1 VTY');
  await expect(page.getByTestId('review-total')).toHaveText('12.6 VTY');
  await expect(page.getByTestId('review-balance-after')).toHaveText(/\d/);
  const reviewed = await reviewedHash(page.getByRole('region', { name: 'Review' }));
  await page.screenshot({ path: 'test-results/send-review.png' });
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByTestId('send-status')).toBeVisible();
  const sentId = await newestSentId();
  await expect(page.getByTestId('send-status')).toContainText(`Transaction ${sentId.slice(0, 12)}…`);
  // The Send page follows it to its block, without a reload.
  await expect(page.getByTestId('send-status')).toHaveText(
    new RegExp(`^Transaction ${sentId.slice(0, 12)}…: Confirmed in block \\d+`),
    BLOCK_WAIT,
  );

  await go(page, 'Pending');
  const sent = page.getByRole('row').filter({ hasText: secondAddress });
  await expect(sent.locator('.status')).toHaveText('confirmed', BLOCK_WAIT);
  await page.screenshot({ path: 'test-results/pending-confirmed.png' });
  // Nothing leaves the window sideways: every row's buttons stay in view.
  const width = page.viewportSize()?.width ?? 1280;
  for (const button of await page.getByRole('button', { name: /^Dismiss / }).all()) {
    const box = await button.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  }
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);

  // What the chain holds under the broadcast id is signed over exactly the bytes the review named.
  await expectSignedAsReviewed(sentId, reviewed);

  await go(page, 'Wallets');
  await expect(page.getByTestId(`balance-${secondAddress}`)).toContainText('12.5 VTY', BLOCK_WAIT);
  await go(page, 'Dashboard');
  await expect(page.getByTestId('node-height')).toHaveText(/Height \d+/);
  await page.screenshot({ path: 'test-results/dashboard.png' });
});

test('send a multipayment to two recipients', async () => {
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address', { exact: true }).fill(secondAddress);
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Add recipient' }).click();
  await page.getByLabel('Recipient address 2', { exact: true }).fill(mainAddress);
  await page.getByLabel('Amount 2', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-recipient')).toHaveText([secondAddress, mainAddress]);
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByTestId('send-status')).toBeVisible();
  const sentId = await newestSentId();
  await expect(page.getByTestId('send-status')).toHaveText(
    new RegExp(`^Transaction ${sentId.slice(0, 12)}…: Confirmed in block \\d+`),
    BLOCK_WAIT,
  );
  await expectConfirmed('Multipayment');
});

/** The review's hash of the prepared transaction's unsigned bytes: short on screen, whole to a screen reader, copyable. */
async function reviewedHash(review: Locator): Promise<string> {
  const cell = review.getByTestId('review-unsigned-hash');
  await expect(cell.getByRole('button', { name: 'Copy the unsigned transaction hash' })).toBeVisible();
  const said = await cell.getByText(/^Unsigned transaction hash /).textContent();
  const hash = (said ?? '').replace('Unsigned transaction hash ', '');
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(cell).toContainText(`${hash.slice(0, 8)}…${hash.slice(-4)}`);
  return hash;
}

/** The newest transaction this app sent: the one just signed. */
async function newestSentId(): Promise<string> {
  return page.evaluate<string>(`(async () => {
    const list = await window.votary.txPending();
    const sorted = list.ok ? [...list.value].sort((a, b) => b.createdAt - a.createdAt) : [];
    return sorted[0]?.id ?? '';
  })()`);
}

/** The transaction the chain holds under `id` is signed by its sender over exactly the reviewed hash. */
async function expectSignedAsReviewed(id: string, hash: string): Promise<void> {
  const tx = await page.evaluate<{ signature?: string; senderPublicKey?: string }>(`(async () => {
    const answer = await window.votary.chainTransaction({ id: ${JSON.stringify(id)} });
    return answer.ok ? answer.value : {};
  })()`);
  expect(tx.signature).toMatch(/^[0-9a-f]{128}$/);
  expect(schnorrVerify(fromHex(hash), fromHex(tx.signature!), fromHex(tx.senderPublicKey!))).toBe(true);
}

/**
 * The screen that sent the newest transaction says its id and, once a block has it, "Confirmed in block N": no
 * reload, no other page (features/pending/SentStatus.tsx on Vote, Locks and Delegate).
 */
async function expectOutcomeHere(): Promise<string> {
  const id = await newestSentId();
  const status = page.getByTestId('sent-status');
  await expect(status).toContainText(`Transaction ${id}`);
  await expect(status).toContainText(/Confirmed in block \d+/, BLOCK_WAIT);
  return id;
}

async function expectConfirmed(kind: string) {
  await go(page, 'Pending');
  const row = page.getByRole('row').filter({ hasText: kind }).first();
  await expect(row.locator('.status')).toHaveText('confirmed', BLOCK_WAIT);
}

test('vote, then switch the vote in one step', async () => {
  await go(page, 'Vote');
  await page
    .getByRole('combobox', { name: 'Voting wallet' })
    .selectOption({ label: `Main · ${mainAddress}` });
  const voteButtons = page.getByRole('button', { name: /^Vote for / });
  await expect(voteButtons.first()).toBeVisible();
  const first = ((await voteButtons.nth(0).getAttribute('aria-label')) ?? '').replace('Vote for ', '');
  const second = ((await voteButtons.nth(1).getAttribute('aria-label')) ?? '').replace('Vote for ', '');
  const firstRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: first, exact: true }) });
  const votesBefore = await firstRow.locator('td').nth(2).innerText();
  await voteButtons.nth(0).click();
  // The fee is said before signing: 1 VTY per vote on localnet (ARK devnet's static fees).
  await page.screenshot({ path: 'test-results/vote-review.png' });
  // The review names the delegate by the node's name, the address of the key signed, and the key.
  const target = (name: string) => `${name} \\(\\w{34}, key 0[23][0-9a-f]{8}…\\)`;
  const voteReviewed = await reviewedHash(page.getByRole('dialog', { name: 'Review' }));
  await confirmReview(page, new RegExp(`^Vote for ${target(first)}, as the node names it$`), '1 VTY');
  await expect(page.getByText(`Current vote: ${first}`)).toBeVisible(BLOCK_WAIT);
  await expectSignedAsReviewed(await newestSentId(), voteReviewed);
  // The page's status follows the transaction: confirmed once it is, not "waiting to see it in a pool".
  await expect(page.getByRole('status').filter({ hasText: /^Vote: Confirmed in block \d+/ })).toBeVisible(
    BLOCK_WAIT,
  );
  await expectOutcomeHere();
  // The table follows the chain: the delegate's votes grow by the voter's balance without leaving the page.
  await expect(firstRow.locator('td').nth(2)).not.toHaveText(votesBefore, BLOCK_WAIT);

  await page.getByRole('button', { name: `Switch vote to ${second}`, exact: true }).click();
  await confirmReview(
    page,
    new RegExp(`^Switch your vote from ${target(first)} to ${target(second)}, as the node names them$`),
  );
  await expect(page.getByText(`Current vote: ${second}`)).toBeVisible(BLOCK_WAIT);
  // The switch's own id now, confirmed: not the first vote's line.
  await expectOutcomeHere();
  await page.screenshot({ path: 'test-results/vote-switched.png' });
});

test('create a lock and claim it from the second wallet', async () => {
  await go(page, 'Locks');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address').fill(secondAddress);
  await page.getByLabel('Amount').fill('5');
  await page.getByRole('button', { name: 'Create lock' }).click();
  await page.screenshot({ path: 'test-results/lock-review.png' });
  await confirmReview(page, new RegExp(`^Lock 5 VTY for ${secondAddress}, claimable with the secret`));
  const secretCard = page.getByRole('region', { name: 'Lock secret' });
  await expect(secretCard).toBeVisible();
  const secret = (await secretCard.getByText(/^Secret: /).innerText()).replace('Secret: ', '').trim();
  const lockId = (await secretCard.getByText(/^Lock id: /).innerText()).replace('Lock id: ', '').trim();
  expect(secret).toMatch(/^[0-9a-f]{64}$/);
  await page.screenshot({ path: 'test-results/lock-secret.png' });
  await expect(page.getByRole('status')).toContainText(/./);
  expect(await expectOutcomeHere()).toBe(lockId);
  // The vault keeps it: after a reload it is shown again behind the vault password.
  await page.reload();
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  const kept = page.getByRole('region', { name: 'Kept secrets' });
  await expect(kept.getByText(lockId.slice(0, 16))).toBeVisible(BLOCK_WAIT);
  await kept.getByRole('button', { name: 'Show secret' }).first().click();
  await kept.getByLabel('Vault password').fill(PASSWORD);
  await kept.getByRole('button', { name: 'Show', exact: true }).click();
  // The password goes through the vault's scrypt, seconds on a loaded machine: wait for the check to end (the form
  // leaves when it answers), then the secret is there at once — a short fixed wait here failed under load.
  await expect(kept.getByRole('form', { name: 'Show a lock secret' })).toBeHidden(BLOCK_WAIT);
  await expect(kept.getByTestId('kept-secret')).toHaveText(`Secret: ${secret}`, { timeout: 1_000 });
  await page.screenshot({ path: 'test-results/lock-secret-kept.png' });
  await go(page, 'Pending');
  await expect(page.getByTestId(`pending-${lockId}`).locator('.status')).toHaveText('confirmed', BLOCK_WAIT);

  await go(page, 'Locks');
  await page
    .getByRole('combobox', { name: 'From wallet' })
    .selectOption({ label: `Savings · ${secondAddress}` });
  // The recipient's wallet lists the locks addressed to it; claiming one fills in its id.
  const incoming = page.getByTestId(`incoming-lock-${lockId}`);
  await expect(incoming).toContainText('5');
  // The sender by address, as people know wallets (not its public key).
  await expect(incoming).toContainText(`from ${mainAddress}`);
  await expect(incoming.getByRole('button', { name: `Copy lock id ${lockId}` })).toBeVisible();
  await incoming.getByRole('button', { name: `Claim lock ${lockId}` }).click();
  await expect(page.getByLabel('Lock id', { exact: true })).toHaveValue(lockId);
  await page.getByLabel('Secret (to claim)').fill(secret);
  await page.getByRole('button', { name: 'Claim', exact: true }).click();
  await confirmReview(page, `Claim the lock ${lockId}: 5 VTY go to this wallet`);
  await expectOutcomeHere();
  await expectConfirmed('HTLC claim');
  // The recipient's history: the lock was not money received; the claim is, for its real amount.
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Open Savings' }).click();
  const claimRow = page.getByRole('button', { name: /HTLC claim/ }).first();
  await expect(claimRow.locator('.history-amount')).toHaveText('+5 VTY', BLOCK_WAIT);
  const lockRow = page.getByRole('button', { name: /HTLC lock/ }).first();
  await expect(lockRow.locator('.history-amount')).toHaveText('5 VTY');
  await expect(lockRow).toContainText('claimed');
  // The sender's list keeps the lock and says what happened to it.
  await go(page, 'Locks');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await expect(page.getByTestId(`lock-${lockId}`).getByTestId('lock-state')).toHaveText(
    'Claimed by the recipient',
    BLOCK_WAIT,
  );
  // A claimed lock still says how much it held and for whom (from what this app sent), not "—".
  await expect(page.getByTestId(`lock-${lockId}`)).toContainText('5 VTY');
  await expect(page.getByTestId(`lock-${lockId}`)).toContainText(`to ${secondAddress}`);
});

test('let a lock expire and refund it', async () => {
  await go(page, 'Locks');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address').fill(secondAddress);
  await page.getByLabel('Amount').fill('3');
  await page.getByRole('radio', { name: 'after blocks' }).check();
  // The node wants an expiry more than one round (21 blocks on localnet) past the tip; 24 leaves some slack.
  // One round (21 blocks) is refused at the field, before anything is signed.
  await page.getByLabel('Blocks from now').fill('21');
  await expect(
    page.getByText('Nodes take a lock only more than one round ahead: over 21 blocks.'),
  ).toBeVisible();
  // Submitted anyway: the problem stays at its field, and leaves with the correction (no banner above the form).
  await page.getByRole('button', { name: 'Create lock' }).click();
  await page.getByLabel('Blocks from now').fill('24');
  await expect(page.getByText('Nodes take a lock only more than one round ahead')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create lock' }).click();
  await confirmReview(page, /^Lock 3 VTY for /);
  const secretCard = page.getByRole('region', { name: 'Lock secret' });
  const lockId = (await secretCard.getByText(/^Lock id: /).innerText()).replace('Lock id: ', '').trim();
  await page.getByRole('button', { name: 'I have saved it' }).click();
  const row = page.getByTestId(`lock-${lockId}`);
  await expect(row).toContainText(/Expires in \d+ blocks?/, BLOCK_WAIT);
  await page.screenshot({ path: 'test-results/lock-countdown.png' });
  await expect(row).toContainText('Expired', { timeout: 90_000 });
  await row.getByRole('button', { name: `Refund lock ${lockId}` }).click();
  await confirmReview(page, `Refund the expired lock ${lockId}: 3 VTY return to the balance of this wallet`);
  await expectOutcomeHere();
  await expectConfirmed('HTLC refund');
  await go(page, 'Locks');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await expect(page.getByTestId(`lock-${lockId}`).getByTestId('lock-state')).toHaveText(
    'Refunded to the sender',
    BLOCK_WAIT,
  );
  await page.screenshot({ path: 'test-results/lock-refunded.png' });
});

test('register a delegate, resign, and register a second passphrase', async () => {
  await go(page, 'Delegate');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel(/Delegate name/).fill('e2e_delegate');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.screenshot({ path: 'test-results/delegate-review.png' });
  await confirmReview(page, 'Register this wallet as the delegate “e2e_delegate”', '25 VTY');
  await expect(page.getByText('Registered as e2e_delegate')).toBeVisible(BLOCK_WAIT);
  await expect(page.getByRole('status').filter({ hasText: /^Confirmed in block \d+/ })).toBeVisible(
    BLOCK_WAIT,
  );
  const registered = await expectOutcomeHere();

  await page.getByRole('button', { name: 'Resign' }).click();
  const resignReview = page.getByRole('dialog', { name: 'Review' });
  await expect(resignReview).toContainText('A resignation cannot be undone');
  // Said once: the page's own note no longer repeats the host's warning.
  expect(((await resignReview.textContent()) ?? '').split('cannot be undone').length - 1).toBe(1);
  await confirmReview(page, 'Resign as the delegate e2e_delegate');
  await expect(page.getByText('(resigned)')).toBeVisible(BLOCK_WAIT);
  expect(await expectOutcomeHere()).not.toBe(registered);

  await go(page, 'Delegate');
  const second = page.getByRole('textbox', { name: 'Second passphrase', exact: true });
  await expect(second).toHaveAttribute('type', 'password');
  await second.fill('an e2e second passphrase');
  // Typed twice: two that differ are said at the field and cannot be sent.
  const again = page.getByRole('textbox', { name: 'Second passphrase again' });
  await again.fill('an e2e second passphrase, mistyped');
  await expect(page.getByText('The two do not match')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register second passphrase' })).toBeDisabled();
  await again.fill('an e2e second passphrase');
  await page.getByRole('button', { name: 'Register second passphrase' }).click();
  await confirmReview(page, 'Register a second passphrase for this wallet');
  await expectOutcomeHere();
  await expectConfirmed('Second signature registration');
  // Registered: the Delegate page says so and no longer offers to register one.
  await go(page, 'Delegate');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await expect(page.getByTestId('delegate-second-passphrase')).toContainText('Registered', BLOCK_WAIT);
  await expect(page.getByRole('button', { name: 'Register second passphrase' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/pending-all.png', fullPage: true });
});

test('wallet page: details, receive QR, filtered history, CSV export, recovery phrase behind the password', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Open Main' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toContainText('.');
  await expect(page.getByRole('img', { name: `QR code of the address ${mainAddress}` })).toBeVisible();
  const history = page.getByRole('list', { name: 'Transaction history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'transfer' }).first()).toBeVisible();
  // A row says what happened in words, with whom by name, the memo, the fee, and the signed amount.
  const sent = history.getByRole('listitem').filter({ hasText: 'e2e transfer' });
  await expect(sent).toContainText(`Transfer to Savings (${secondAddress})`);
  await expect(sent).toContainText('fee 0.1 VTY');
  await expect(sent.locator('.amount-out')).toHaveText('−12.5 VTY');
  await expect(sent.locator('.amount-out')).toHaveAttribute('title', '−12.50000000 VTY');
  await page.getByLabel('Direction').selectOption('received');
  // Received: the faucet's transfer stays; what Main sent to others goes. The multipayment that paid Main 2 VTY
  // of its 3 stays too, and the ledger says what it did to Main's balance: 1 VTY to Savings and the fee left it.
  await expect(history.locator('.amount-in').first()).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: 'e2e transfer' })).toHaveCount(0);
  await expect(
    history.getByRole('listitem').filter({ hasText: 'Multipayment' }).locator('.amount-out'),
  ).toHaveText('−1 VTY');
  await page.getByLabel('Direction').selectOption('all');

  // The details view, then its explorer page; the URL follows, so Back and a reload keep the place.
  await sent.getByRole('button').click();
  const details = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(details.getByTestId('details-amount')).toHaveText('−12.5 VTY');
  await expect(details.getByTestId('details-memo')).toHaveText('e2e transfer');
  await details.getByRole('button', { name: 'Open in the explorer' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Transfer transaction' })).toBeVisible();
  expect(page.url()).toMatch(/#\/explorer\/[0-9a-f]{64}$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Transfer transaction' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  expect(page.url()).toMatch(/#\/wallet\//);

  // A payment request: amount and memo in an ark: URI, the QR says what it asks for.
  await page.getByLabel('Request an amount (optional)').fill('2.5');
  await page.getByLabel('Memo (optional)', { exact: true }).fill('invoice 7');
  await expect(page.getByTestId('payment-uri')).toContainText(
    `ark:${mainAddress}?amount=2.5&vendorField=invoice%207`,
  );
  await expect(
    page.getByRole('img', { name: `QR code of a request for 2.5 VTY to ${mainAddress}` }),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/wallet-page.png', fullPage: true });

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^votary-.*\.csv$/);
  // Plain numbers (never grouped or quoted), and a received row carries no fee of this wallet.
  const csv = readFileSync(await file.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('id,date,kind,direction,sender,recipient,amount,fee,locked,memo,confirmations');
  expect(csv).not.toMatch(/"?-?\d{1,3},\d{3}\./);
  const received = lines.filter((line) => line.split(',')[3] === 'received');
  expect(received.length).toBeGreaterThan(0);
  for (const line of received) expect(line.split(',')[7]).toBe('0.00000000');

  await page.getByRole('button', { name: 'Show recovery phrase' }).click();
  await page.getByLabel('Vault password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Recovery phrase' })).toContainText(phrase.join(' '));
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText(phrase.join(' '))).toHaveCount(0);
});

test('lock, wrong password, unlock: back where the person was', async () => {
  await go(page, 'Pending');
  await page.getByRole('button', { name: 'Lock vault' }).click();
  await expect(page.getByRole('heading', { name: 'Unlock your vault' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('alert')).toContainText('password');
  // The field keeps what was typed, to correct it; "Show password" shows it.
  const field = page.getByLabel('Password', { exact: true });
  await expect(field).toHaveValue('not the password');
  await page.getByLabel('Show password').check();
  await expect(field).toHaveAttribute('type', 'text');
  await page.getByLabel('Show password').uncheck();
  await expect(field).toHaveAttribute('type', 'password');
  await page.screenshot({ path: 'test-results/wrong-password.png' });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pending transactions' })).toBeVisible();
  await go(page, 'Dashboard');
  await expect(page.getByRole('button', { name: 'Main', exact: true })).toBeVisible();
});

test('keyboard navigation and a dark theme that persists', async () => {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const send = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Send', exact: true });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();

  const toggle = page.getByRole('button', { name: 'Dark theme' });
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // A reload keeps the theme and the place (the URL names the screen).
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Send' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  // The button now offers the way back.
  await expect(page.getByRole('button', { name: 'Light theme' })).toBeVisible();
  // Only the theme choice is kept in localStorage: no secret, no wallet data.
  const stored = await page.evaluate('JSON.stringify(Object.entries(localStorage))');
  expect(stored).toBe('[["votary.theme","dark"]]');
  await go(page, 'Dashboard');
  await page.screenshot({ path: 'test-results/dashboard-dark.png' });
});
