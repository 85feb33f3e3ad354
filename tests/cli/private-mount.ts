/**
 * Runs a shell script in a private mount namespace, where it may mount a small or read-only tmpfs: a real full or
 * read-only file system for the `votary` command, seen by nothing else and gone when the script ends. As root
 * `unshare --mount` suffices; otherwise a user namespace maps the caller to root inside it (`--map-root-user`).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const votaryScript = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh empty directory to mount over. */
export const mountPoint = (): string => mkdtempSync(join(tmpdir(), 'votary-mount-'));

export function inPrivateMounts(script: string, timeoutMs = 90_000): ScriptResult {
  const flags = process.getuid?.() === 0 ? ['--mount'] : ['--mount', '--map-root-user'];
  const result = spawnSync('unshare', [...flags, 'sh', '-ec', script], {
    encoding: 'utf8',
    timeout: timeoutMs,
    env: { ...process.env, NODE: process.execPath, VOTARY: votaryScript },
  });
  if (result.error !== undefined) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
