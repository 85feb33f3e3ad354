import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// Debian's Chromium (Playwright's own browser download is unreachable on these machines).
const PORT = 4310;

// The browser shell prints a per-launch token in its URL; the tests must know it in advance, so this run picks
// one and hands it to `votary serve` (VOTARY_SERVE_TOKEN). Set before the workers start, so they inherit the
// same values. A fresh data directory per run, with 1-second blocks.
process.env['VOTARY_SERVE_TOKEN'] ??= randomBytes(32).toString('base64url');
process.env['VOTARY_E2E_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'votary-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  retries: 0,
  reporter: process.env['CI'] ? 'list' : 'line',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node scripts/votary.mjs serve --port ${PORT} --block-time 1 --data-dir "${process.env['VOTARY_E2E_DATA_DIR']}"`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
