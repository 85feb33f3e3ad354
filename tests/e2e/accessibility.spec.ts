/**
 * Accessibility, on a `votary serve` of its own: the send, vote, message-signing and transaction-details journeys
 * done by keyboard alone (Tab, Enter, Escape, typing; never a click), with where focus is asserted at each step —
 * into every review and dialog, kept inside a modal, and given back where it came from; then axe-core over every
 * screen and dialog in both themes, failing on any violation of any impact (tests/e2e/support/axe.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeSweep, describe, showTheme, THEMES, type AxeFinding } from './support/axe';
import { serveOwnHost } from './support/host';
import { go, importWallet, submitNewVault } from './support/shell';

const PORT = 4371;
const TOKEN = randomBytes(32).toString('base64url');
const WAIT = { timeout: 45_000 };

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let page: Page;
let savings = '';

serveOwnHost({ name: 'a11y', port: PORT, token: TOKEN, setupTimeout: 120_000 }, (own) => (page = own.page));

/** The page's DOM, typed as far as these checks read it (the Node type check has no DOM types). */
interface PageElement {
  contains(other: unknown): boolean;
  compareDocumentPosition(other: unknown): number;
  ownerDocument: { activeElement: unknown; body: unknown };
}
const FOLLOWING = 4; // Node.DOCUMENT_POSITION_FOLLOWING

/**
 * Presses Tab until `target` has focus — Shift+Tab when it comes before the focused element in the page — and
 * fails after `limit` presses.
 */
async function tabTo(target: Locator, limit = 80): Promise<void> {
  const back = await target.evaluate((element: PageElement, following: number) => {
    const active = element.ownerDocument.activeElement;
    return (
      active !== null &&
      active !== element.ownerDocument.body &&
      (element.compareDocumentPosition(active) & following) !== 0
    );
  }, FOLLOWING);
  for (let presses = 0; presses <= limit; presses++) {
    if (await target.evaluate((element: PageElement) => element === element.ownerDocument.activeElement))
      return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} did not get focus in ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Focus is inside `scope` (or on it). */
async function focusInside(scope: Locator): Promise<boolean> {
  return scope.evaluate((element: PageElement) => element.contains(element.ownerDocument.activeElement));
}

function nav(name: string): Locator {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true });
}

/** Opens a screen from the sidebar by keyboard; the new page takes focus (features/shell/Shell.tsx). */
async function goByKeyboard(name: string): Promise<void> {
  await tabTo(nav(name));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('main')).toBeFocused();
}

