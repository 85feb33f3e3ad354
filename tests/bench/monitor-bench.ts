/**
 * `npm run bench:monitor [-- --minutes N]`: the node monitor against a
 * localnet with a 1 s block time for N minutes (default 10), polling every second, with one delegate
 * (genesis_5, also "my delegate") offline for alternate minutes so missed slots and alerts keep happening. It
 * reports the monitor database's size (file + WAL) and the process's resident memory at the start, the end and
 * the peak, prints them and writes them into docs/benchmarks.md ("Monitor" section).
 */
import { nodeParts } from '../../src/core/node/parts';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiServer } from '../../src/core/api';
import { NodeClient, normalizePeerUrl } from '../../src/core/client';
import { NodeMonitor } from '../../src/core/monitor';
import { LocalNode } from '../../src/core/node/node';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

function fileSize(file: string, suffixes: readonly string[] = ['', '-wal', '-shm']): number {
  return suffixes.reduce(
    (sum, suffix) => sum + (existsSync(file + suffix) ? statSync(file + suffix).size : 0),
    0,
  );
}

/** A Markdown table padded as Prettier writes it (docs are format-checked). */
function markdownTable(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(3, ...rows.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)];
}

function count(monitor: NodeMonitor, table: string): number {
  return (monitor.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

async function main(): Promise<void> {
  const minutes = option('minutes', 10);
  const dir = mkdtempSync(join(tmpdir(), 'votary-bench-monitor-'));
  const node = await LocalNode.start({ dataDir: dir, blockTime: 1 });
  const api = createApiServer({ node, publicPort: 0, port: 0 });
  const url = normalizePeerUrl((await api.listen()).publicUrl);
  const dbFile = join(dir, 'monitor.db');
  let alerts = 0;
  let cycles = 0;
  const monitor = new NodeMonitor({
    file: dbFile,
    onAlert: () => alerts++,
    onUpdate: (event) => {
      if (event.topics.includes('nodes')) cycles++;
    },
    onDefect: (error) => {
      throw error;
    },
  });
  monitor.settings.update({ pollSeconds: 1, myDelegates: ['genesis_5'] });
  monitor.follow({
    networkId: 'embedded',
    nethash: node.network.network.nethash,
    name: 'localnet',
    network: node.network,
    ownUrl: url,
    ownId: 'embedded',
    ownVerified: true,
    peers: [],
    client: new NodeClient([url]),
  });
  node.on('block', () => monitor.trigger());
  monitor.start();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  global.gc?.();
  const start = {
    rss: process.memoryUsage().rss,
    db: fileSize(dbFile),
    main: fileSize(dbFile, ['']),
    height: node.height,
  };
  let peakRss = start.rss;
  const began = Date.now();
  const end = began + minutes * 60_000;
  let offline = false;
  process.stdout.write(
    `bench:monitor — ${minutes} min, 1 s blocks, poll 1 s; start RSS ${mb(start.rss)}, db ${kb(start.db)}\n`,
  );
  while (Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const minute = Math.floor((Date.now() - began) / 60_000);
    if ((minute % 2 === 1) !== offline) {
      offline = minute % 2 === 1;
      nodeParts(node).forger.setOffline('genesis_5', offline);
    }
    if ((Date.now() - began) % 60_000 < 5_000) {
      process.stdout.write(
        `  ${minute} min: height ${node.height}, RSS ${mb(process.memoryUsage().rss)}, db ${kb(fileSize(dbFile))}\n`,
      );
    }
  }
  const finish = {
    rss: process.memoryUsage().rss,
    db: fileSize(dbFile),
    main: fileSize(dbFile, ['']),
    height: node.height,
  };
  peakRss = Math.max(peakRss, finish.rss);
  const rows = {
    samples: count(monitor, 'samples'),
    blocks: count(monitor, 'blocks'),
    missed: count(monitor, 'missed_slots'),
    alerts: count(monitor, 'alerts'),
  };
  await monitor.close();
  await api.close();
  await node.stop();
  rmSync(dir, { recursive: true, force: true });

  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    `## Monitor — \`npm run bench:monitor\` (${date})`,
    '',
    `The node monitor (src/core/monitor) against the embedded localnet with 1 s blocks for ${minutes} minutes, one`,
    'cycle a second (and one after each block), genesis_5 offline every other minute and configured as "my',
    `delegate" (missed-slot alerts). ${cpus().length} CPUs, Node ${process.version}.`,
    '',
    ...markdownTable([
      ['measure', 'start', 'end', 'peak'],
      ['process resident memory (RSS)', mb(start.rss), mb(finish.rss), mb(peakRss)],
      ['monitor.db (+ WAL, SHM)', kb(start.db), kb(finish.db), '—'],
      ['monitor.db main file alone', kb(start.main), kb(finish.main), '—'],
    ]),
    '',
    `Blocks forged during the run: ${finish.height - start.height}; monitor cycles: ${cycles}; rows at the end:`,
    `${rows.samples} samples, ${rows.blocks} blocks, ${rows.missed} missed slots, ${rows.alerts} alerts (${alerts} raised).`,
    'Retention keeps this bounded beyond the run: samples are thinned past an hour (1/min) and a day (1/10 min) and',
    'dropped after a week; blocks and missed slots are dropped after 8 days (src/core/monitor/README.md).',
    '',
  ];
  const section = lines.join('\n');
  process.stdout.write(`\n${section}\n`);
  const doc = join(process.cwd(), 'docs', 'benchmarks.md');
  if (existsSync(doc)) {
    const text = readFileSync(doc, 'utf8');
    const startAt = text.indexOf('## Monitor — ');
    let next = startAt === -1 ? -1 : text.indexOf('\n## ', startAt + 1);
    if (next !== -1) next += 1;
    const updated =
      startAt === -1
        ? `${text.trimEnd()}\n\n${section}`
        : `${text.slice(0, startAt)}${section}${next === -1 ? '' : `\n${text.slice(next)}`}`;
    writeFileSync(doc, updated.endsWith('\n') ? updated : `${updated}\n`);
  }
}

await main();
