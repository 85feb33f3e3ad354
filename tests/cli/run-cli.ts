import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const votary = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');

/** Runs the real `votary` command (the bundle built by the test setup) in a child process. */
export function runCli(...args: string[]): CliResult {
  const result = spawnSync(process.execPath, [votary, ...args], { encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const dir = mkdtempSync(join(tmpdir(), 'votary-cli-'));
let counter = 0;

export function tempFile(content: string | object): string {
  const path = join(dir, `file-${counter++}`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}
