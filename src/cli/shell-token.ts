/**
 * The browser shell's launch token, kept per profile across restarts (`<dataDir>/profiles/<profile>/shell-token`,
 * readable by the user only): after `votary serve` restarts, the tab that is still open reconnects by itself
 * instead of being locked out with a token that no longer exists. The file is the secret's only copy on disk, so it
 * is created with mode 0600 in a 0700 directory; one that others may read, or that does not hold a token, is
 * replaced with a new token (the open tab then needs the newly printed URL).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function shellTokenPath(dataDir: string, profile = 'default'): string {
  return join(dataDir, 'profiles', profile, 'shell-token');
}

function readable(path: string): string | undefined {
  try {
    const stat = statSync(path);
    // Group or others may read it: no longer a secret.
    if (process.platform !== 'win32' && (stat.mode & 0o077) !== 0) return undefined;
    const token = readFileSync(path, 'utf8').trim();
    return TOKEN.test(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The profile's token, created (or replaced, see above) when there is no usable one. */
export function profileShellToken(dataDir: string, profile = 'default'): string {
  const path = shellTokenPath(dataDir, profile);
  const kept = readable(path);
  if (kept !== undefined) return kept;
  const token = randomBytes(32).toString('base64url');
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return token;
}
