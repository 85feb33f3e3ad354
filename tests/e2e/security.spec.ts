/**
 * The hardening a person sees (docs/design/security.md), in the browser shell on a `votary serve` of its own:
 * the launch token leaves the address bar at once (and a reload still connects), the page is served with its CSP,
 * a weak vault password is shown as such and refused, a fee above the amount needs a second confirmation, a
 * plain-http node on another machine needs one too, and removing a wallet asks for the password.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { serveOwnHost } from './support/host';
import { closePage, go, openPage } from './support/shell';

const PORT = 4323;
const URL_BASE = `http://127.0.0.1:${PORT}`;
const TOKEN = randomBytes(32).toString('base64url');
const PASSWORD = 'tangerine orbit kettle 42';
const BLOCK_WAIT = { timeout: 45_000 };
const OTHER_ADDRESS_PASSPHRASE = 'votary e2e security receiving wallet';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

let page: Page;
let mainAddress = '';
let otherAddress = '';

serveOwnHost({ name: 'security', port: PORT, token: TOKEN }, (own) => (page = own.page));

test('the launch token leaves the address bar and the page carries its CSP', async () => {
  const response = await page.goto(`${URL_BASE}/#token=${TOKEN}`);
  expect(response?.headers()['content-security-policy']).toContain(`connect-src ws://127.0.0.1:${PORT}`);
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  expect(page.url()).toBe(`${URL_BASE}/`);
  expect(await page.evaluate('sessionStorage.getItem("votary.bridgeToken")')).toBe(TOKEN);
  // A reload has no token in the URL: the tab's copy still connects.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Create your vault' })).toBeVisible();
  expect(page.url()).not.toContain('token');
});

test('a weak vault password is shown as weak and refused; a strong one creates the vault', async () => {
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await expect(page.getByText('too easy to guess')).toBeVisible();
  await expect(page.getByText('This is a commonly used password.')).toBeVisible();
  await page.getByLabel('Confirm password').fill('password1');
  await page.getByRole('button', { name: 'Create vault' }).click();
  await expect(page.getByRole('alert')).toContainText('too easy to guess');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await expect(page.getByText(/Strength: (strong|very strong)/)).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create vault' }).click();
  // scrypt N=2^17 takes 0.4 s alone, several seconds on a machine other builds keep busy.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 20_000 });
});

test('import two wallets and fund one', async () => {
  await go(page, 'Wallets');
  for (const [name, passphrase] of [
    ['Main', 'votary e2e security main wallet'],
    ['Other', OTHER_ADDRESS_PASSPHRASE],
  ] as const) {
    await page.getByRole('button', { name: 'Import or watch' }).click();
    await page.getByLabel('Wallet name (optional)').fill(name);
    await page.getByRole('textbox', { name: 'Passphrase', exact: true }).fill(passphrase);
    // Before importing: the address it gives, and a warning that it is not a BIP39 phrase.
    await expect(page.getByTestId('import-address')).toContainText(/This gives the address D\w{33}/);
    await expect(page.getByText('This is not a valid BIP39 recovery phrase')).toBeVisible();
    await page.getByRole('button', { name: 'Import wallet' }).click();
    await expect(page.getByRole('listitem', { name: `Wallet ${name}` })).toBeVisible();
  }
  mainAddress = (
    await page.getByRole('listitem', { name: 'Wallet Main' }).locator('.mono').innerText()
  ).trim();
  otherAddress = (
    await page.getByRole('listitem', { name: 'Wallet Other' }).locator('.mono').innerText()
  ).trim();
  await page.getByRole('button', { name: 'Fund Main from faucet (test tokens)' }).click();
  await expect(page.getByTestId(`balance-${mainAddress}`)).toContainText('1,000', BLOCK_WAIT);
});

test('another browser opening the printed URL gets the unlock screen; this one stays open', async ({
  browser,
}) => {
  // Its own storage, as a second browser process: the launch token alone, no key of this tab.
  const context = await browser.newContext();
  try {
    const other = await context.newPage();
    await other.goto(`${URL_BASE}/#token=${TOKEN}`);
    await expect(other.getByRole('heading', { name: 'Unlock your vault' })).toBeVisible();
    await expect(other.getByText(mainAddress)).toHaveCount(0);
    // This tab still shows its wallets, and a reload of it stays open (its key is in its own storage).
    await go(page, 'Wallets');
    await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();

    await other.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await other.getByRole('button', { name: 'Unlock' }).click();
    await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({
      timeout: 20_000,
    });
    await go(other, 'Wallets');
    await expect(other.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();
    await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('a fee above the amount sent needs a second confirmation before signing', async () => {
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address').fill(otherAddress);
  // "1,5" is not 15 (nor 1.5) where "." is the decimal separator: the field says so.
  await page.getByLabel('Amount').fill('1,5');
  await expect(page.getByText('Write the amount without thousands separators')).toBeVisible();
  await page.getByLabel('Amount').fill('0.00001');
  await expect(page.getByText('Write the amount without thousands separators')).toHaveCount(0);
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByTestId('review-sum')).toHaveText('0.00001 VTY');
  const warning = page.getByRole('alert').filter({ hasText: 'more than the amount you are sending' });
  await expect(warning).toBeVisible();
  const sign = page.getByRole('button', { name: 'Sign and send' });
  await expect(sign).toBeDisabled();
  await page.getByLabel('I checked the fee and want to pay it').check();
  await expect(sign).toBeEnabled();
  await sign.click();
  await expect(page.getByTestId('send-status')).toBeVisible();
  await go(page, 'Pending');
  const sent = page.getByRole('row').filter({ hasText: otherAddress });
  await expect(sent.locator('.status')).toHaveText('confirmed', BLOCK_WAIT);
});

test('checked before signing: a recipient with a typo, an amount above the balance', async () => {
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  const last = otherAddress.at(-1) === 'a' ? 'b' : 'a';
  await page.getByLabel('Recipient address').fill(`${otherAddress.slice(0, -1)}${last}`);
  await expect(page.getByText(/^This address has a typo/)).toBeVisible();
  await page.getByLabel('Recipient address').fill(otherAddress);
  await expect(page.getByText(/^This address has a typo/)).toHaveCount(0);
  await page.getByLabel('Amount').fill('5000');
  await expect(
    page.getByText(/^That is more than this wallet can send: at most 999\.\d+ VTY after the fee\.$/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByRole('region', { name: 'Review' })).toHaveCount(0);
});

test('only workable fees: a custom fee below the least a node admits is refused at the field; send all', async () => {
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address').fill(otherAddress);
  await page.getByLabel('Amount').fill('1');
  const fee = page.getByRole('group', { name: 'Fee' });
  await expect(fee.getByText(/^Minimum 0/)).toHaveCount(0);
  await fee.getByLabel('Custom').check();
  await expect(fee.getByText(/^Nodes take at least 0\.00\d+ VTY for this transaction\.$/)).toBeVisible();
  await fee.getByLabel(/^Custom fee/).fill('0.00000001');
  await expect(fee.getByRole('alert')).toContainText('Nodes take at least');
  await fee.getByLabel(/^Custom fee/).fill('0.2');
  await expect(fee.getByRole('alert')).toHaveCount(0);
  // Send all: the balance minus the chosen fee, written back as the person types amounts.
  const balance = await page.evaluate(`(async () => {
    const wallet = await window.votary.chainWallet({ address: ${JSON.stringify(mainAddress)} });
    return wallet.ok ? wallet.value.balance : '';
  })()`);
  await page.getByRole('button', { name: 'Send all (balance minus the fee)' }).click();
  const rest = BigInt(String(balance)) - 20_000_000n;
  const whole = rest / 100_000_000n;
  const fraction = (rest % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  await expect(page.getByLabel('Amount')).toHaveValue(fraction === '' ? `${whole}` : `${whole}.${fraction}`);
  await fee.getByLabel(/^Standard/).check();
});

test('a plain-http node on another machine shows the warning and needs a confirmation', async () => {
  await go(page, 'Settings');
  const form = page.getByRole('form', { name: 'Add network' });
  // A name that never resolves: nothing is contacted, the form only reacts to the URL.
  await form.getByLabel('Add a network by a node URL').fill('http://node.invalid:4003');
  await expect(form.getByRole('alert')).toContainText(
    'a man in the middle) can read and change what it answers',
  );
  await expect(form.getByRole('button', { name: 'Add network' })).toBeDisabled();
  await form.getByLabel('I understand, add this node anyway').check();
  await expect(form.getByRole('button', { name: 'Add network' })).toBeEnabled();
  await form.getByLabel('Add a network by a node URL').fill('https://node.invalid:4003');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByLabel('Add a network by a node URL').fill('http://127.0.0.1:4003');
  await expect(form.getByRole('alert')).toHaveCount(0);
});

/**
 * Run in the page on the test-mode option's code: "inline" when the "(" before it ends where it starts, on the
 * same line, and it is one box (one line); else what is wrong. A string: these specs have no DOM types.
 */
