#!/usr/bin/env node
// `npm run votary -- <args>`: builds the CLI bundle when it is missing or older than the sources, then runs it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');

function newestMtime(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function isStale() {
  if (!existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = ['src', 'resources', 'package.json'].map((p) => join(root, p)).filter((p) => existsSync(p));
  return sources.some((p) => newestMtime(p) > built);
}

if (isStale()) {
  const { buildCli } = await import('./build-cli.mjs');
  await buildCli();
}
const { main } = await import(pathToFileURL(join(root, 'dist', 'votary.mjs')).href);
process.exitCode = await main(process.argv.slice(2));
