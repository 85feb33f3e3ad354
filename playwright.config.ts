import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

// Debian's Chromium (Playwright's own browser download is unreachable on these machines).
const PORT = 4310;
// The monitor journey takes delegates offline and needs its own vault: it gets its own server and
// chain, so it neither waits on nor disturbs the wallet journey's.
const MONITOR_PORT = 4311;
// The explorer screens create their own vault too, so they also get their own server and chain.
const EXPLORER_PORT = 4312;

// The browser shell prints a per-launch token in its URL; the tests must know it in advance, so this run picks
// one and hands it to `votary serve` (VOTARY_SERVE_TOKEN). Set before the workers start, so they inherit the
// same values. A fresh data directory per run, with 1-second blocks.
process.env['VOTARY_SERVE_TOKEN'] ??= randomBytes(32).toString('base64url');
process.env['VOTARY_E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'votary-e2e-'));
process.env['VOTARY_E2E_MONITOR_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'votary-e2e-monitor-'));
process.env['VOTARY_E2E_EXPLORER_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'votary-e2e-explorer-'));

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  reporter: process.env['CI'] ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'app', testIgnore: /(monitor|explorer)\.spec\.ts$/ },
    {
      name: 'explorer',
      testMatch: /explorer\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${EXPLORER_PORT}` },
    },
    {
      name: 'monitor',
      testMatch: /monitor\.spec\.ts$/,
      use: { baseURL: `http://127.0.0.1:${MONITOR_PORT}` },
    },
  ],
  webServer: [
    {
      command: `node scripts/votary.mjs serve --port ${PORT} --block-time 1 --data-dir "${process.env['VOTARY_E2E_DATA_DIR']}"`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node scripts/votary.mjs serve --port ${MONITOR_PORT} --block-time 1 --data-dir "${process.env['VOTARY_E2E_MONITOR_DATA_DIR']}"`,
      url: `http://127.0.0.1:${MONITOR_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node scripts/votary.mjs serve --port ${EXPLORER_PORT} --block-time 1 --data-dir "${process.env['VOTARY_E2E_EXPLORER_DATA_DIR']}"`,
      url: `http://127.0.0.1:${EXPLORER_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
