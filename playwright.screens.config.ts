/**
 * `npm run screens`: the screenshots of the wallet's main screens at 1280×800, light and dark, into docs/screens/
 * (not part of `npm run check`: they are pictures for people, the journeys in tests/e2e assert the behaviour).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

const PORT = 4330;
process.env['VOTARY_SERVE_TOKEN'] ??= randomBytes(32).toString('base64url');
process.env['VOTARY_SCREENS_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'votary-screens-'));

export default defineConfig({
  testDir: 'tests/screens',
  timeout: 300_000,
  retries: 0,
  reporter: 'line',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node scripts/votary.mjs serve --port ${PORT} --block-time 2 --data-dir "${process.env['VOTARY_SCREENS_DATA_DIR']}"`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
