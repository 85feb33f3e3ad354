/**
 * Screenshots of the Messages and Contacts screens, of the send review naming a contact and warning about a
 * stranger, and of a CSV multipayment's preview, at 1280×800 in both themes (docs/screens/), on a `votary serve` of their own (the main screens spec
 * owns the config's server and its vault).
 */
import { expect, test } from '@playwright/test';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { go, importWallet, submitNewVault } from '../e2e/support/shell';
import { ownHost, shoot } from './support';

const WAIT = { timeout: 60_000 };
const LOCALNET = 30;

const host = ownHost(4348, 'votary-screens-contacts-');

test('messages and contacts screens', async ({ page }) => {
  await page.goto(host.url);
  await submitNewVault(page, 'screens contacts password 7');
  await go(page, 'Wallets');
  const mainAddress = await importWallet(page, 'Main', 'votary screenshots contacts main');
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${mainAddress}`)).toContainText('1,000 VTY', WAIT);

  await go(page, 'Contacts');
  const people = [
    ['Alice Martin', 'climbing club'],
    ['Bakery on Rue Neuve', 'pays for the Friday bread'],
    ['Jonas (devnet tests)', ''],
  ];
  for (const [name, note] of people) {
    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('form', { name: 'New contact' });
    await form.getByLabel('Name').fill(name!);
    await form.getByLabel('Address').fill(addressFromPassphrase(`votary screenshots ${name}`, LOCALNET));
    await form.getByLabel(/^Note/).fill(note!);
    await form.getByRole('button', { name: 'Add contact' }).click();
    await expect(page.getByRole('listitem', { name: `Contact ${name}` })).toBeVisible();
  }
  await shoot(page, 'contacts');

  await go(page, 'Messages');
  await page.getByRole('textbox', { name: 'Message', exact: true }).fill('I own this address. — 25 November');
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await shoot(page, 'message-sign-review');
  await page.getByRole('button', { name: 'Sign message' }).click();
  await expect(page.getByTestId('signed-message')).toBeVisible();
  const stranger = signMessageWithPassphrase(
    'Meet at the gate at 9.',
    'votary screenshots stranger',
    'arkvault',
  );
  await page
    .getByRole('textbox', { name: 'Signed message', exact: true })
    .fill(JSON.stringify(stranger, null, 2));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('message-verdict')).toContainText('✓ Verified');
  await shoot(page, 'messages');

  await go(page, 'Send');
  await page
    .getByLabel('Recipient address')
    .fill(addressFromPassphrase('votary screenshots Alice Martin', LOCALNET));
  await page.getByLabel('Amount').fill('40');
  await page.getByRole('button', { name: 'Add recipient' }).click();
  await page
    .getByLabel('Recipient address 2')
    .fill(addressFromPassphrase('votary screenshots nobody', LOCALNET));
  await page.getByLabel('Amount 2').fill('2.5');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('unknown-recipient')).toBeVisible();
  await shoot(page, 'send-review-contacts');

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByText('Multipayment from a CSV file (address, amount, memo)').click();
  const payees = ['Alice Martin', 'Bakery on Rue Neuve', 'Jonas (devnet tests)'];
  const csv = [
    'address,amount,memo',
    ...payees.map(
      (name, i) => `${addressFromPassphrase(`votary screenshots ${name}`, LOCALNET)},${i + 1}.5,November`,
    ),
    `${addressFromPassphrase('votary screenshots nobody', LOCALNET)},two,November`,
  ].join('\n');
  await page.getByLabel('CSV file of payments').setInputFiles({
    name: 'november.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await expect(page.getByTestId('batch-preview')).toBeVisible();
  await page.getByTestId('batch-preview').scrollIntoViewIfNeeded();
  await shoot(page, 'send-csv');
});
