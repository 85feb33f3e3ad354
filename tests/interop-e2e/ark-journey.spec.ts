/**
 * A person's first session against ARK Core 3.9.1's testnet in the browser shell: add the network by its node's
 * URL, import a delegate's wallet and a new one, send with a memo and see it confirmed, then change the vote —
 * two transactions on this network (no aip37), the vote signed once the node's report of the unvote is a round
 * deep (vote-steps.ts: a remote node's word is final only then).
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { ARK_URL, delegateSecrets } from '../interop/ark-node';
import {
  closePage,
  confirmReview,
  go,
  importWallet as importFromWallets,
  openFirstRun,
  openPage,
  submitNewVault,
} from '../e2e/support/shell';

const PASSWORD = 'interop vault password';
// Blocks every 8 s on ARK Core; the app notices a confirmation on its next poll.
const BLOCK_WAIT = { timeout: 90_000 };
// A round on top of a block: 51 delegates' blocks of 8 s (408 s), and the app's next poll.
const ROUND_WAIT = { timeout: 600_000 };

test.describe.configure({ mode: 'serial' });

let page: Page;
let delegateAddress = '';
let freshAddress = '';

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});
test.afterAll(() => closePage(page));

test('create the vault and add ARK Core’s testnet by its URL', async () => {
  await openFirstRun(page);
  await submitNewVault(page, PASSWORD);
  await go(page, 'Settings');
  await page.getByLabel('Add a network by a node URL').fill(ARK_URL);
  await page.getByRole('button', { name: 'Add network' }).click();
  // Named by ARK Core's own configuration: network "testnet", symbol TѦ. Selected once the host has switched.
  const remote = page.getByRole('radio', { name: 'testnet (TѦ)' });
  await remote.click();
  await expect(remote).toBeChecked();
});

async function importWallet(name: string, passphrase: string): Promise<string> {
  await go(page, 'Wallets');
  return importFromWallets(page, name, passphrase);
}

test('import a testnet delegate’s wallet and a new one', async () => {
  delegateAddress = await importWallet('Delegate', delegateSecrets()[2]!);
  freshAddress = await importWallet('Fresh', `votary interop journey ${randomBytes(4).toString('hex')}`);
  expect(delegateAddress).toMatch(/^A/);
  await expect(page.getByTestId(`balance-${delegateAddress}`)).toContainText(/\d/, BLOCK_WAIT);
});

test('send with a memo and see it confirmed', async () => {
  await go(page, 'Send');
  await page
    .getByRole('combobox', { name: 'From wallet' })
    .selectOption({ label: `Delegate · ${delegateAddress}` });
  await page.getByLabel('Recipient address').fill(freshAddress);
  await page.getByLabel('Amount').fill('3');
  await page.getByLabel('Memo (public, optional)').fill('votary interop journey');
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-recipient')).toHaveText(freshAddress);
  await page.getByRole('button', { name: 'Sign and send' }).click();
  await go(page, 'Pending');
  const sent = page.getByRole('row').filter({ hasText: freshAddress });
  await expect(sent.locator('.status')).toHaveText('confirmed', BLOCK_WAIT);
  await go(page, 'Wallets');
  await expect(page.getByTestId(`balance-${freshAddress}`)).toContainText('3 TARK', BLOCK_WAIT);
});

test('change the vote: an unvote, then the vote once it is a round deep', async () => {
  test.setTimeout(ROUND_WAIT.timeout + 180_000);
  await go(page, 'Vote');
  await page
    .getByRole('combobox', { name: 'Voting wallet' })
    .selectOption({ label: `Delegate · ${delegateAddress}` });
  const current = page.getByText(/^Current vote: /);
  await expect(current).toBeVisible();
  const switchButtons = page.getByRole('button', { name: /^Switch vote to / });
  await expect(switchButtons.first()).toBeVisible();
  const before = (await current.innerText())
    .replace('Current vote: ', '')
    .replace(/\s*Unvote$/, '')
    .trim();
  const labels = await Promise.all(
    (await switchButtons.all()).map((button) => button.getAttribute('aria-label')),
  );
  const target = labels
    .map((label) => (label ?? '').replace('Switch vote to ', ''))
    .find((name) => name !== before);
  expect(target).toBeDefined();
  await page.getByRole('button', { name: `Switch vote to ${target}`, exact: true }).click();

  const review = page.getByRole('dialog', { name: 'Review' });
  await expect(review).toContainText('does not change a vote in one transaction');
  // The plan's step above the host's words for this one transaction.
  await expect(review.getByTestId('review-step')).toHaveText(`Step 1 of 2: remove your vote for ${before}`);
  // The review names each delegate by the node's name, the address of the key signed, and the key.
  const named = (name: string) => `${name} \\(\\w{34}, key 0[23][0-9a-f]{8}…\\)`;
  const beforeName = before.replace(/\s*\(\w{34}\)$/, '');
  await confirmReview(page, new RegExp(`^Remove your vote for ${named(beforeName)}, as the node names it$`));
  // While ARK Core's report of the unvote is fresh, the vote waits: a node's word is final a round deep.
  await expect(page.getByText(/waiting for the unvote to be in a block \(a round deep/)).toBeVisible(
    BLOCK_WAIT,
  );
  await page.screenshot({ path: 'test-results/journey-vote-waiting.png' });
  // The second review opens once a read finds the unvote a round deep in ARK Core's chain. That wait outlasts the
  // vault's auto-lock (five minutes): the plan waits for the person to unlock, then opens the review.
  const stepTwo = review.getByTestId('review-step');
  const gate = page.getByRole('heading', { name: 'Unlock your vault' });
  await expect(stepTwo.or(gate)).toBeVisible(ROUND_WAIT);
  if (await gate.isVisible()) {
    // The gate says what waits behind it, before the unvote is final too: a browser-shell window hears no
    // transaction events while locked (src/cli/window-gate.ts), so it learns the unvote is final once unlocked.
    await expect(page.getByRole('status')).toHaveText(
      /(waiting for the unvote to be final \(a round deep\); unlock the vault to follow it and|the unvote is final; unlock the vault to) review the vote/,
    );
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
  }
  await page.screenshot({ path: 'test-results/journey-vote-step-two.png' });
  await expect(stepTwo).toHaveText(new RegExp(`^Step 2 of 2: vote for ${target} \\(\\w{34}\\)$`), ROUND_WAIT);
  await confirmReview(page, new RegExp(`^Vote for ${named(target ?? '')}, as the node names it$`));
  await expect(page.getByText(`Current vote: ${target}`)).toBeVisible(BLOCK_WAIT);
});
