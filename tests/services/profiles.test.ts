/**
 * profiles:* through AppCore's dispatcher on a real data directory: each profile its own vault, wallets, contacts
 * and settings, a switch in the running core (the embedded node stays up), the open profile kept across a restart,
 * names unique, and removal only of a closed profile, with its vault's password.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { call, coreEach, PASSWORD, refusal } from './support';

const LOCALNET = 30;
const mine = addressFromPassphrase('profiles test mine', LOCALNET);
const friend = addressFromPassphrase('profiles test friend', LOCALNET);

const t = coreEach();

const failure = (channel: 'profiles:create' | 'profiles:rename' | 'profiles:remove', payload: unknown) =>
  refusal(t.core, channel, payload);

describe('profiles', () => {
  it('keeps each profile its own vault, wallets, contacts and settings, and reopens the last one', async () => {
    await call(t.core, 'vault:create', { password: PASSWORD });
    await call(t.core, 'wallets:add-watch-only', { name: 'Home', address: mine });
    await call(t.core, 'contacts:add', { name: 'Friend', address: friend });
    const blockHeight = (await call(t.core, 'networks:status')).height;

    const created = await call(t.core, 'profiles:create', { name: '  Work  ', open: true });
    const work = created.profiles.find((profile) => profile.name === 'Work');
    expect(work).toMatchObject({ active: true, hasVault: false });
    expect(created.activeId).toBe(work!.id);
    expect(await call(t.core, 'vault:status')).toMatchObject({ hasVault: false, unlocked: false });
    expect(await call(t.core, 'contacts:list')).toEqual([]);
    // The same embedded chain: a profile is a person's, not a chain's.
    expect((await call(t.core, 'networks:status')).height).toBeGreaterThanOrEqual(blockHeight);

    await call(t.core, 'vault:create', { password: `${PASSWORD} work` });
    expect(await call(t.core, 'wallets:list')).toEqual([]);
    await call(t.core, 'vault:set-auto-lock', { minutes: 42 });
    expect(existsSync(join(t.dir, 'profiles', work!.id, 'vault.json'))).toBe(true);
    expect(existsSync(join(t.dir, 'profiles', work!.id, 'settings.json'))).toBe(true);

    await call(t.core, 'profiles:switch', { id: 'default' });
    expect(await call(t.core, 'vault:status')).toMatchObject({ hasVault: true, unlocked: false });
    expect((await call(t.core, 'vault:status')).idleLockMs).not.toBe(42 * 60_000);
    await call(t.core, 'vault:unlock', { password: PASSWORD });
    expect((await call(t.core, 'wallets:list')).map((wallet) => wallet.name)).toEqual(['Home']);
    expect((await call(t.core, 'contacts:list')).map((contact) => contact.name)).toEqual(['Friend']);

    await call(t.core, 'profiles:switch', { id: work!.id });
    await t.restart();
    const reopened = await call(t.core, 'profiles:list');
    expect(reopened.activeId).toBe(work!.id);
    expect((await call(t.core, 'vault:status')).idleLockMs).toBe(42 * 60_000);
    await call(t.core, 'vault:unlock', { password: `${PASSWORD} work` });
    expect(await call(t.core, 'wallets:list')).toEqual([]);
  });

  it('renames with a name no other profile has, in any case', async () => {
    const list = await call(t.core, 'profiles:create', { name: 'Savings' });
    const savings = list.profiles.find((profile) => profile.name === 'Savings')!;
    expect(savings.active).toBe(false);
    let error = await failure('profiles:create', { name: 'savings' });
    expect(error).toMatchObject({
      code: 'ERR_PROFILE_EXISTS',
      message: 'There is already a profile named "Savings".',
    });
    error = await failure('profiles:rename', { id: 'default', name: 'SAVINGS' });
    expect(error.code).toBe('ERR_PROFILE_EXISTS');
    const renamed = await call(t.core, 'profiles:rename', { id: 'default', name: 'Everyday' });
    expect(renamed.profiles.map((profile) => profile.name)).toEqual(['Everyday', 'Savings']);
    expect((await failure('profiles:rename', { id: 'p-nothing', name: 'X' })).code).toBe(
      'ERR_PROFILE_NOT_FOUND',
    );
    expect((await failure('profiles:create', { name: '   ' })).code).toBe('ERR_INVALID_REQUEST');
  });

  it('removes a closed profile only with its vault password, never the open or the first one', async () => {
    const list = await call(t.core, 'profiles:create', { name: 'Old', open: true });
    const old = list.profiles.find((profile) => profile.name === 'Old')!;
    await call(t.core, 'vault:create', { password: `${PASSWORD} old` });
    await call(t.core, 'wallets:add-watch-only', { name: 'Old wallet', address: mine });

    expect((await failure('profiles:remove', { id: old.id, password: `${PASSWORD} old` })).code).toBe(
      'ERR_PROFILE_IN_USE',
    );
    await call(t.core, 'profiles:switch', { id: 'default' });
    expect((await failure('profiles:remove', { id: 'default' })).code).toBe('ERR_PROFILE_IN_USE');
    expect((await failure('profiles:remove', { id: old.id })).message).toBe(
      'Enter the vault password of "Old" to remove it.',
    );
    expect((await failure('profiles:remove', { id: old.id, password: 'not the password' })).code).toBe(
      'ERR_WRONG_PASSWORD',
    );
    expect(existsSync(join(t.dir, 'profiles', old.id, 'vault.json'))).toBe(true);

    const after = await call(t.core, 'profiles:remove', { id: old.id, password: `${PASSWORD} old` });
    expect(after.profiles.map((profile) => profile.id)).toEqual(['default']);
    expect(existsSync(join(t.dir, 'profiles', old.id))).toBe(false);
  });

  it('removes a profile that never had a vault without a password', async () => {
    const list = await call(t.core, 'profiles:create', { name: 'Empty' });
    const empty = list.profiles.find((profile) => profile.name === 'Empty')!;
    const after = await call(t.core, 'profiles:remove', { id: empty.id });
    expect(after.profiles).toHaveLength(1);
  });
});
