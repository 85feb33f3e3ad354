/**
 * The interop journey (scripts/interop.sh): the browser shell against a real ARK Core 3.9.1 testnet node. Not part
 * of `npm run check`, which stays self-contained.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

const PORT = 4340;
process.env['VOTARY_SERVE_TOKEN'] ??= randomBytes(32).toString('base64url');
process.env['VOTARY_INTEROP_DATA_DIR'] ??= mkdtempSync(join(tmpdir(), 'votary-interop-e2e-'));

export default defineConfig({
  testDir: 'tests/interop-e2e',
  timeout: 300_000,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node scripts/votary.mjs serve --port ${PORT} --data-dir "${process.env['VOTARY_INTEROP_DATA_DIR']}"`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
