/**
 * bench:scale's A/B mode (BENCH_SCALE_COMPARE=<another build's dist/bench-scale.mjs>): this build's API and
 * another's serve the same chain side by side (response cache off) and every route is asked of both in turn,
 * sample by sample, so a machine shared with other work loads both alike. Reports each route's p50 / p99 / fastest
 * for both, and whether the two answered the same bytes (the API's JSON must not change with a query plan).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { ScaleRoute } from './scale-routes';

interface Server {
  child: ChildProcess;
  url: string;
}

function start(bundle: string, dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, [bundle, '--serve', dataDir], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', (line) => {
      resolve({ child, url: (JSON.parse(line) as { publicUrl: string }).publicUrl });
    });
    child.once('exit', (code) => reject(new Error(`${bundle} exited (${code}) before it was ready`)));
  });
}

function stop({ child }: Server): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.stdin?.end();
    setTimeout(() => child.kill('SIGTERM'), 5_000).unref();
  });
}

async function ask(url: string): Promise<{ ms: number; digest: string; status: number }> {
  const started = performance.now();
  const answer = await fetch(url);
  const body = Buffer.from(await answer.arrayBuffer());
  const ms = performance.now() - started;
  return { ms, status: answer.status, digest: createHash('sha256').update(body).digest('hex') };
}

const pct = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function compareBuilds(
  dataDir: string,
  otherDataDir: string,
  thisBundle: string,
  otherBundle: string,
  routes: readonly ScaleRoute[],
  samples: number,
): Promise<void> {
  const mine = await start(thisBundle, dataDir);
  // Each node holds its data directory's lock: the other build serves a copy of the same chain.
  const other = await start(otherBundle, otherDataDir);
  try {
    console.log(`\nA/B, ${samples} requests per route to each, in turn (A: ${otherBundle}; B: this build)\n`);
    console.log('| route | A p50 | A p99 | A fastest | B p50 | B p99 | B fastest | same answer |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const route of routes) {
      const a: number[] = [];
      const b: number[] = [];
      let same = true;
      for (let i = 0; i < samples + 2; i++) {
        // Who goes first alternates, so neither always meets the other's leftovers.
        let first: Awaited<ReturnType<typeof ask>>;
        let second: Awaited<ReturnType<typeof ask>>;
        if (i % 2 === 0) {
          first = await ask(other.url + route.path);
          second = await ask(mine.url + route.path);
        } else {
          second = await ask(mine.url + route.path);
          first = await ask(other.url + route.path);
        }
        same &&= first.digest === second.digest && first.status === second.status;
        if (i >= 2) {
          a.push(first.ms);
          b.push(second.ms);
        }
      }
      a.sort((p, q) => p - q);
      b.sort((p, q) => p - q);
      const f = (v: number) => v.toFixed(1);
      console.log(
        `| \`GET ${route.label}\` | ${f(pct(a, 50))} | ${f(pct(a, 99))} | ${f(a[0]!)} | ` +
          `${f(pct(b, 50))} | ${f(pct(b, 99))} | ${f(b[0]!)} | ${same ? 'yes' : 'NO'} |`,
      );
    }
  } finally {
    await stop(mine);
    await stop(other);
  }
}
