/**
 * `npm run test:interop`: the suites of tests/interop against a real ARK Core 3.9.1 testnet node (started by
 * scripts/interop.sh). Not part of `npm run check`: ARK Core takes minutes to install and blocks come every 8 s.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/interop/**/*.interop.ts'],
    globalSetup: ['tests/global-setup.ts'],
    // One suite at a time: they share the node's delegates and nonces.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
