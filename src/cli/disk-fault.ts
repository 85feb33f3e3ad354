/**
 * The data directory's two local faults, told apart from defects: it cannot be written (a read-only file system,
 * no permission) or the disk is full. Each becomes one line naming the path and the cause, with its own exit code
 * (cli-error.ts). SQLite keeps a failed write out of the database (each block is one transaction), so neither
 * fault corrupts the chain; `votary node verify` checks it afterwards.
 */
import { accessSync, constants, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CliError } from './cli-error';

type Fault = 'full' | 'not-writable';

/** SQLite's result codes (better-sqlite3's `code`) and Node's errno codes, by fault. */
const FULL = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const NOT_WRITABLE = new Set(['SQLITE_READONLY', 'SQLITE_CANTOPEN', 'EROFS', 'EACCES', 'EPERM']);

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function faultOf(error: unknown): { fault: Fault; code: string } | undefined {
  // A fault may arrive wrapped (a core error whose cause is SQLite's): follow the causes a few steps.
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const code = codeOf(current);
    if (code !== undefined) {
      if (FULL.has(code)) return { fault: 'full', code };
      if (NOT_WRITABLE.has(code) || code.startsWith('SQLITE_READONLY'))
        return { fault: 'not-writable', code };
    }
    // Also a plain { code, message } (the follower's status error).
    const text = (current as { message?: unknown }).message;
    const message = typeof text === 'string' ? text : '';
    if (/database or disk is full|no space left on device/i.test(message))
      return { fault: 'full', code: code ?? 'SQLITE_FULL' };
    if (/readonly database|read-only file system/i.test(message))
      return { fault: 'not-writable', code: code ?? 'SQLITE_READONLY' };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The one line for a fault of `path`, or undefined when `error` is not a disk fault. */
export function diskFault(error: unknown, path: string, stoppedAt?: string): CliError | undefined {
  const found = faultOf(error);
  if (found === undefined) return undefined;
  const after = stoppedAt === undefined ? '' : `; ${stoppedAt}`;
  return found.fault === 'full'
    ? new CliError(
        `the disk holding ${path} is full (${found.code}): free some space and start again${after}`,
        74,
      )
    : new CliError(
        `cannot write to ${path}: ${CAUSES[found.code] ?? `${found.code}, not writable`}${after}`,
        73,
      );
}

/** The cause in words, by code; SQLite's read-only codes mean the file or its folder cannot be written. */
const CAUSES: Record<string, string> = {
  EROFS: 'the file system is read-only (EROFS)',
  EACCES: 'no permission to write there (EACCES)',
  EPERM: 'the operation is not permitted there (EPERM)',
  SQLITE_READONLY: 'the database file cannot be written (SQLITE_READONLY)',
  SQLITE_CANTOPEN: 'the database file cannot be opened or created (SQLITE_CANTOPEN)',
};

/**
 * Creates `dir` if needed and proves it writable by writing a probe file (the mode bits alone say nothing for root,
 * and a read-only mount only shows on a write). Throws the one-line fault naming the first path that failed.
 */
export function ensureWritableDir(dir: string): void {
  let path = dir;
  try {
    // Step by step, so that the error names the directory that could not be created (a recursive mkdir under a
    // read-only mount reports ENOENT for the child instead of EROFS for the parent).
    const missing: string[] = [];
    for (let at = dir; ; at = dirname(at)) {
      try {
        statSync(at);
        break;
      } catch {
        missing.unshift(at);
        if (dirname(at) === at) break;
      }
    }
    for (const each of missing) {
      path = each;
      mkdirSync(each);
    }
    path = dir;
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.votary-write-probe-${process.pid}`);
    path = probe;
    writeFileSync(probe, '');
    rmSync(probe, { force: true });
  } catch (error) {
    throw (
      diskFault(error, path) ??
      new CliError(`cannot use ${path} as the data directory: ${codeOf(error) ?? (error as Error).message}`)
    );
  }
}