const INLINE_AFTER_PAREN = `(() => {
  const element = [...document.querySelectorAll('form[aria-label="Add network"] label *')].find(
    (candidate) => candidate.textContent === '--env=test',
  );
  if (element === undefined) return 'no --env=test in the form';
  const before = element.previousSibling;
  if (before === null || before.textContent === null) return 'no text before the code';
  const range = document.createRange();
  range.setStart(before, before.textContent.length - 1);
  range.setEnd(before, before.textContent.length);
  const paren = range.getBoundingClientRect();
  const boxes = element.getClientRects();
  if (boxes.length !== 1) return 'the code is broken into ' + boxes.length + ' lines';
  if (Math.abs(paren.bottom - boxes[0].bottom) > 6) return 'the code is not on the line of the "("';
  if (Math.abs(paren.right - boxes[0].left) > 3) return 'the code does not follow the "("';
  return 'inline';
})()`;

test('the test-mode option reads as one sentence, its --env=test inline after the "(", at any width', async () => {
  await go(page, 'Settings');
  await expect(
    page.getByRole('form', { name: 'Add network' }).getByText('--env=test', { exact: true }),
  ).toBeVisible();
  const size = page.viewportSize();
  for (let width = 360; width <= 1280; width += 40) {
    await page.setViewportSize({ width, height: size?.height ?? 720 });
    const flow = await page.evaluate<string>(INLINE_AFTER_PAREN);
    expect(flow, `at ${width} px`).toBe('inline');
  }
  if (size !== null) await page.setViewportSize(size);
});

