/** The browser shell's token, kept per profile across restarts in a file only the user can read. */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { profileShellToken, shellTokenPath } from '../../src/cli/shell-token';

const dir = mkdtempSync(join(tmpdir(), 'votary-token-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('profile shell token', () => {
  it('is created once (mode 0600) and the same after a restart', () => {
    const token = profileShellToken(dir);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(shellTokenPath(dir)).mode & 0o777).toBe(0o600);
    expect(profileShellToken(dir)).toBe(token);
    expect(profileShellToken(dir, 'other')).not.toBe(token);
  });

  it('is replaced when others may read it, or when the file does not hold a token', () => {
    const path = shellTokenPath(dir);
    const token = profileShellToken(dir);
    chmodSync(path, 0o644);
    const replaced = profileShellToken(dir);
    expect(replaced).not.toBe(token);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    writeFileSync(path, 'short\n', { mode: 0o600 });
    const fresh = profileShellToken(dir);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(path, 'utf8')).toBe(`${fresh}\n`);
  });
});
