/**
 * Screenshots of send, vote, lock and the review step at 1280×800 in both themes (docs/screens/), after a short
 * real session on the embedded localnet: a funded wallet, a transfer, a vote and a lock, so the history, Pending
 * and the lock list have something true to show. Each picture also checks that nothing overflows sideways.
 */
import { expect, test } from '@playwright/test';
import { confirmReview, createVault, go, importWallet } from '../e2e/support/shell';
import { shoot } from './support';

const WAIT = { timeout: 60_000 };

test('wallet screens', async ({ page }) => {
  await createVault(page, 'screens vault password 1');
  await go(page, 'Wallets');
  for (const [name, passphrase] of [
    ['Main', 'votary screenshots main wallet passphrase'],
    ['Savings', 'votary screenshots savings wallet passphrase'],
  ])
    await importWallet(page, name!, passphrase!);
  const address = async (name: string) =>
    (
      await page
        .getByRole('listitem', { name: `Wallet ${name}` })
        .locator('.mono')
        .innerText()
    ).trim();
  const main = await address('Main');
  const savings = await address('Savings');
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${main}`)).toContainText('1,000 VTY', WAIT);

  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${main}` });
  await page.getByLabel('Recipient address').fill(savings);
  await page.getByLabel('Amount').fill('12.5');
  await page.getByLabel('Memo (public, optional)').fill('rent, November');
  await shoot(page, 'send');
  await page.getByRole('button', { name: 'Review' }).click();
  // The review is the host's preview: it shows once the host has answered.
  await expect(page.getByTestId('review-what')).toBeVisible(WAIT);
  await shoot(page, 'send-review');
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await expect(page.getByTestId('send-status')).toBeVisible();

  await go(page, 'Vote');
  await page.getByRole('combobox', { name: 'Voting wallet' }).selectOption({ label: `Main · ${main}` });
  const vote = page.getByRole('button', { name: /^Vote for / }).first();
  await expect(vote).toBeVisible(WAIT);
  await shoot(page, 'vote');
  await vote.click();
  await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible(WAIT);
  await shoot(page, 'vote-review');
  await page
    .getByRole('dialog', { name: 'Review' })
    .getByRole('button', { name: 'Confirm and sign' })
    .click();

  await go(page, 'Locks');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${main}` });
  await page.getByLabel('Recipient address').fill(savings);
  await page.getByLabel('Amount').fill('5');
  await page.getByRole('button', { name: 'Create lock' }).click();
  await expect(page.getByRole('dialog', { name: 'Review' })).toBeVisible(WAIT);
  await shoot(page, 'lock-review');
  await confirmReview(page, /^Lock 5 VTY for /);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByRole('table', { name: 'Your locks' })).toBeVisible(WAIT);
  // The vault keeps the lock's secret: the Kept secrets list names the lock.
  await expect(
    page.getByRole('region', { name: 'Kept secrets' }).getByRole('button', { name: 'Show secret' }),
  ).toBeVisible(WAIT);
  await shoot(page, 'locks');

  await go(page, 'Pending');
  await expect(page.getByRole('row').filter({ hasText: 'HTLC lock' }).locator('.status')).toHaveText(
    'confirmed',
    WAIT,
  );
  await shoot(page, 'pending');

  // The Delegate page: the second passphrase asked twice (the two differ: said at the field).
  await go(page, 'Delegate');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${main}` });
  await page.getByRole('textbox', { name: 'Second passphrase', exact: true }).fill('a second passphrase');
  await page.getByRole('textbox', { name: 'Second passphrase again' }).fill('a second passphrase, mistyped');
  await expect(page.getByText('The two do not match')).toBeVisible();
  await shoot(page, 'delegate');

  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Open Main' }).click();
  const history = page.getByRole('list', { name: 'Transaction history' });
  await expect(history.getByRole('listitem').filter({ hasText: 'rent, November' })).toBeVisible(WAIT);
  await history.getByRole('listitem').filter({ hasText: 'rent, November' }).scrollIntoViewIfNeeded();
  await shoot(page, 'wallet');
  await history.getByRole('listitem').filter({ hasText: 'rent, November' }).getByRole('button').click();
  await shoot(page, 'transaction-details');
  await page
    .getByRole('dialog', { name: 'Transaction details' })
    .getByRole('button', { name: 'Close' })
    .click();

  // The dashboard: one sync state, totals of the wallets that sign (watch-only ones apart), recent activity.
  await go(page, 'Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible(WAIT);
  await page.waitForTimeout(1_500);
  await shoot(page, 'dashboard');

  await go(page, 'Node health');
  await page.waitForTimeout(3_000);
  await shoot(page, 'node-health');
  await go(page, 'Round');
  await expect(page.getByTestId('round-summary')).toBeVisible(WAIT);
  await shoot(page, 'round');
});
