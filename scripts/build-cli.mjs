#!/usr/bin/env node
// Bundles the Node-hosted entry points (the `votary` CLI, the verify worker, the benchmarks) into dist/ with
// esbuild. Dependencies stay external (node_modules); project sources and network JSON are bundled.
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const entryPoints = {
  votary: 'src/cli/index.ts',
  'verify-worker': 'src/core/parallel/verify-worker.ts',
  'bench-protocol': 'tests/bench/protocol-bench.ts',
  'bench-node': 'tests/bench/node-bench.ts',
  'bench-api': 'tests/bench/api-bench.ts',
  'bench-app': 'tests/bench/app-bench.ts',
  'bench-monitor': 'tests/bench/monitor-bench.ts',
  'bench-verify': 'tests/bench/verify-bench.ts',
  'bench-ingest': 'tests/bench/ingest-bench.ts',
  'bench-sync': 'tests/bench/sync-bench.ts',
  'bench-scale': 'tests/bench/scale-bench.ts',
  'bench-latency': 'tests/bench/latency-bench.ts',
  'bench-stall': 'tests/bench/stall-bench.ts',
  'bench-pool-full': 'tests/bench/pool-full-bench.ts',
  'soak-p2p': 'tests/bench/p2p-soak.ts',
  'soak-musig': 'tests/bench/musig-soak.ts',
  // The core's process of tests/main/forked-core.test.ts.
  'forked-core': 'tests/main/forked-core-child.ts',
  // The child process of tests/node/crash/crash.test.ts.
  'crash-node': 'tests/node/crash/crash-node.ts',
};

export async function buildCli() {
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: 'dist',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, 'dist', '.build-stamp'), new Date().toISOString());
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildCli();
}
