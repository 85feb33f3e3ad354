#!/usr/bin/env node
/**
 * Summarizes V8 CPU profiles (.cpuprofile, as bench:ingest's BENCH_INGEST_PROFILE or `node --cpu-prof` write them):
 * the busy time, then the functions with the most self time and the most inclusive time (a function counted once
 * per sample however deep it recurses), as shares of the busy time. Several files are summed.
 *
 * Usage: node scripts/profile-summary.mjs <file.cpuprofile>… [--top N]
 */
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt === -1 ? 30 : Number(args[topAt + 1]);
const files = args.filter((arg, i) => arg !== '--top' && i !== topAt + 1);
if (files.length === 0) {
  console.error('usage: node scripts/profile-summary.mjs <file.cpuprofile>… [--top N]');
  process.exit(2);
}

const IDLE = new Set(['(idle)', '(program)']);
const self = new Map();
const inclusive = new Map();
let busy = 0;
let idle = 0;
const add = (map, key, t) => map.set(key, (map.get(key) ?? 0) + t);

for (const file of files) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url === '' ? '' : ` ${url.split('/').at(-1)}:${lineNumber + 1}`;
    return `${functionName || '(anonymous)'}${where}`;
  };
  const time = new Map();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  for (const [id, t] of time) {
    const node = byId.get(id);
    const own = name(node);
    if (IDLE.has(node.callFrame.functionName)) {
      idle += t;
      continue;
    }
    busy += t;
    add(self, own, t);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = name(byId.get(at));
      if (!seen.has(key)) add(inclusive, key, t);
      seen.add(key);
    }
  }
}

const pct = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log(`busy ${(busy / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s`);
for (const [title, map] of [
  ['self', self],
  ['inclusive', inclusive],
]) {
  console.log(`\n${title}:`);
  for (const [key, t] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${key}`);
}
