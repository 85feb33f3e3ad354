/**
 * One process per data directory and per chain database (docs/design/security.md "One process per profile").
 * Two processes on the same files each rewrite them from their own memory, and one silently undoes the other.
 *
 * The lock is an SQLite file held in EXCLUSIVE locking mode: SQLite takes an OS file lock (fcntl on POSIX,
 * LockFileEx on Windows) and keeps it until the connection closes. The kernel drops that lock when the process
 * ends in any way, SIGKILL included, so a lock left by a killed process is simply free again: no PID guessing, no
 * race between two processes taking over the same stale lock. SQLite also refuses a second connection of the same
 * process, so two cores in one process are refused too. Who holds the lock is written beside it
 * (`<lock>.holder.json`), only to name the holder in the refusal.
 */
import Database from 'better-sqlite3';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname } from 'node:path';

export interface LockHolder {
  pid: number;
  /** What the process is, e.g. "votary serve". */
  command: string;
  /** ISO time the lock was taken. */
  since: string;
  host: string;
}

export class ProcessLockError extends Error {
  override readonly name = 'ProcessLockError';
  readonly code = 'ERR_IN_USE';

  constructor(
    readonly path: string,
    readonly holder: LockHolder | undefined,
    what: string,
  ) {
    super(
      `${what} is in use by another Votary process (${describe(holder)}); stop that process first, or use another data directory`,
    );
  }
}

export function isProcessLockError(error: unknown): error is ProcessLockError {
  return error instanceof ProcessLockError;
}

function describe(holder: LockHolder | undefined): string {
  if (holder === undefined) return 'its details are unknown';
  return `pid ${holder.pid}, ${holder.command}, since ${holder.since}${holder.host === hostname() ? '' : ` on ${holder.host}`}`;
}

function holderPath(lockPath: string): string {
  return `${lockPath}.holder.json`;
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    const value = JSON.parse(readFileSync(holderPath(lockPath), 'utf8')) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || typeof value.command !== 'string') return undefined;
    return {
      pid: value.pid,
      command: value.command,
      since: typeof value.since === 'string' ? value.since : 'an unknown time',
      host: typeof value.host === 'string' ? value.host : hostname(),
    };
  } catch {
    return undefined;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/** The command line of this process in words ("votary serve"), for the holder file. */
export function currentCommand(): string {
  const args = process.argv.slice(1).map((arg) => basename(arg));
  const script = args.findIndex((arg) => /votary|index/.test(arg));
  const words = script >= 0 ? ['votary', ...process.argv.slice(script + 2, script + 3)] : args.slice(0, 2);
  return words.join(' ') || 'node';
}

export class ProcessLock {
  private constructor(
    readonly path: string,
    private db: Database.Database | undefined,
  ) {}

  /**
   * Takes the lock at `path` (created when missing), or throws ProcessLockError naming the holder. `what` names
   * the locked thing in the message ("the data directory /x").
   */
  static acquire(path: string, what: string, command = currentCommand()): ProcessLock {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const db = new Database(path);
    try {
      db.pragma('busy_timeout = 0');
      db.pragma('locking_mode = EXCLUSIVE');
      // A write takes the EXCLUSIVE lock, and in EXCLUSIVE locking mode it is kept after the commit.
      db.exec('CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), pid INTEGER)');
      db.prepare('INSERT OR REPLACE INTO lock (id, pid) VALUES (1, ?)').run(process.pid);
    } catch (error) {
      db.close();
      if (isBusy(error)) throw new ProcessLockError(path, readHolder(path), what);
      throw error;
    }
    const holder: LockHolder = {
      pid: process.pid,
      command,
      since: new Date().toISOString(),
      host: hostname(),
    };
    const temp = `${holderPath(path)}.${process.pid}`;
    try {
      writeFileSync(temp, `${JSON.stringify(holder)}\n`, { mode: 0o600 });
      renameSync(temp, holderPath(path));
    } catch {
      // The holder file only names the holder in a refusal; the lock itself is held.
    }
    return new ProcessLock(path, db);
  }

  /** Releases the lock (the kernel would at exit anyway). Safe to call twice. */
  release(): void {
    if (this.db === undefined) return;
    rmSync(holderPath(this.path), { force: true });
    this.db.close();
    this.db = undefined;
  }
}
