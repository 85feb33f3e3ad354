/**
 * Screenshots of the Ledger screens against ARK's Ledger app in Ledger's emulator (docs/screenshots/ledger-*.png):
 * the spec starts speculos (tests/ledger/speculos.ts) and a `votary serve --ledger-speculos` of its own. Not part of
 * `npm run check` or `npm run screens` (it needs the emulator built by scripts/ledger/build-emulator.sh); one
 * emulator at a time on a machine:
 *   npm run build && flock /tmp/votary-ledger.lock npx playwright test -c playwright.ledger-screens.config.ts
 */
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

export default defineConfig({
  testDir: 'tests/ledger',
  testMatch: /screens\.spec\.ts$/,
  timeout: 300_000,
  retries: 0,
  reporter: 'line',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
