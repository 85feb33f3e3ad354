#!/usr/bin/env node
/**
 * The long variant of the hostile-peers property (tests/sync/hostile/convergence.test.ts), outside `npm run check`:
 * many seeds (HOSTILE_SEEDS, default 100; HOSTILE_SEED replays one fast-check run). Usage:
 *   npm run soak:hostile            # 100 seeds
 *   HOSTILE_SEEDS=500 npm run soak:hostile
 */
import { spawnSync } from 'node:child_process';

const env = { ...process.env, HOSTILE_SEEDS: process.env.HOSTILE_SEEDS ?? '100' };
const result = spawnSync('npx', ['vitest', 'run', 'tests/sync/hostile/convergence.test.ts'], {
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
