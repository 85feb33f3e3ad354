/**
 * The localnet controls through the IPC channels of a real AppCore on a fake clock (each slot run as the slot timer
 * would, tests/services/support.ts CoreClock): pause/resume, offline
 * delegates (their slots missed), snapshots and rollback seen by the API (no stale cached /blocks/last) and by
 * the push events, persistence across a restart, and the refusal on a remote network.
 */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MissedSlotEvent } from '../../src/core/node/forger';
import type { AppCore } from '../../src/core/services';
import { startFakeNode, type FakeNode } from '../client/support/fake-node';
import type { PendingView } from '../../src/shared/domain/transactions';
import { call, CoreClock, nextEvent, openCore, PASSWORD, removeDir, tempDir } from './support';

const LOCALNET_CHANNELS = [
  ['localnet:status', undefined],
  ['localnet:pause', undefined],
  ['localnet:resume', undefined],
  ['localnet:set-offline', { delegates: ['genesis_1'], offline: true }],
  ['localnet:reset', undefined],
  ['localnet:snapshot-save', { name: 'remote' }],
  ['localnet:snapshot-list', undefined],
  ['localnet:snapshot-delete', { name: 'remote' }],
  ['localnet:rollback', { height: 1 }],
] as const;

async function lastBlockFromApi(core: AppCore): Promise<{ id: string; height: number }> {
  const response = await fetch(`${core.info.embeddedApiUrl}/blocks/last`);
  return ((await response.json()) as { data: { id: string; height: number } }).data;
}

async function errorCode(core: AppCore, channel: string, payload?: unknown): Promise<string> {
  const result = await core.handleRequest(channel, payload);
  if (result.ok) throw new Error(`${channel} answered instead of refusing`);
  return result.error.code;
}

