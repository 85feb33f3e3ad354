/**
 * Accessibility, on a `votary serve` of its own: the unlock, send, vote, lock and claim, message-signing and
 * transaction-details journeys done by keyboard alone (Tab, Enter, Escape, typing; never a click), with where focus
 * is asserted at each step — into every review and dialog, kept inside a modal, and given back where it came from —
 * and what screen readers are told as things change (tests/e2e/support/a11y-checks.ts); then axe-core over every
 * screen and dialog in both themes, failing on any violation of any impact and on any case axe cannot decide
 * (tests/e2e/support/axe.ts), with on each the checks axe cannot make: one name per control, a focus ring on
 * every control in both themes, no live region inside another, no motion when less is asked for, and reflow at
 * 320 CSS px.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ambiguousNames,
  announcements,
  controlsWithoutFocusRing,
  movingElements,
  nestedLiveRegions,
  recordAnnouncements,
  reflowProblems,
  textContrast,
} from './support/a11y-checks';
import { axeSweep, describe, showTheme, THEMES, type AxeFinding } from './support/axe';
import { serveOwnHost } from './support/host';
import { go, importWallet, submitNewVault } from './support/shell';

const PORT = 4371;
const TOKEN = randomBytes(32).toString('base64url');
const WAIT = { timeout: 45_000 };
const PASSWORD = 'keyboard vault password 7';

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

/** Everything the live regions said, in order, since the first journey began. */
const heard: string[] = [];

/** Where `heard` ends now (what was said so far collected first). */
async function mark(): Promise<number> {
  heard.push(...(await announcements(page, true)));
  return heard.length;
}

