/**
 * Issue 6 §5's journey in the browser shell against the embedded localnet (1-second blocks, 21 delegates, so a
 * round is about 21 s): make a delegate "mine", take it offline in the Localnet panel, see its slot marked missed
 * on the round timeline and the missed-slot alert raised, bring it back online, and see the alert clear once it
 * forges again. Then the rest of the Localnet panel: pause/resume, a snapshot saved, rolled back to and deleted.
 * Screenshots go to test-results/.
 */
import { expect, test, type Page } from '@playwright/test';
import { closePage, createVault, go, openPage } from './support/shell';

const PASSWORD = 'e2e monitor password 1';
const DELEGATE = 'genesis_7';
// A missed slot needs the delegate's turn to come (at most a round, ~21 s) and the monitor's next cycle; clearing
// needs its next forged block (the next round). Generous, as the machine may be loaded.
const ROUND_WAIT = { timeout: 60_000 };

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openPage(browser);
});
test.afterAll(() => closePage(page));

test('create the vault (the shell needs one; this journey has its own server and chain)', async () => {
  await createVault(page, PASSWORD);
});

test(`make ${DELEGATE} "my delegate" in the alert settings`, async () => {
  await go(page, 'Alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable desktop notifications' })).toBeVisible();
  const mine = page.getByLabel(/My delegates/);
  await mine.fill(DELEGATE);
  await page.getByRole('button', { name: 'Save alert settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alert settings saved.' })).toBeVisible();
  await expect(page.getByLabel(/My delegates/)).toHaveValue(DELEGATE);
  await expect(page.getByRole('checkbox', { name: 'My delegate missed a slot' })).toBeChecked();
});

test(`take ${DELEGATE} offline: its slot turns missed and the alert is raised`, async () => {
  test.setTimeout(120_000);
  await go(page, 'Localnet');
  await expect(page.getByTestId('forging-state')).toHaveText('running');
  await page.getByRole('button', { name: `Take ${DELEGATE} offline` }).click();
  await expect(page.getByTestId(`localnet-delegate-${DELEGATE}`)).toContainText('offline');
  await page.screenshot({ path: 'test-results/monitor-localnet-offline.png', fullPage: true });

  await go(page, 'Round');
  // A round ends after its 21 blocks, so a missed slot makes it longer than 21 slots and the turns come round again:
  // the timeline may then hold this delegate's slot twice (missed, and its next turn in the same round).
  const slot = page.locator(`[data-testid="slot-${DELEGATE}"][data-state="missed"]`);
  await expect(slot).toBeVisible(ROUND_WAIT);
  await expect(slot).toContainText('Missed');
  await page.screenshot({ path: 'test-results/monitor-round-missed.png', fullPage: true });

  await expect(page.getByTestId('alert-badge')).toBeVisible(ROUND_WAIT);
  await go(page, 'Alerts');
  const raised = page.getByTestId('open-alerts').getByTestId('alert-delegate-missed-slot');
  await expect(raised).toContainText(`${DELEGATE} missed slot`, ROUND_WAIT);
  await page.screenshot({ path: 'test-results/monitor-alert-raised.png', fullPage: true });
});

