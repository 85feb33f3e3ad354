/**
 * `npm run test:ledger`: tests/ledger against ARK's Ledger app in Ledger's emulator (scripts/ledger/test-ledger.sh
 * builds it and runs this). Not part of `npm run check`: it needs the emulator built from scripts/ledger/vendor.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/ledger/**/*.ledger.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
