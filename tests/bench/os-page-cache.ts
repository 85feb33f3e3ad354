/**
 * The OS page cache's copy of a file, for benches that must start from a known state rather than from whatever
 * earlier runs left cached. Node has no posix_fadvise, so GNU coreutils do it (Debian's base system has them):
 * `sync FILE` writes the file's dirty pages (only clean pages can be dropped), `dd if=FILE iflag=nocache count=0`
 * asks the kernel to drop the whole file's pages (POSIX_FADV_DONTNEED; coreutils' dd documents the form), and
 * util-linux's `fincore` reports how much of it is still resident. None of them needs root.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command: string, args: readonly string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout;
}

/** Bytes of `file` in the OS page cache. */
export function residentBytes(file: string): number {
  const out = run('fincore', ['--bytes', '--noheadings', '--raw', '--output', 'RES', file]).trim();
  const bytes = Number(out);
  if (!Number.isSafeInteger(bytes)) throw new Error(`fincore ${file}: unexpected answer '${out}'`);
  return bytes;
}

/**
 * Drops `file` and its WAL from the OS page cache (after writing their dirty pages); returns the bytes of `file`
 * still resident afterwards (pages another process holds dirty, or maps, stay).
 */
export function evictFromPageCache(file: string): number {
  for (const path of [file, `${file}-wal`]) {
    if (!existsSync(path)) continue;
    run('sync', [path]);
    run('dd', [`if=${path}`, 'iflag=nocache', 'count=0', 'status=none']);
  }
  return residentBytes(file);
}