test('the theme button says the theme it switches to', async () => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toDark = nav.getByRole('button', { name: 'Dark theme' });
  const toLight = nav.getByRole('button', { name: 'Light theme' });
  // The page starts light (the browser prefers no dark scheme here).
  await expect(toDark).toBeVisible();
  await toDark.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toLight).toBeVisible();
  await expect(toDark).toHaveCount(0);
  await toLight.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(toDark).toBeVisible();
});

test('ARK mainnet and devnet are one click away; the plain-http warning comes once one is chosen', async () => {
  await go(page, 'Settings');
  // Listed without contacting anything, and without a warning about a node nobody has chosen yet.
  const known = page.getByRole('group', { name: 'ARK networks' });
  await expect(known.getByRole('button', { name: 'Add ARK mainnet (ARK)' })).toBeEnabled();
  await expect(known.getByRole('alert')).toHaveCount(0);
  // Chosen: its seed relays serve plain http, which is said before anything is contacted.
  await known.getByRole('button', { name: 'Add ARK devnet (DARK)' }).click();
  await expect(known.getByRole('alert')).toContainText('a man in the middle');
  const add = known.getByRole('button', { name: 'Add ARK devnet', exact: true });
  await expect(add).toBeDisabled();
  await known.getByLabel('I understand, add this node anyway').check();
  await expect(add).toBeEnabled();
  // Not added here (that would contact the internet): cancelled, the list comes back without the warning.
  await known.getByRole('button', { name: 'Cancel' }).click();
  await expect(known.getByRole('alert')).toHaveCount(0);
  await expect(known.getByRole('button', { name: 'Add ARK mainnet (ARK)' })).toBeEnabled();
});