test('a vault with two wallets, the first funded', async () => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await submitNewVault(page, 'keyboard vault password 7');
  await go(page, 'Wallets');
  const main = await importWallet(page, 'Main', 'votary accessibility main wallet passphrase');
  savings = await importWallet(page, 'Savings', 'votary accessibility savings wallet passphrase');
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${main}`)).toContainText('1,000 VTY', WAIT);
});

test('send by keyboard: focus moves to the review, and back to the form after signing', async () => {
  await goByKeyboard('Send');
  const from = page.getByRole('combobox', { name: 'From wallet' });
  await tabTo(from);
  await page.keyboard.type('Main');
  await expect(from.locator('option:checked')).toHaveText(/^Main · /);
  await tabTo(page.getByLabel('Recipient address'));
  await page.keyboard.type(savings);
  await tabTo(page.getByLabel('Amount', { exact: true }));
  await page.keyboard.type('1.5');
  // Enter in a field submits the form: the review replaces it and takes focus.
  await page.keyboard.press('Enter');
  const review = page.getByRole('region', { name: 'Review' });
  await expect(review.getByTestId('review-amount')).toHaveText('1.5 VTY', WAIT);
  await expect(review).toBeFocused();

  // Back returns to the form, focus on its Review button; Review again.
  await tabTo(review.getByRole('button', { name: 'Back' }));
  await page.keyboard.press('Enter');
  const reviewButton = page.getByRole('button', { name: 'Review', exact: true });
  await expect(reviewButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(review).toBeFocused(WAIT);

  await tabTo(review.getByRole('button', { name: 'Sign and send' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('send-status')).toBeVisible(WAIT);
  await expect(reviewButton).toBeFocused();
});

test('vote by keyboard: the review dialog takes focus, keeps it, and gives it back', async () => {
  await goByKeyboard('Vote');
  const voter = page.getByRole('combobox', { name: 'Voting wallet' });
  await tabTo(voter);
  await page.keyboard.type('Main');
  await expect(voter.locator('option:checked')).toHaveText(/^Main · /);
  const vote = page.getByRole('button', { name: /^Vote for / }).first();
  await expect(vote).toBeVisible(WAIT);
  await tabTo(vote);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Review' });
  await expect(dialog.getByTestId('review-what')).toBeVisible(WAIT);
  await expect(dialog).toBeFocused();
  // Tab and Shift+Tab cycle inside the dialog, past its last and first controls.
  for (const key of [...Array<string>(12).fill('Tab'), ...Array<string>(12).fill('Shift+Tab')]) {
    await page.keyboard.press(key);
    expect(await focusInside(dialog), `focus left the dialog after ${key}`).toBe(true);
  }
  // Escape cancels: focus goes back to the button that opened the review.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(vote).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('review-what')).toBeVisible(WAIT);
  await tabTo(dialog.getByRole('button', { name: 'Confirm and sign' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0, WAIT);
  // The button that opened it, or the page when the vote changed the list (never <body>).
  await expect(page.locator(':focus')).toHaveCount(1);
  expect(await focusInside(page.locator('main'))).toBe(true);
});

test('message signing by keyboard: focus moves to the words read back, and back after signing', async () => {
  await goByKeyboard('Messages');
  const signer = page.getByRole('combobox', { name: 'Sign with wallet' });
  await tabTo(signer);
  await page.keyboard.type('Main');
  await tabTo(page.getByRole('textbox', { name: 'Message' }).first());
  await page.keyboard.type('I own this address.');
  const reviewButton = page.getByRole('button', { name: 'Review and sign' });
  await tabTo(reviewButton);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('form', { name: 'Confirm the message to sign' });
  await expect(confirm).toBeFocused();
  await tabTo(confirm.getByRole('button', { name: 'Sign message' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('signed-message')).toBeVisible(WAIT);
  await expect(reviewButton).toBeFocused();
});

test('transaction details by keyboard: into the dialog, kept there, Escape back to its row', async () => {
  await goByKeyboard('Wallets');
  await tabTo(page.getByRole('button', { name: 'Open Main' }));
  await page.keyboard.press('Enter');
  const history = page.getByRole('list', { name: 'Transaction history' });
  const row = history.getByRole('listitem').first().getByRole('button').first();
  await expect(row).toBeVisible(WAIT);
  await tabTo(row);
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(details).toBeVisible();
  expect(await focusInside(details)).toBe(true);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInside(details), 'focus left the details').toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(details).toHaveCount(0);
  await expect(row).toBeFocused();
});

test('axe: no violation of any impact on any screen or dialog, in either theme', async () => {
  test.setTimeout(300_000);
  const violations: string[] = [];
  const record: Record<string, Record<string, { violations: AxeFinding[]; incomplete: AxeFinding[] }>> = {};
  const sweep = async (screen: string) => {
    for (const theme of THEMES) {
      await showTheme(page, theme);
      const result = await axeSweep(page);
      (record[screen] ??= {})[theme] = result;
      violations.push(...result.violations.map((finding) => describe(screen, theme, finding)));
    }
    await showTheme(page, 'light');
  };
  const screen = async (name: string, heading = name) => {
    await go(page, name);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible(WAIT);
    await sweep(name);
  };

  for (const name of [
    'Dashboard',
    'Send',
    'Vote',
    'Locks',
    'Delegate',
    'Pending',
    'Contacts',
    'Messages',
    'Multisignature',
    'Node',
    'Delegates',
    'Round',
    'Node health',
    'Alerts',
    'Localnet',
    'Explorer',
    'Fees',
    'Randomness',
    'Settings',
    'Profiles',
  ])
    await screen(name);

  await screen('Wallets');
  await page.getByRole('button', { name: 'Create wallet' }).click();
  await sweep('Wallets: create a wallet');
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await sweep('Wallets: import or watch');

  await page.getByRole('button', { name: 'Open Main' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Main' })).toBeVisible();
  await sweep('Wallet');
  await page.getByLabel('Request an amount (optional)').fill('1.2.3');
  await sweep('Wallet: a request amount refused');
  await page
    .getByRole('list', { name: 'Transaction history' })
    .getByRole('listitem')
    .first()
    .getByRole('button')
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Transaction details' })).toBeVisible();
  await sweep('Transaction details');
  await page.keyboard.press('Escape');

  await go(page, 'Delegates');
  await page
    .getByRole('button', { name: /^Open delegate / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(WAIT);
  await sweep('Delegate details');

  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ index: 1 });
  await page.getByLabel('Recipient address').fill(savings);
  await page.getByLabel('Amount', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Review' }).getByTestId('review-amount')).toBeVisible(WAIT);
  await sweep('Send: review');
  await page.getByRole('button', { name: 'Back' }).click();

  await go(page, 'Locks');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ index: 1 });
  await page.getByLabel('Recipient address').fill(savings);
  await page.getByLabel('Amount', { exact: true }).fill('1');
  await page.getByRole('button', { name: 'Create lock' }).click();
  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(review.getByTestId('review-what')).toBeVisible(WAIT);
  await sweep('Locks: review');
  await review.getByRole('button', { name: 'Cancel' }).click();

  await go(page, 'Vote');
  await page.getByRole('combobox', { name: 'Voting wallet' }).selectOption({ index: 1 });
  await page
    .getByRole('button', { name: /^(Vote for|Switch vote to) / })
    .first()
    .click();
  await expect(review.getByTestId('review-what')).toBeVisible(WAIT);
  await sweep('Vote: review');
  await review.getByRole('button', { name: 'Cancel' }).click();

  await go(page, 'Messages');
  await page.getByRole('textbox', { name: 'Message' }).first().fill('Words to sign.');
  await page.getByRole('button', { name: 'Review and sign' }).click();
  await sweep('Messages: the words read back');

  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/axe-sweep.json', `${JSON.stringify(record, null, 2)}\n`);
  expect(violations).toEqual([]);
});
