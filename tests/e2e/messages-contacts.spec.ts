/**
 * Messages and contacts in the browser shell, on a `votary serve` of its own: sign a message in both forms (the
 * exact words shown before signing), verify one of each form, see a changed message refused and pasted text that
 * is not a signed message explained; add a contact, import and export contacts, see the contact named in Send, the
 * review, the history and the explorer, and a stranger's address warned about at the review; a payment link and a
 * verify link fill their forms; a CSV file becomes a previewed multipayment that goes through the review.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { serveOwnHost } from './support/host';
import { go, importWallet, submitNewVault } from './support/shell';

const PORT = 4347;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'marble harbour lantern 57';
const MAIN_PASSPHRASE = 'votary e2e messages main wallet passphrase';
const STRANGER_PASSPHRASE = 'votary e2e messages someone else entirely';
const LOCALNET = 30;
const MAINNET = 23;
// Generous: blocks are 1 s but the machine may be loaded.
const BLOCK_WAIT = { timeout: 45_000 };

test.describe.configure({ mode: 'serial', timeout: 120_000 });

let page: Page;
let mainAddress = '';

serveOwnHost({ name: 'messages', port: PORT, token: TOKEN }, (own) => (page = own.page));

test('a vault with one imported wallet', async () => {
  await page.goto(`${URL_BASE}/#token=${TOKEN}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  await submitNewVault(page, PASSWORD);
  await go(page, 'Wallets');
  mainAddress = await importWallet(page, 'Main', MAIN_PASSPHRASE);
});

test('sign a message: the words are shown back, then the Core 3 form comes out', async () => {
  await go(page, 'Messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const words = 'I, the owner of this address,\nagree to the terms of 25 November.';
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill(words);
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await expect(page.getByTestId('message-to-sign')).toHaveText(words);
  await page.getByRole('button', { name: 'Sign message' }).click();
  const signed = page.getByTestId('signed-message');
  await expect(signed).toBeVisible();
  expect(JSON.parse(await signed.innerText())).toEqual(signMessageWithPassphrase(words, MAIN_PASSPHRASE));
  await expect(page.getByRole('status', { name: 'Signed message' })).toContainText(mainAddress);
});

test('sign in ArkVault’s form on request', async () => {
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('ArkVault form');
  await page.getByLabel('ArkVault (Schnorr)').check();
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await page.getByRole('button', { name: 'Sign message' }).click();
  const document = JSON.parse(await page.getByTestId('signed-message').innerText()) as Record<string, string>;
  expect(Object.keys(document)).toEqual(['message', 'signatory', 'signature']);
  expect(document).toEqual(signMessageWithPassphrase('ArkVault form', MAIN_PASSPHRASE, 'arkvault'));
});

test('verify both forms, a changed message and text that is not a signed message', async () => {
  const box = page.getByRole('textbox', { name: 'Signed message', exact: true });
  const verdict = page.getByTestId('message-verdict');

  await box.fill(JSON.stringify(signMessageWithPassphrase('mine', MAIN_PASSPHRASE, 'arkvault')));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText(`✓ Verified: the owner of ${mainAddress} (your wallet “Main”)`);

  const stranger = signMessageWithPassphrase('hello from elsewhere', STRANGER_PASSPHRASE);
  await box.fill(JSON.stringify(stranger, null, 2));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText('✓ Verified');
  await expect(verdict).toContainText('hello from elsewhere');
  await expect(verdict).not.toContainText('your wallet');

  await box.fill(JSON.stringify({ ...stranger, message: 'hello from elsewhere!' }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(verdict).toContainText(
    '✗ Not verified: the signature does not match this message and public key',
  );

  await box.fill('{"message": "no signer"');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('Not a signed message Votary can read');
});

const ALICE = addressFromPassphrase('votary e2e contacts alice', LOCALNET);
const BOB = addressFromPassphrase('votary e2e contacts bob', LOCALNET);
const STRANGER = addressFromPassphrase('votary e2e contacts stranger', LOCALNET);

test('add a contact; an address of another network is refused at the field', async () => {
  await go(page, 'Contacts');
  await expect(page.getByRole('status')).toHaveText('No contacts on this network yet.');
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = page.getByRole('form', { name: 'New contact' });
  await form.getByLabel('Name').fill('Alice');
  await form.getByLabel('Address').fill(addressFromPassphrase('votary e2e contacts alice', MAINNET));
  await expect(form.getByRole('alert')).toHaveText(
    'This is an address of another network, not of the one this wallet is on.',
  );
  await expect(form.getByRole('button', { name: 'Add contact' })).toBeDisabled();
  await form.getByLabel('Address').fill(ALICE);
  await form.getByLabel(/^Note/).fill('climbing club');
  await form.getByRole('button', { name: 'Add contact' }).click();
  const row = page.getByRole('listitem', { name: 'Contact Alice' });
  await expect(row).toContainText(ALICE);
  await expect(row).toContainText('climbing club');
});

test('import contacts from CSV: a preview says what is added and which rows are left out', async () => {
  const typo = `${STRANGER.slice(0, -1)}${STRANGER.endsWith('a') ? 'b' : 'a'}`;
  const mainnet = addressFromPassphrase('votary e2e contacts import mainnet', MAINNET);
  const csv = `name,address,note\nBob,${BOB},"from the, import"\nAlice again,${ALICE},\nNobody,not-an-address,\nTypo,${typo},\nMainnet,${mainnet},\n`;
  await page.getByLabel(/^Import from a file/).setInputFiles({
    name: 'friends.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('friends.csv: 1 contact to add, 4 rows left out.');
  await expect(preview).toContainText(`line 3: ${ALICE} is already the contact “Alice”.`);
  await expect(preview).toContainText('line 4: “not-an-address” is not an address of localnet');
  // A typo and an address of another network are told apart, as the add form tells them apart.
  await expect(preview).toContainText(`line 5: “${typo}” has a typo: its checksum does not match.`);
  await expect(preview).toContainText(
    `line 6: “${mainnet}” is an address of another network, not of localnet.`,
  );
  await page.getByRole('button', { name: 'Add 1 contact' }).click();
  await expect(page.getByRole('listitem', { name: 'Contact Bob' })).toContainText('from the, import');
  // The preview is gone: the rows left out are listed with the outcome, not "above".
  const done = page.getByTestId('import-done');
  await expect(done.getByRole('status')).toHaveText('friends.csv: added 1 contact; 4 rows left out:');
  await expect(done.getByRole('list', { name: 'Rows left out' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('see above')).toHaveCount(0);
});

test('files past their limits are refused from their size with a sentence', async () => {
  await page.getByLabel(/^Import from a file/).setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(600 * 1024, 'a'),
  });
  await expect(
    page.getByText(
      '“huge.csv” is 600 KB; a contacts file may be at most 512 KB: split it into smaller files.',
    ),
  ).toBeVisible();
});

test('export the contacts as CSV', async () => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('votary-contacts-localnet.csv');
  const text = readFileSync(await file.path(), 'utf8');
  expect(text).toBe(`name,address,note\r\nAlice,${ALICE},climbing club\r\nBob,${BOB},"from the, import"\r\n`);
});

test('send: the contact is named at the field and the review; a stranger gets the review’s warning', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${mainAddress}`)).toContainText('1,000 VTY', BLOCK_WAIT);

  await go(page, 'Send');
  await page.getByLabel('Recipient address').fill(STRANGER);
  await page.getByLabel('Amount').fill('1');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('unknown-recipient')).toContainText(
    `${STRANGER} is neither one of your contacts nor one of your wallets.`,
  );
  await page.getByRole('button', { name: 'Back' }).click();

  await page.getByLabel('Recipient address').fill(ALICE);
  await expect(page.getByTestId('address-name')).toHaveText(' · contact “Alice”');
  await page.getByLabel('Memo (public, optional)').fill('for the rope');
  await page.getByRole('button', { name: 'Review' }).click();
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review.getByTestId('address-name')).toHaveText(' · contact “Alice”');
  await expect(page.getByTestId('unknown-recipient')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByTestId('send-status')).toBeVisible();
  await go(page, 'Pending');
  await expect(page.getByRole('row').filter({ hasText: ALICE }).locator('.status')).toHaveText(
    'confirmed',
    BLOCK_WAIT,
  );
});

test('history and the explorer name the contact', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Open Main' }).click();
  const history = page.getByRole('list', { name: 'Transaction history' });
  const sent = history.getByRole('listitem').filter({ hasText: 'for the rope' });
  await expect(sent).toContainText(`Transfer to Alice (${ALICE})`);
  await go(page, 'Explorer');
  await page.getByLabel('Search the chain').fill(ALICE);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('contact “Alice”');
});

test('a payment link fills Send (then the review as always); a verify link fills Messages', async () => {
  await go(page, 'Send');
  await page
    .getByLabel('Payment link (ark: or ArkVault)')
    .fill(`ark:${BOB}?amount=3.25&vendorField=from%20a%20link`);
  await page.getByRole('button', { name: 'Fill from link' }).click();
  await expect(page.getByLabel('Recipient address')).toHaveValue(BOB);
  await expect(page.getByLabel('Amount', { exact: true })).toHaveValue(/^3[.,]25$/);
  await expect(page.getByLabel('Memo (public, optional)')).toHaveValue('from a link');
  await expect(page.getByTestId('address-name')).toHaveText(' · contact “Bob”');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-recipient')).toHaveText(BOB);
  await page.getByRole('button', { name: 'Back' }).click();

  await page.getByLabel('Payment link (ark: or ArkVault)').fill('bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT');
  await page.getByRole('button', { name: 'Fill from link' }).click();
  await expect(page.getByRole('alert')).toContainText('That is not a payment link');

  const signed = signMessageWithPassphrase('linked words', STRANGER_PASSPHRASE, 'arkvault');
  const verifyLink = `https://app.arkvault.io/#/?coin=ARK&method=verify&message=${encodeURIComponent(signed.message)}&signatory=${signed.signatory}&signature=${signed.signature}`;
  await page.getByLabel('Payment link (ark: or ArkVault)').fill(verifyLink);
  await page.getByRole('button', { name: 'Fill from link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('message-verdict')).toContainText('✓ Verified');
  await expect(page.getByTestId('message-verdict')).toContainText('linked words');
});

test('a multipayment from CSV: rows checked, a preview, the form filled, then the review', async () => {
  await go(page, 'Send');
  await page.getByText('Multipayment from a CSV file (address, amount, memo)').click();
  const csv = `address,amount,memo\n${ALICE},1.5,club fees\n${BOB},2,club fees\n${STRANGER},1.2.3,club fees\n`;
  await page.getByLabel('CSV file of payments').setInputFiles({
    name: 'club.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  const preview = page.getByTestId('batch-preview');
  await expect(preview).toContainText(
    'club.csv: 2 payments in 1 transaction, 3.5 VTY in all, fees aside; 1 row left out.',
  );
  await expect(preview).toContainText('line 4: “1.2.3” is not an amount above 0');
  // A 30 MB file of a million rows is refused at once from its size, and the page still answers.
  await page.getByLabel('CSV file of payments').setInputFiles({
    name: 'million.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${ALICE},1\n`.repeat(900_000)),
  });
  await expect(
    page.getByText(
      /^“million\.csv” is 3\d(\.\d)? MB; a multipayment file may be at most 4 MB: split it into smaller files\.$/,
    ),
  ).toBeVisible();
  await page.getByLabel('CSV file of payments').setInputFiles({
    name: 'club.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(preview).toContainText('club.csv: 2 payments in 1 transaction');
  await page.getByRole('button', { name: 'Fill the form with transaction 1' }).click();
  await expect(page.getByLabel('Recipient address', { exact: true })).toHaveValue(ALICE);
  await expect(page.getByLabel('Recipient address 2')).toHaveValue(BOB);
  await expect(page.getByLabel('Memo (public, optional)')).toHaveValue('club fees');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-recipient')).toHaveText([ALICE, BOB]);
  await expect(page.getByTestId('unknown-recipient')).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByTestId('send-status')).toBeVisible();
});

test('with a second wallet, Messages asks which wallet signs (never the last wallet page opened)', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Wallet name (optional)').fill('Savings');
  await page.getByRole('textbox', { name: 'Passphrase', exact: true }).fill(`${MAIN_PASSPHRASE} savings`);
  await page.getByRole('button', { name: 'Import wallet' }).click();
  const savings = page.getByRole('listitem', { name: 'Wallet Savings' });
  await expect(savings).toBeVisible();
  const savingsAddress = (await savings.locator('.mono').innerText()).trim();

  await go(page, 'Messages');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('from savings');
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await expect(page.getByText('Choose the wallet that signs.')).toBeVisible();
  await page.getByLabel('Sign with wallet').selectOption({ label: `Savings · ${savingsAddress}` });
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await expect(page.getByRole('form', { name: 'Confirm the message to sign' })).toContainText(savingsAddress);
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByRole('status', { name: 'Signed message' })).toContainText(savingsAddress);
});
