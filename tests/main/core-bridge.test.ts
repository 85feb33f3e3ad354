/**
 * The bridge between the windows' process and the core's process (src/main/core-process/core-bridge.ts and
 * src/core/services/app-core-process.ts) over a worker_threads MessageChannel: requests answered under their
 * ids, typed errors as the core made them, push events (those before the first listener kept), the keychain asked
 * across, a core that cannot open, a crash answered ERR_DISCONNECTED and restarted as the policy allows, and a
 * clean close.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Keychain } from '../../src/core/keystore';
import { AppEvents } from '../../src/core/services/events';
import type { ServedCore } from '../../src/core/services/app-core-process';
import { CoreBridge, CoreStartError } from '../../src/main/core-process/core-bridge';
import { RestartPolicy } from '../../src/main/core-process/restart-policy';
import { fromCoreFrame, toCoreFrame } from '../../src/shared/ipc/port-frames';
import { CodedError } from '../../src/shared/lib/coded-error';
import { MemoryKeychain } from '../support/memory-keychain';
import { inProcessChild, type InProcessChild } from './in-process-core';

interface TestCore extends ServedCore {
  events: AppEvents;
  closed: boolean;
  options: unknown;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function testCore(options: unknown, keychain: Keychain): TestCore {
  const events = new AppEvents();
  const core: TestCore = {
    events,
    closed: false,
    options,
    handleRequest: async (channel, payload) => {
      const request = payload as { ms?: number; echo?: unknown; account?: string } | undefined;
      switch (channel) {
        case 'test:echo':
          await wait(request?.ms ?? 0);
          return { ok: true, value: request?.echo };
        case 'test:refuse':
          return {
            ok: false,
            error: { code: 'ERR_LOCKED', message: 'The vault is locked.', details: { reason: 'idle' } },
          };
        case 'test:secret':
          try {
            return { ok: true, value: await keychain.getSecret(request?.account ?? '') };
          } catch (error) {
            return {
              ok: false,
              error: { code: 'ERR_KEYCHAIN_UNAVAILABLE', message: (error as Error).message },
            };
          }
        case 'test:store':
          await keychain.setSecret(request?.account ?? '', 'kept');
          return { ok: true, value: await keychain.status() };
        default:
          return { ok: false, error: { code: 'ERR_UNKNOWN_CHANNEL', message: `no ${String(channel)}` } };
      }
    },
    subscribe: (listener) => events.subscribe(listener),
    close: () => {
      core.closed = true;
      return Promise.resolve();
    },
  };
  return core;
}

let bridge: CoreBridge | undefined;
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

/** A bridge over in-process children; `cores` and `children` list every start, restarts included. */
async function startBridge(
  options: { keychain?: Keychain; maxRestarts?: number; open?: (options: unknown) => Promise<never> } = {},
) {
  const cores: TestCore[] = [];
  const children: InProcessChild[] = [];
  const logs: string[] = [];
  bridge = await CoreBridge.start({
    launch: () => {
      const child = inProcessChild((openOptions, keychain) => {
        if (options.open !== undefined) return options.open(openOptions);
        const core = testCore(openOptions, keychain);
        cores.push(core);
        return Promise.resolve(core);
      });
      children.push(child);
      return child;
    },
    openOptions: { dataDir: '/somewhere', version: '1.2.3' },
    keychain: options.keychain ?? new MemoryKeychain(),
    restart: { maxRestarts: options.maxRestarts ?? 3, firstDelayMs: 1 },
    log: (line) => logs.push(line),
  });
  return { bridge, cores, children, logs };
}

/** Waits for `condition` (vitest's waitUntil, polling every 5 ms for up to 2.5 s). */
const until = (condition: () => boolean) => vi.waitUntil(condition, { timeout: 2_500, interval: 5 });

/** Waits until the bridge answers again (a restarted core has opened). */
async function answered(bridge: CoreBridge): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if ((await bridge.handleRequest('test:echo', { echo: 'up?' })).ok) return;
    await wait(5);
  }
  throw new Error('the core did not start again');
}

