/**
 * Crash-safe file replacement (docs/design/architecture.md "Rules"): write a temp file in the same directory,
 * fsync it,
 * rename it over the target (atomic on POSIX within one file system), then fsync the directory so the rename
 * itself is durable. Until the rename the previous file is untouched, so a crash at any point leaves either
 * the old or the new vault, never a torn one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TEMP_MARKER = '.tmp-';

export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `${basename(path)}${TEMP_MARKER}${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(data, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    // A failed write (disk full, permissions) leaves the previous file in place; drop the partial temp.
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Removes temp files a crash left behind next to `path` (they are never read: the target is authoritative). */
export async function removeStaleTemps(path: string): Promise<void> {
  const dir = dirname(path);
  const prefix = `${basename(path)}${TEMP_MARKER}`;
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(
    names.filter((name) => name.startsWith(prefix)).map((name) => rm(join(dir, name), { force: true })),
  );
}

async function syncDirectory(dir: string): Promise<void> {
  // Directory fsync makes the rename durable on ext4/xfs; some platforms (Windows) cannot open a directory,
  // and there the rename is already as durable as it gets.
  let handle;
  try {
    handle = await open(dir, 'r');
  } catch {
    return;
  }
  try {
    await handle.sync();
  } catch {
    // EINVAL/EPERM on file systems without directory fsync: nothing more can be done.
  } finally {
    await handle.close();
  }
}

/** The file on disk is not the version this process read or wrote last: another process changed it. */
export class FileChangedError extends Error {
  override readonly name = 'FileChangedError';
  readonly code = 'ERR_FILE_CHANGED';

  constructor(readonly path: string) {
    super(`${path} was changed by another process since it was read; nothing was written`);
  }
}

async function readIfPresent(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A file one process reads and replaces, compare-before-replace (docs/design/security.md "One process per
 * profile"): a write first checks that the file still holds exactly what this process last read or wrote (or is
 * still absent), and refuses with FileChangedError otherwise, so that no process overwrites a version it never
 * saw — a wallet imported by another process is never dropped silently. The process lock already keeps a second
 * process away; this is the check at the file itself.
 */
export class GuardedFile {
  /** The text last read or written; null = known to be absent. */
  private known: string | null = null;

  constructor(readonly path: string) {}

  /** The file's text, or null when it does not exist; remembered as the version later writes start from. */
  async read(): Promise<string | null> {
    this.known = await readIfPresent(this.path);
    return this.known;
  }

  /** Replaces the file atomically, unless it changed since it was last read or written here. */
  async write(text: string): Promise<void> {
    const current = await readIfPresent(this.path);
    if (current !== this.known) throw new FileChangedError(this.path);
    await writeFileAtomic(this.path, text);
    this.known = text;
  }
}
