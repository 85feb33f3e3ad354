/**
 * A V8 CPU profile of this thread over chosen windows only (bench:ingest's Votary slices), through the inspector:
 * `node --cpu-prof` would profile the whole run, most of it the bench signing its transactions. Each window is
 * written as `<dir>/slice-<n>.cpuprofile` (open it in Chrome DevTools, or summarize it with
 * scripts/profile-summary.mjs).
 */
import { Session } from 'node:inspector/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function mainThreadProfiler(dir: string): { start(): Promise<void>; stop(): Promise<void> } {
  mkdirSync(dir, { recursive: true });
  const session = new Session();
  session.connect();
  let slice = 0;
  return {
    async start() {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 200 });
      await session.post('Profiler.start');
    },
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(dir, `slice-${++slice}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