describe('localnet controls over IPC', () => {
  let dir: string;
  let core: AppCore;
  let remote: FakeNode;
  const clock = new CoreClock();
  const open = () => openCore(dir, { forging: false, now: clock.read });

  beforeAll(async () => {
    dir = tempDir();
    [core, remote] = await Promise.all([open(), startFakeNode()]);
    clock.forge(core);
  });
  afterAll(async () => {
    await core.close();
    await remote.close();
    removeDir(dir);
  });

  it('reports the forging state, block time, tip and the 21 active delegates', async () => {
    const status = await call(core, 'localnet:status');
    expect(status).toMatchObject({ forging: 'running', blockTime: 1, snapshots: [] });
    expect(status.height).toBeGreaterThan(1);
    expect(status.delegates).toHaveLength(21);
    expect(status.delegates.map((d) => d.slot)).toEqual(Array.from({ length: 21 }, (_, i) => i));
    expect(status.delegates.every((d) => d.username.startsWith('genesis_') && !d.offline)).toBe(true);
  });

  it('pauses forging (no block while paused) and resumes it', async () => {
    const paused = await call(core, 'localnet:pause');
    expect(paused.forging).toBe('paused');
    const height = core.node.height;
    // Two slots pass while paused: the forger leaves them empty.
    expect([clock.step(core), clock.step(core)]).toEqual([
      { kind: 'idle', reason: 'paused' },
      { kind: 'idle', reason: 'paused' },
    ]);
    expect(core.node.height).toBe(height);
    const next = nextEvent<{ height: number }>(core, 'networks:block');
    expect((await call(core, 'localnet:resume')).forging).toBe('running');
    clock.forge(core);
    expect((await next).height).toBe(height + 1);
  });

  it('takes delegates offline by username or public key: their slots are missed until they are back', async () => {
    const status = await call(core, 'localnet:status');
    // All but one of the round offline: of a round's 21 slots, 20 are missed.
    const [kept, ...rest] = status.delegates;
    const refs = rest.map((d, i) => (i % 2 === 0 ? d.username : d.publicKey));
    const missed: MissedSlotEvent[] = [];
    const onMissed = (event: MissedSlotEvent) => missed.push(event);
    core.node.on('missed-slot', onMissed);
    const offline = await call(core, 'localnet:set-offline', { delegates: refs, offline: true });
    expect(offline.delegates.filter((d) => d.offline).map((d) => d.publicKey)).toEqual(
      rest.map((d) => d.publicKey),
    );
    for (let slot = 0; slot < 21; slot++) clock.step(core);
    core.node.off('missed-slot', onMissed);
    expect(missed.length).toBeGreaterThan(0);
    expect(missed.every((e) => e.reason === 'offline' && e.publicKey !== kept!.publicKey)).toBe(true);

    // One unknown name changes nothing.
    expect(
      await errorCode(core, 'localnet:set-offline', { delegates: [kept!.username, 'nobody'], offline: true }),
    ).toBe('ERR_DELEGATE_UNKNOWN');
    const back = await call(core, 'localnet:set-offline', { delegates: refs, offline: false });
    expect(back.delegates.some((d) => d.offline)).toBe(false);
  });

  it('saves a snapshot and rolls back to it: the API, the reads and the events show the restored tip', async () => {
    await call(core, 'localnet:pause');
    const saved = await call(core, 'localnet:snapshot-save', { name: 'checkpoint' });
    expect(saved).toMatchObject({ height: core.node.height, reachable: true });
    await call(core, 'localnet:resume');
    clock.forge(core, 2);
    await call(core, 'localnet:pause');
    // The API caches /blocks/last at this tip.
    expect((await lastBlockFromApi(core)).height).toBeGreaterThanOrEqual(saved.height + 2);

    const sync = nextEvent<{ height: number }>(core, 'networks:sync', (e) => e.height === saved.height);
    const tipEvent = nextEvent<{ id: string }>(core, 'networks:block', (e) => e.id === saved.blockId);
    const result = await call(core, 'localnet:rollback', { snapshot: 'Checkpoint' });
    expect(result).toMatchObject({ height: saved.height, lastBlockId: saved.blockId, reapplied: 0 });
    expect(result.reverted).toBeGreaterThanOrEqual(2);
    await Promise.all([sync, tipEvent]);
    expect(await lastBlockFromApi(core)).toMatchObject({ id: saved.blockId, height: saved.height });
    expect((await call(core, 'chain:blocks', { limit: 1 })).data[0]).toMatchObject({ id: saved.blockId });
    expect((await call(core, 'localnet:status')).forging).toBe('paused');

    expect(await errorCode(core, 'localnet:snapshot-save', { name: 'CHECKPOINT' })).toBe(
      'ERR_SNAPSHOT_EXISTS',
    );
    expect(await errorCode(core, 'localnet:rollback', { snapshot: 'nothing' })).toBe('ERR_SNAPSHOT_UNKNOWN');
    expect(await errorCode(core, 'localnet:rollback', { height: saved.height + 1 })).toBe(
      'ERR_HEIGHT_OUT_OF_RANGE',
    );
    expect(await errorCode(core, 'localnet:rollback', { height: 0 })).toBe('ERR_INVALID_REQUEST');
    expect(await errorCode(core, 'localnet:snapshot-save', { name: '../etc' })).toBe('ERR_INVALID_REQUEST');

    const toHeight = await call(core, 'localnet:rollback', { height: saved.height - 1, pool: 'flush' });
    expect(toHeight).toMatchObject({ reverted: 1, height: saved.height - 1, poolSize: 0 });
    expect((await lastBlockFromApi(core)).height).toBe(saved.height - 1);
    expect((await call(core, 'localnet:snapshot-list'))[0]).toMatchObject({
      name: 'checkpoint',
      reachable: true,
    });

    const reset = await call(core, 'localnet:reset');
    expect(reset).toMatchObject({ height: 1, poolSize: 0 });
    expect(await lastBlockFromApi(core)).toMatchObject({ height: 1 });
    const again = await call(core, 'localnet:rollback', { snapshot: 'checkpoint' });
    expect(again).toMatchObject({ reverted: 0, reapplied: saved.height - 1, lastBlockId: saved.blockId });
    await call(core, 'localnet:snapshot-delete', { name: 'checkpoint' });
    expect(await call(core, 'localnet:snapshot-list')).toEqual([]);
    await call(core, 'localnet:resume');
  });

  it('a rollback below a funding announces the vault wallet as changed, with its balance back', async () => {
    await call(core, 'vault:create', { password: PASSWORD });
    const alice = await call(core, 'wallets:import-passphrase', { passphrase: 'localnet controls alice' });
    const before = core.node.height;
    const funded = (await call(core, 'localnet:fund', { address: alice.address })).transactionId;
    const confirmed = nextEvent<PendingView>(
      core,
      'tx:status',
      (p) => p.id === funded && p.status === 'confirmed',
    );
    clock.forge(core);
    await confirmed;
    expect((await call(core, 'chain:wallet', { address: alice.address })).balance).toBe('100000000000');
    const changed = nextEvent<{ address: string }>(
      core,
      'wallets:changed',
      (e) => e.address === alice.address,
    );
    await call(core, 'localnet:rollback', { height: before, pool: 'flush' });
    await changed;
    expect((await call(core, 'chain:wallet', { address: alice.address })).balance).toBe('0');
  });

  it('keeps the pause and the offline delegates across a restart', async () => {
    await call(core, 'localnet:pause');
    await call(core, 'localnet:set-offline', { delegates: ['genesis_3'], offline: true });
    const height = core.node.height;
    await core.close();
    core = await open();
    const status = await call(core, 'localnet:status');
    expect(status.forging).toBe('paused');
    expect(nodeParts(core.node).forger.isOffline(status.delegates.find((d) => d.offline)!.publicKey)).toBe(
      true,
    );
    expect(status.delegates.filter((d) => d.offline).map((d) => d.username)).toEqual(['genesis_3']);
    expect(clock.step(core)).toEqual({ kind: 'idle', reason: 'paused' });
    expect(core.node.height).toBe(height);
    await call(core, 'localnet:set-offline', { delegates: ['genesis_3'], offline: false });
    await call(core, 'localnet:resume');
  });

  it('refuses every control on a remote network, and the faucet too', async () => {
    const added = await call(core, 'networks:add', { url: remote.url });
    await call(core, 'networks:select', { networkId: added.id });
    for (const [channel, payload] of LOCALNET_CHANNELS) {
      const result = await core.handleRequest(channel, payload);
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'ERR_LOCALNET_ONLY', message: expect.stringContaining('remote') as string },
      });
    }
    expect(nodeParts(core.node).forger.paused).toBe(false);
    expect(await errorCode(core, 'localnet:fund', { address: 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib' })).toBe(
      'ERR_FAUCET_UNAVAILABLE',
    );
    await call(core, 'networks:select', { networkId: 'embedded' });
    await call(core, 'networks:remove', { networkId: added.id });
    expect((await call(core, 'localnet:status')).forging).toBe('running');
  });
});
