/**
 * Password checks one at a time, and slower after each wrong guess (docs/design/security.md "Key store").
 *
 * Every scrypt derivation takes 128 MiB and most of a core for about half a second; twelve guesses at once took
 * 130 MiB more and stalled the app. So derivations run in one queue, and after FREE_ATTEMPTS wrong passwords in a
 * row each further attempt must wait twice as long as the one before (1 s, 2 s, 4 s … at most 15 minutes). A
 * refused attempt runs no derivation at all and says how long to wait; even the right password is refused
 * until the wait is over, or the refusal would tell a guesser which guess was right. The count is kept in
 * `<profile>/password-attempts.json`, so a restart does not reset it; the right password resets it.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../fs/atomic-file';
import { KeystoreError } from './errors';

/** Wrong passwords in a row that cost nothing extra (typos). */
export const FREE_ATTEMPTS = 3;
const FIRST_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 15 * 60_000;

interface AttemptsRecord {
  failures: number;
  /** Unix ms of the last wrong password. */
  lastFailureAt: number;
}

/** How long after the last failure the next attempt must wait, for `failures` wrong passwords in a row. */
export function attemptDelayMs(failures: number): number {
  if (failures < FREE_ATTEMPTS) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_ATTEMPTS), MAX_DELAY_MS);
}

function isWrongPassword(error: unknown): boolean {
  return error instanceof KeystoreError && error.code === 'ERR_WRONG_PASSWORD';
}

function parseRecord(text: string): AttemptsRecord {
  const value = JSON.parse(text) as Partial<AttemptsRecord>;
  const failures = Number.isSafeInteger(value.failures) && value.failures! > 0 ? value.failures! : 0;
  const last = Number.isFinite(value.lastFailureAt) ? value.lastFailureAt! : 0;
  return { failures, lastFailureAt: last };
}

export class PasswordAttempts {
  private queue: Promise<unknown> = Promise.resolve();
  private record: AttemptsRecord | undefined;

  constructor(
    private readonly path: string,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `check`, which derives a key from a password, after every earlier one has finished, unless wrong
   * passwords are still being slowed down (ERR_TOO_MANY_ATTEMPTS). ERR_WRONG_PASSWORD from it counts as a failure;
   * success resets the count.
   */
  check<T>(check: () => Promise<T>): Promise<T> {
    return this.derive(() => this.attempt(check));
  }

  /** Runs a derivation that checks no password (a new vault or new password) in the same queue. */
  derive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async attempt<T>(check: () => Promise<T>): Promise<T> {
    const record = await this.load();
    const waitMs = record.lastFailureAt + attemptDelayMs(record.failures) - this.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new KeystoreError(
        'ERR_TOO_MANY_ATTEMPTS',
        `Too many wrong passwords in a row. Wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`,
      );
    }
    try {
      const result = await check();
      if (record.failures > 0) await this.save({ failures: 0, lastFailureAt: 0 });
      return result;
    } catch (error) {
      if (isWrongPassword(error)) {
        await this.save({ failures: record.failures + 1, lastFailureAt: this.now() });
      }
      throw error;
    }
  }

  private async load(): Promise<AttemptsRecord> {
    if (this.record !== undefined) return this.record;
    try {
      this.record = parseRecord(await readFile(this.path, 'utf8'));
    } catch {
      // Missing: no failures yet. Unreadable: start counting again (the file holds no secret).
      this.record = { failures: 0, lastFailureAt: 0 };
    }
    return this.record;
  }

  private async save(record: AttemptsRecord): Promise<void> {
    this.record = record;
    await writeFileAtomic(this.path, `${JSON.stringify(record)}\n`);
  }
}