test(`bring ${DELEGATE} back online: it forges again and the alert clears`, async () => {
  test.setTimeout(120_000);
  await go(page, 'Localnet');
  await page.getByRole('button', { name: `Bring ${DELEGATE} online` }).click();
  await expect(page.getByTestId(`localnet-delegate-${DELEGATE}`)).toContainText('online');

  await go(page, 'Alerts');
  await expect(page.getByTestId('no-open-alerts')).toBeVisible(ROUND_WAIT);
  const cleared = page.getByTestId('recent-alerts').getByTestId('alert-delegate-missed-slot').first();
  await expect(cleared).toContainText('Cleared');
  await expect(page.getByTestId('alert-badge')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/monitor-alert-cleared.png', fullPage: true });

  await go(page, 'Round');
  // Its latest turn on the timeline (an earlier one of the same round may be the missed one).
  await expect(page.getByTestId(`slot-${DELEGATE}`).last()).toHaveAttribute(
    'data-state',
    /forged|upcoming|current/,
    ROUND_WAIT,
  );
  await page.screenshot({ path: 'test-results/monitor-round-back.png', fullPage: true });
});

test('the other monitor screens render: delegates with productivity, node health charts', async () => {
  await go(page, 'Delegates');
  const row = page.getByTestId(`delegate-row-${DELEGATE}`);
  await expect(row).toBeVisible();
  await expect(page.getByTestId('delegates-active').getByRole('row')).toHaveCount(22);
  await page.getByRole('button', { name: `Open delegate ${DELEGATE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: DELEGATE })).toBeVisible();
  await expect(page.getByTestId('delegate-missed-slots').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByTestId('delegate-blocks').getByRole('row').nth(1)).toBeVisible();
  await page.screenshot({ path: 'test-results/monitor-delegate-page.png', fullPage: true });

  await go(page, 'Node health');
  await expect(page.getByTestId('watched-nodes').getByRole('row')).not.toHaveCount(1);
  // The embedded node runs its chain alone: its peer count says so rather than a bare "0".
  await expect(
    page.getByTestId('watched-nodes').getByRole('row').filter({ hasText: 'my node' }),
  ).toContainText('none (runs alone)');
  await expect(page.getByRole('figure', { name: 'Latency over time' })).toBeVisible();
  await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/monitor-health.png', fullPage: true });
});

test('localnet panel: pause and resume forging, save a snapshot, roll back to it (confirm step), delete it', async () => {
  test.setTimeout(60_000);
  await go(page, 'Localnet');
  await page.getByRole('button', { name: 'Pause forging' }).click();
  await expect(page.getByTestId('forging-state')).toHaveText('paused');
  // One sync state: with no block for more than three block times (1 s here), the header, the dashboard and the
  // node screen all say so, and none shows "In sync" or a full bar.
  const header = page.getByTestId('sync-indicator');
  await expect(header.getByTestId('sync-words')).toHaveText(/^No new block for \d+ s \(height [\d,]+\)$/, {
    timeout: 15_000,
  });
  await go(page, 'Dashboard');
  await expect(page.getByTestId('node-sync')).toHaveText(/^No new block for \d+ s \(height [\d,]+\)$/);
  await go(page, 'Node');
  await expect(page.getByTestId('node-sync-words')).toHaveText(/^No new block for \d+ s \(height [\d,]+\)$/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/monitor-paused-node.png', fullPage: true });
  await go(page, 'Localnet');
  await page.getByRole('button', { name: 'Resume forging' }).click();
  await expect(header.getByTestId('sync-words')).toHaveText('In sync', { timeout: 15_000 });
  await expect(page.getByTestId('forging-state')).toHaveText('running');

  await page.getByLabel('Snapshot name').fill('journey');
  await page.getByRole('button', { name: 'Save snapshot' }).click();
  await expect(page.getByTestId('localnet-note')).toContainText('Snapshot "journey" saved at height');
  await page.getByRole('button', { name: 'Roll back to journey' }).click();
  const confirm = page.getByRole('button', { name: 'Yes, roll back to journey' });
  await expect(confirm).toBeFocused();
  await confirm.click();
  await expect(page.getByTestId('localnet-note')).toContainText('Rolled back to journey: now at height');
  await page.screenshot({ path: 'test-results/monitor-localnet-rollback.png', fullPage: true });
  await page.getByRole('button', { name: 'Delete snapshot journey' }).click();
  await expect(page.getByText('No snapshots yet.')).toBeVisible();
});

test('localnet faucet: the transfer’s id under the form, then the block that confirmed it, without a reload', async () => {
  await go(page, 'Localnet');
  const faucet = page.getByRole('form', { name: 'Faucet' });
  await faucet.getByLabel('Address to fund').fill('D6bw2U6FEgKojYuSARBtPmzJe4o8SZWTwN');
  await faucet.getByRole('button', { name: 'Fund address' }).click();
  const status = faucet.getByTestId('sent-status');
  await expect(status).toContainText(/Transaction [0-9a-f]{64}/);
  await expect(status).toHaveText(/^Test tokens: Confirmed in block \d+/, { timeout: 30_000 });
});