describe('the core bridge', () => {
  it('opens the core with the options sent and answers each request under its own id', async () => {
    const { bridge, cores } = await startBridge();
    expect(cores[0]!.options).toEqual({ dataDir: '/somewhere', version: '1.2.3' });
    // The slow one is asked first and answers last: each answer still reaches its own request.
    const answers = await Promise.all([
      bridge.handleRequest('test:echo', { ms: 40, echo: 'first' }),
      bridge.handleRequest('test:echo', { ms: 0, echo: { amount: '12', raw: new Uint8Array([1, 2]) } }),
      bridge.handleRequest('test:echo', { ms: 10, echo: 3n }),
    ]);
    expect(answers).toEqual([
      { ok: true, value: 'first' },
      { ok: true, value: { amount: '12', raw: new Uint8Array([1, 2]) } },
      { ok: true, value: 3n },
    ]);
  });

  it("passes the core's typed errors through unchanged, and refuses what cannot be sent with a typed error", async () => {
    const { bridge } = await startBridge();
    expect(await bridge.handleRequest('test:refuse', undefined)).toEqual({
      ok: false,
      error: { code: 'ERR_LOCKED', message: 'The vault is locked.', details: { reason: 'idle' } },
    });
    expect(await bridge.handleRequest('test:echo', { echo: () => 1 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_INVALID_REQUEST' },
    });
    expect(await bridge.handleRequest(42, undefined)).toMatchObject({
      ok: false,
      error: { code: 'ERR_UNKNOWN_CHANNEL' },
    });
    // The bridge still answers after a refused send.
    expect(await bridge.handleRequest('test:echo', { echo: 'still here' })).toEqual({
      ok: true,
      value: 'still here',
    });
  });

  it('forwards push events; those raised before the first listener reach it, unknown events do not', async () => {
    const { bridge, cores, children } = await startBridge();
    cores[0]!.events.alert('info', 'API_PORT_IN_USE', 'Port 4003 is taken.');
    children[0]!.mainPort.postMessage({ kind: 'event', event: 'not:an-event', payload: {} });
    await wait(20);
    const seen: [string, unknown][] = [];
    bridge.subscribe((event, payload) => seen.push([event, payload]));
    await until(() => seen.length === 1);
    cores[0]!.events.alert('warning', 'FORGING_FAILED', 'Forging failed.');
    await until(() => seen.length === 2);
    expect(seen[1]).toEqual(['monitor:alert', expect.objectContaining({ code: 'FORGING_FAILED' })]);
    expect(seen[0]).toEqual(['monitor:alert', expect.objectContaining({ code: 'API_PORT_IN_USE' })]);
  });

  it("answers the core's keychain questions from this side's keychain", async () => {
    const keychain = new MemoryKeychain();
    keychain.entries.set('default', 's3cret');
    const { bridge } = await startBridge({ keychain });
    expect(await bridge.handleRequest('test:secret', { account: 'default' })).toEqual({
      ok: true,
      value: 's3cret',
    });
    expect(await bridge.handleRequest('test:secret', { account: 'nobody' })).toEqual({
      ok: true,
      value: null,
    });
    expect(await bridge.handleRequest('test:store', { account: 'other' })).toEqual({
      ok: true,
      value: { available: true },
    });
    expect(keychain.entries.get('other')).toBe('kept');
  });

  it("carries the keychain's failure back to the core as a failure", async () => {
    const broken: Keychain = {
      status: () => Promise.resolve({ available: false, reason: 'no Secret Service' }),
      getSecret: () => Promise.reject(new Error('the keyring is locked')),
      setSecret: () => Promise.reject(new Error('the keyring is locked')),
      deleteSecret: () => Promise.resolve(false),
    };
    const { bridge } = await startBridge({ keychain: broken });
    expect(await bridge.handleRequest('test:secret', { account: 'default' })).toEqual({
      ok: false,
      error: { code: 'ERR_KEYCHAIN_UNAVAILABLE', message: 'the keyring is locked' },
    });
  });

  it("is refused with the core's typed error when the core cannot open", async () => {
    const start = startBridge({
      open: () =>
        Promise.reject(new CodedError('ERR_IN_USE', 'The data directory is in use by votary serve.')),
    });
    await expect(start).rejects.toBeInstanceOf(CoreStartError);
    await expect(start).rejects.toMatchObject({
      code: 'ERR_IN_USE',
      message: 'The data directory is in use by votary serve.',
    });
  });

  it('answers a request in flight ERR_DISCONNECTED when the core crashes, tells the window, and restarts it', async () => {
    const { bridge, cores, children } = await startBridge();
    const alerts: unknown[] = [];
    bridge.subscribe((event, payload) => {
      if (event === 'monitor:alert') alerts.push(payload);
    });
    const inFlight = bridge.handleRequest('test:echo', { ms: 1_000, echo: 'never' });
    await wait(10);
    children[0]!.crash(3);
    expect(await inFlight).toMatchObject({
      ok: false,
      error: { code: 'ERR_DISCONNECTED', message: expect.stringContaining('exit code 3') as unknown },
    });
    // Meanwhile requests are answered at once, not queued.
    expect(await bridge.handleRequest('test:echo', { echo: 1 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DISCONNECTED' },
    });
    await until(() => cores.length === 2);
    await until(() => alerts.length === 1);
    expect(alerts[0]).toMatchObject({ level: 'warning', code: 'CORE_RESTARTED' });
    await answered(bridge);
    expect(children).toHaveLength(2);
    expect(await bridge.handleRequest('test:echo', { echo: 'again' })).toEqual({ ok: true, value: 'again' });
  });

  it('tells the window once the restarted core has opened, so that it reads everything again; a core cannot say it', async () => {
    const { bridge, cores, children } = await startBridge();
    const seen: [string, unknown][] = [];
    bridge.subscribe((event, payload) => seen.push([event, payload]));
    // Only the bridge knows a core is a new one: the same event sent by a core is dropped.
    children[0]!.mainPort.postMessage({ kind: 'event', event: 'app:core-restarted', payload: { at: 1 } });
    await wait(20);
    expect(seen).toEqual([]);
    children[0]!.crash(3);
    await until(() => seen.some(([event]) => event === 'app:core-restarted'));
    expect(cores).toHaveLength(2);
    expect(seen.map(([event]) => event)).toEqual(['monitor:alert', 'app:core-restarted']);
    expect(seen[1]![1]).toEqual({ at: expect.any(Number) as unknown });
    // When the window hears it, the new core answers.
    expect(await bridge.handleRequest('test:echo', { echo: 'again' })).toEqual({ ok: true, value: 'again' });
  });

  it('leaves a core that keeps crashing down, and says so', async () => {
    const { bridge, children } = await startBridge({ maxRestarts: 1 });
    const alerts: { code: string }[] = [];
    bridge.subscribe((event, payload) => {
      if (event === 'monitor:alert') alerts.push(payload as { code: string });
    });
    children[0]!.crash(1);
    await answered(bridge);
    children[1]!.crash(1);
    await until(() => alerts.length === 2);
    expect(alerts.map((alert) => alert.code)).toEqual(['CORE_RESTARTED', 'CORE_STOPPED']);
    await wait(20);
    expect(children).toHaveLength(2);
    expect(await bridge.handleRequest('test:echo', { echo: 1 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DISCONNECTED', message: expect.stringContaining('not started again') as unknown },
    });
  });

  it('closes the core before its process ends, and answers nothing after', async () => {
    const { bridge, cores, children } = await startBridge();
    await bridge.close();
    expect(cores[0]!.closed).toBe(true);
    expect(await children[0]!.exited).toEqual({ code: 0 });
    expect(await bridge.handleRequest('test:echo', { echo: 1 })).toMatchObject({
      ok: false,
      error: { code: 'ERR_DISCONNECTED' },
    });
    expect(cores).toHaveLength(1);
  });
});

describe('the restart policy', () => {
  it('waits longer each time, stops after the allowed restarts, and forgets restarts outside its window', () => {
    const policy = new RestartPolicy({ maxRestarts: 3, windowMs: 60_000, firstDelayMs: 500 });
    expect([policy.next(0), policy.next(1_000), policy.next(2_000), policy.next(3_000)]).toEqual([
      500,
      1_000,
      2_000,
      undefined,
    ]);
    expect(policy.next(61_000)).toBe(1_000);
    expect(policy.next(200_000)).toBe(500);
  });
});

describe('the frames', () => {
  it('keeps well-formed frames and drops any other', () => {
    expect(fromCoreFrame({ kind: 'answer', id: 1, result: { ok: true, value: 2 } })).toEqual({
      kind: 'answer',
      id: 1,
      result: { ok: true, value: 2 },
    });
    for (const bad of [
      null,
      'ready',
      { kind: 'answer', id: -1, result: { ok: true } },
      { kind: 'answer', id: 1, result: { ok: false, error: { code: 1 } } },
      { kind: 'keychain', id: 1, op: 'dump', account: 'x' },
      { kind: 'event', event: 7 },
    ]) {
      expect(fromCoreFrame(bad)).toBeUndefined();
    }
    expect(toCoreFrame({ kind: 'request', id: 4, channel: 'app:info' })).toEqual({
      kind: 'request',
      id: 4,
      channel: 'app:info',
      payload: undefined,
    });
    expect(toCoreFrame({ kind: 'request', id: 1.5, channel: 'app:info' })).toBeUndefined();
    expect(toCoreFrame({ kind: 'keychain-answer', id: 1, result: { ok: false } })).toBeUndefined();
  });
});