test('removing a wallet asks for the vault password and says the phrase is the only way back', async () => {
  await go(page, 'Wallets');
  await page.getByRole('button', { name: 'Remove Other' }).click();
  const step = page.getByRole('form', { name: 'Remove Other' });
  await expect(step).toContainText('Only its recovery phrase can bring it back');
  await step.getByLabel('Vault password').fill('not the vault password');
  await step.getByRole('button', { name: 'Remove wallet' }).click();
  await expect(step.getByRole('alert').last()).toContainText('not right');
  await expect(page.getByRole('listitem', { name: 'Wallet Other' })).toBeVisible();
  await step.getByLabel('Vault password').fill(PASSWORD);
  await step.getByRole('button', { name: 'Remove wallet' }).click();
  await expect(page.getByRole('listitem', { name: 'Wallet Other' })).toHaveCount(0);
  await expect(page.getByRole('listitem', { name: 'Wallet Main' })).toBeVisible();
});

test('the signing settings cannot be edited before the saved values arrive (a late answer overwrote typing)', async ({
  browser,
}) => {
  // A second tab whose socket holds back the host's answer to the first tx:sign-password read.
  const slow = await openPage(browser);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await slow.routeWebSocket(/\/bridge/, (socket) => {
    const server = socket.connectToServer();
    const held = new Set<number>();
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id: number; channel: string; payload?: unknown };
      if (frame.channel === 'tx:sign-password' && frame.payload === undefined && held.size === 0)
        held.add(frame.id);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { id?: number };
      if (frame.id !== undefined && held.has(frame.id)) void released.then(() => socket.send(message));
      else socket.send(message);
    });
  });
  try {
    await slow.goto(`${URL_BASE}/#token=${TOKEN}`);
    // Another window of the host: it gives the vault password itself (src/cli/window-gate.ts).
    await slow.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await slow.getByRole('button', { name: 'Unlock' }).click();
    await go(slow, 'Settings');
    const signing = slow.getByRole('group', { name: 'Signing' });
    const minutes = signing.getByLabel(/^Ask for the vault password again/);
    await expect(minutes).toBeDisabled();
    await expect(signing.getByRole('button', { name: 'Save signing settings' })).toBeDisabled();
    release();
    await expect(minutes).toBeEnabled();
    await expect(minutes).toHaveValue(/^\d+$/);
  } finally {
    await closePage(slow);
  }
});

test('signing asks for the vault password again after the configured minutes', async () => {
  await go(page, 'Settings');
  const signing = page.getByRole('group', { name: 'Signing' });
  await signing.getByLabel(/^Ask for the vault password again/).fill('1');
  await signing.getByRole('button', { name: 'Save signing settings' }).click();
  await expect(signing.getByRole('status')).toHaveText('Saved.');
  // The password was last entered when the vault was created, minutes ago; past one minute signing asks for it.
  await page.waitForTimeout(61_000);
  await go(page, 'Send');
  await page.getByRole('combobox', { name: 'From wallet' }).selectOption({ label: `Main · ${mainAddress}` });
  await page.getByLabel('Recipient address').fill(mainAddress);
  await page.getByLabel('Amount').fill('2');
  await page.getByRole('button', { name: 'Review' }).click();
  const sign = page.getByRole('button', { name: 'Sign and send' });
  const passwordField = page.getByLabel(/^Vault password \(asked again/);
  await expect(passwordField).toBeVisible({ timeout: 15_000 });
  await expect(sign).toBeDisabled();
  await passwordField.fill(PASSWORD);
  await sign.click();
  await expect(page.getByTestId('send-status')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
