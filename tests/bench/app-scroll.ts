/**
 * The scroll half of `npm run bench:app`: the wallet page's history of 100,000 transactions, scrolled in headless
 * Chromium while every requestAnimationFrame interval is logged (app-page.ts). The wallet is set up the way a
 * user does it, through the screens: create the vault, watch the address, open its wallet page.
 */
import type { Browser, Page } from '@playwright/test';
import type { Cleanup } from './app-cleanup';
import { buildHistoryChain } from './app-history-chain';
import { RENDERED_ROWS, START_FRAME_LOG, STOP_FRAME_LOG, sweepScript, type FrameLog } from './app-page';
import { startServe, wallClock } from './app-serve';
import { frameStats, type FrameStats } from './app-stats';

const PASSWORD = 'bench app vault password';
const WALLET = 'Bench history';
/** One wheel notch (Chromium's default for a mouse wheel click) every refresh: a brisk, steady scroll. */
const WHEEL_DELTA = 100;
const WHEEL_EVERY_MS = 16;

export interface ScrollRun extends FrameStats {
  pixelsPerSecond: number;
  /** From the end of the scroll until every rendered row showed its transaction. */
  settleMs: number;
}

export interface ScrollResult {
  transactions: number;
  chainBuildMs: number;
  /** From "Open" on the Wallets page until the history's first rows showed their transactions. */
  openToFirstRowsMs: number;
  sweep: ScrollRun & { lastRow: string };
  wheel: ScrollRun;
}

interface RenderedRow {
  text: string;
  loading: boolean;
}

async function renderedRows(page: Page): Promise<RenderedRow[]> {
  return await page.evaluate<RenderedRow[]>(RENDERED_ROWS);
}

/** Waits until the rendered rows all show a transaction; returns how long that took. */
async function settle(page: Page, timeoutMs = 120_000): Promise<number> {
  const started = wallClock();
  for (;;) {
    const rows = await renderedRows(page);
    if (rows.length > 0 && rows.every((row) => !row.loading)) return wallClock() - started;
    if (wallClock() - started > timeoutMs)
      throw new Error(`history rows still loading after ${timeoutMs} ms`);
    await page.waitForTimeout(20);
  }
}

async function openHistory(page: Page, url: string, address: string, total: number): Promise<number> {
  await page.goto(url);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create vault' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 60_000 });
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Wallets', exact: true })
    .click();
  await page.getByRole('button', { name: 'Import or watch' }).click();
  await page.getByLabel('Watch-only address').check();
  await page.getByLabel('Wallet name (optional)').fill(WALLET);
  await page.getByLabel('Address', { exact: true }).fill(address);
  await page.getByRole('button', { name: 'Watch address' }).click();
  const opened = wallClock();
  await page.getByRole('button', { name: `Open ${WALLET}` }).click();
  const count = new RegExp(`^(${total}|${total.toLocaleString('en-US')}) transactions$`);
  await page.getByText(count).waitFor({ timeout: 60_000 });
  await settle(page);
  return wallClock() - opened;
}

function run(log: FrameLog, ms: number, settleMs: number): ScrollRun {
  return {
    ...frameStats(log.intervals, log.loadingFrames),
    pixelsPerSecond: log.scrollMax / (ms / 1000),
    settleMs,
  };
}

async function wheelRun(page: Page, ms: number): Promise<{ log: FrameLog; pixels: number }> {
  // From the middle of the list, over rows nobody has looked at yet.
  await page.evaluate(
    `(() => { const l = document.querySelector('[aria-label="Transaction history"]'); l.scrollTop = l.scrollHeight / 2; })()`,
  );
  await settle(page);
  const list = page.getByRole('list', { name: 'Transaction history' });
  // The wheel scrolls what is under the pointer: the list must be on screen.
  await list.scrollIntoViewIfNeeded();
  const box = await list.boundingBox();
  if (!box) throw new Error('the transaction history is not visible');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = await page.evaluate<number>(
    `document.querySelector('[aria-label="Transaction history"]').scrollTop`,
  );
  await page.evaluate(START_FRAME_LOG);
  const until = wallClock() + ms;
  while (wallClock() < until) {
    const tick = wallClock();
    await page.mouse.wheel(0, WHEEL_DELTA);
    const rest = WHEEL_EVERY_MS - (wallClock() - tick);
    if (rest > 0) await page.waitForTimeout(rest);
  }
  const log = await page.evaluate<FrameLog>(STOP_FRAME_LOG);
  return { log, pixels: log.scrollTop - before };
}

export async function scrollBench(options: {
  root: string;
  browser: Browser;
  cleanup: Cleanup;
  sweepMs: number;
  wheelMs: number;
  log: (line: string) => void;
}): Promise<ScrollResult> {
  const { cleanup, log } = options;
  const dataDir = cleanup.tempDir('votary-bench-history-');
  const built = wallClock();
  log('scroll: writing a localnet chain with a 100,000-transaction wallet…');
  const chain = buildHistoryChain(dataDir);
  const chainBuildMs = wallClock() - built;
  const server = cleanup.track(await startServe(options.root, dataDir));
  const context = await options.browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const openToFirstRowsMs = await openHistory(page, server.url, chain.address, chain.transactions);
    log(`scroll: history open (${Math.round(openToFirstRowsMs)} ms); sweeping ${options.sweepMs / 1000} s…`);

    const sweepLog = await page.evaluate<FrameLog>(sweepScript(options.sweepMs));
    if (sweepLog.scrollTop < sweepLog.scrollMax - 1) throw new Error('the sweep did not reach the bottom');
    const sweepSettle = await settle(page);
    const rows = await renderedRows(page);
    const lastRow = rows.at(-1)?.text ?? '';
    // The oldest transaction (the chain's first, app-history-chain.ts) is the wallet's vote.
    if (!/\bvote\b/.test(lastRow))
      throw new Error(`the last history row is not the oldest transaction: ${lastRow}`);

    log(`scroll: mouse wheel for ${options.wheelMs / 1000} s…`);
    const wheel = await wheelRun(page, options.wheelMs);
    const wheelSettle = await settle(page);
    return {
      transactions: chain.transactions,
      chainBuildMs,
      openToFirstRowsMs,
      sweep: { ...run(sweepLog, options.sweepMs, sweepSettle), lastRow },
      wheel: {
        ...run(wheel.log, options.wheelMs, wheelSettle),
        pixelsPerSecond: wheel.pixels / (options.wheelMs / 1000),
      },
    };
  } finally {
    await context.close();
    await cleanup.stop(server);
    cleanup.removeDir(dataDir);
  }
}
