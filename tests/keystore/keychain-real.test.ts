/**
 * "Unlock on this device" against a real OS keychain: keytar → libsecret → gnome-keyring over a private D-Bus
 * session. No skipping: where dbus-run-session or gnome-keyring-daemon is missing this fails and says what to
 * install (scripts/setup.sh installs them).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../support/node-bundle';
import { tempDataDir } from './support';

let childPath = '';

function hasCommand(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;
}

beforeAll(async () => {
  childPath = await bundleForNode('tests/keystore/keychain-child.ts', 'tests/keychain-child.mjs');
});

/** Runs the three steps as separate node processes inside one D-Bus session with an unlocked keyring. */
function runInKeyringSession(dataDir: string): Record<string, unknown>[] {
  const home = tempDataDir();
  for (const dir of ['data', 'cache', 'run', 'config']) mkdirSync(join(home, dir), { mode: 0o700 });
  const steps = ['enable', 'unlock', 'disable']
    .map((step) => `node '${childPath}' ${step} '${dataDir}'`)
    .join(' && ');
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CACHE_HOME: join(home, 'cache'),
    XDG_RUNTIME_DIR: join(home, 'run'),
    XDG_CONFIG_HOME: join(home, 'config'),
  };
  const result = spawnSync(
    'dbus-run-session',
    [
      '--',
      'sh',
      '-c',
      `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ${steps}`,
    ],
    { encoding: 'utf8', env, timeout: 60_000 },
  );
  expect(result.error, String(result.error)).toBeUndefined();
  expect(result.status, `the keyring session failed:\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('unlock on this device with the real OS keychain', () => {
  it('has the tools to run a keyring (installed by scripts/setup.sh)', () => {
    const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((name) => !hasCommand(name));
    expect(
      missing,
      `missing ${missing.join(', ')}: install the Debian packages dbus, gnome-keyring and libsecret-1-dev ` +
        '(scripts/setup.sh does), then `npm ci` to build keytar',
    ).toEqual([]);
  });

  it('enables device unlock, unlocks without the password in a new process, then disables it', () => {
    const dataDir = tempDataDir();
    const [enable, unlock, disable] = runInKeyringSession(dataDir);
    expect(enable, 'keytar could not reach the keyring').toMatchObject({ status: { available: true } });
    expect(enable).toMatchObject({ step: 'enable', enabled: true, entry: true });
    expect(unlock).toEqual({
      step: 'unlock',
      status: { available: true },
      address: enable!.address,
      verified: true,
    });
    expect(disable).toEqual({
      step: 'disable',
      status: { available: true },
      enabled: false,
      entry: false,
      unlockAfter: 'ERR_DEVICE_UNLOCK_NOT_ENABLED',
      wallets: 1,
    });
  });
});