/** Waits until something said after `from` matches `words`; returns what was said after `from`. */
async function expectSaid(words: RegExp, from: number): Promise<string[]> {
  await expect
    .poll(
      async () => {
        await mark();
        return heard.slice(from).some((text) => words.test(text));
      },
      { ...WAIT, message: `said ${String(words)}` },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\nWhat was said: ${JSON.stringify(heard.slice(from))}`);
    });
  return heard.slice(from);
}

test('a vault with two wallets, the first funded', async () => {
  await page.goto(`http://127.0.0.1:${PORT}/#token=${TOKEN}`);
  await recordAnnouncements(page);
  await submitNewVault(page, PASSWORD);
  await go(page, 'Wallets');
  const main = await importWallet(page, 'Main', 'votary accessibility main wallet passphrase');
  savings = await importWallet(page, 'Savings', 'votary accessibility savings wallet passphrase');
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${main}`)).toContainText('1,000 VTY', WAIT);
  // The faucet's transfer is said as it goes and once it is in a block; so is the payment's alert.
  await expectSaid(/^Test tokens: Confirmed in block \d+/, 0);
});

test('unlock by keyboard: the password field has focus, a wrong password is said, the right one opens the page', async () => {
  await tabTo(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Lock vault' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Unlock your vault' })).toBeVisible();
  const password = page.getByLabel('Password', { exact: true });
  await expect(password).toBeFocused();
  const before = await mark();
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  const refused = page.getByRole('alert');
  await expect(refused).toBeVisible(WAIT);
  const words = (await refused.locator('p').innerText()).trim();
  await expectSaid(new RegExp(`^${words.replace(/[.?*+()[\]]/g, '\\$&')}`), before);
  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  // Back on the page it was locked on (the first journey ended on Wallets).
  await expect(page.getByRole('heading', { level: 1, name: 'Wallets' })).toBeVisible(WAIT);
  // The shell starts as on a first load: the next Tab reaches the skip link first.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
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

  const before = await mark();
  await tabTo(review.getByRole('button', { name: 'Sign and send' }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('send-status')).toBeVisible(WAIT);
  await expect(reviewButton).toBeFocused();
  // Screen readers hear it sent, then in which block — once: not again as confirmations count up.
  const id = (await page.getByTestId('send-status').innerText()).match(/^Transaction (\w+)…/)?.[1] ?? '?';
  await expectSaid(new RegExp(`^Transaction ${id}…: Confirmed in block \\d+`), before);
  // The payment to a vault wallet is an alert, said as it arrives.
  await expectSaid(/^Alert, .*Savings received 1\.5 /, before);
  await page.waitForTimeout(3_500); // three more 1-second blocks
  await mark();
  const about = heard.slice(before).filter((text) => text.startsWith(`Transaction ${id}…`));
  expect(about[0]).toMatch(/: (Sent to the network|In the pool)/);
  expect(about.filter((text) => text.includes('Confirmed in block'))).toHaveLength(1);
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

test('lock and claim by keyboard: each review takes focus and gives it back, each state is said', async () => {
  await goByKeyboard('Locks');
  const from = page.getByRole('combobox', { name: 'From wallet' });
  await tabTo(from);
  await page.keyboard.type('Main');
  await expect(from.locator('option:checked')).toHaveText(/^Main · /);
  await tabTo(page.getByLabel('Recipient address'));
  await page.keyboard.type(savings);
  await tabTo(page.getByLabel('Amount', { exact: true }));
  await page.keyboard.type('1');
  const create = page.getByRole('button', { name: 'Create lock' });
  await tabTo(create);
  await page.keyboard.press('Enter');
  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(review.getByTestId('review-what')).toHaveText(/^Lock 1 VTY for /, WAIT);
  await expect(review).toBeFocused();
  const locked = await mark();
  await tabTo(review.getByRole('button', { name: 'Confirm and sign' }));
  await page.keyboard.press('Enter');
  await expect(review).toHaveCount(0, WAIT);
  const secretCard = page.getByRole('region', { name: 'Lock secret' });
  await expect(secretCard).toBeVisible(WAIT);
  expect(await focusInside(page.locator('main'))).toBe(true);
  const secret = (await secretCard.getByText(/^Secret: /).innerText()).replace('Secret: ', '').trim();
  const lockId = (await secretCard.getByText(/^Lock id: /).innerText()).replace('Lock id: ', '').trim();
  await expectSaid(/^Transaction: Confirmed in block \d+/, locked);
  await tabTo(secretCard.getByRole('button', { name: 'I have saved it' }));
  await page.keyboard.press('Enter');

  await tabTo(from);
  await page.keyboard.type('Savings');
  await expect(from.locator('option:checked')).toHaveText(/^Savings · /);
  const claimLock = page.getByRole('button', { name: `Claim lock ${lockId}` });
  await expect(claimLock).toBeVisible(WAIT);
  await tabTo(claimLock);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Lock id', { exact: true })).toHaveValue(lockId);
  await tabTo(page.getByLabel('Secret (to claim)'));
  await page.keyboard.type(secret);
  const claim = page.getByRole('button', { name: 'Claim', exact: true });
  await tabTo(claim);
  await page.keyboard.press('Enter');
  await expect(review.getByTestId('review-what')).toHaveText(
    `Claim the lock ${lockId}: 1 VTY go to this wallet`,
    WAIT,
  );
  await expect(review).toBeFocused();
  const claimed = await mark();
  await tabTo(review.getByRole('button', { name: 'Confirm and sign' }));
  await page.keyboard.press('Enter');
  await expect(review).toHaveCount(0, WAIT);
  expect(await focusInside(page.locator('main'))).toBe(true);
  await expectSaid(/^Transaction: Confirmed in block \d+/, claimed);
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
  const undecided: string[] = [];
  const measured: string[] = [];
  const problems: string[] = [];
  let focusRings = 0;
  const record: Record<string, Record<string, { violations: AxeFinding[]; incomplete: AxeFinding[] }>> = {};
  // Motion is checked on every screen as a person who asked the system for less of it sees the page.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const sweep = async (screen: string) => {
    // The sidebar scrolls inside itself; a link chosen far down leaves its top half-hidden, and text cut by a
    // scroll box is a case axe cannot decide. Its colours are the same on every screen: it is read from the top.
    await page.evaluate(`document.querySelector('.sidebar')?.scrollTo(0, 0)`);
    for (const theme of THEMES) {
      await showTheme(page, theme);
      const result = await axeSweep(page);
      (record[screen] ??= {})[theme] = result;
      violations.push(...result.violations.map((finding) => describe(screen, theme, finding)));
      // Text axe cannot measure because another box overlaps it (a virtual list's rows) is measured here
      // instead: its colour over the backgrounds behind it, 4.5:1 at least (WCAG 1.4.3); anything else axe
      // leaves undecided fails.
      for (const finding of result.incomplete) {
        if (finding.rule !== 'color-contrast') {
          undecided.push(describe(screen, theme, finding));
          continue;
        }
        for (const target of finding.targets) {
          const ratio = await textContrast(page, target);
          if (ratio === undefined || ratio < 4.5)
            violations.push(
              `${screen} (${theme}): ${target} has a contrast of ${ratio?.toFixed(2) ?? '?'}:1`,
            );
          else measured.push(`${screen} (${theme}): ${target} ${ratio.toFixed(2)}:1`);
        }
      }
      const focus = await controlsWithoutFocusRing(page);
      focusRings += focus.checked;
      problems.push(...focus.bare.map((control) => `${screen} (${theme}): ${control} shows no focus ring`));
    }
    await showTheme(page, 'light');
    for (const problem of [
      ...(await nestedLiveRegions(page)),
      ...(await ambiguousNames(page)),
      ...(await movingElements(page)),
    ])
      problems.push(`${screen}: ${problem}`);
    for (const problem of await reflowProblems(page, 320)) problems.push(`${screen}: ${problem}`);
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
  // The history's rows are placed as they scroll into view (a virtual list): axe reads them on screen.
  await page.getByRole('list', { name: 'Transaction history' }).scrollIntoViewIfNeeded();
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
  // Its sections load one after another; axe reads the headings once all are there.
  for (const heading of [/^Blocks \(\d+\)$/, /^Voters \(\d+\)$/, /^Recent missed slots$/])
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible(WAIT);
  await expect(page.getByText('Loading the history…')).toHaveCount(0, WAIT);
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
  writeFileSync('test-results/a11y-checks.json', `${JSON.stringify({ measured, focusRings }, null, 2)}\n`);
  expect({ violations, undecided, problems }).toEqual({ violations: [], undecided: [], problems: [] });
  expect(focusRings, 'no control was checked for a focus ring').toBeGreaterThan(1000);
});
