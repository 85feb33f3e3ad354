/**
 * The bridge across a real process boundary (Node's child-process channel with structured-clone serialization,
 * standing in for Electron's utilityProcess and MessagePort): the core's side is dist/forked-core.mjs
 * (forked-core-child.ts). Requests and typed errors cross; a core that cannot open is refused with its code; a
 * process that ends mid-request is answered ERR_DISCONNECTED and replaced by a new process; close ends it cleanly.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CoreBridge, CoreStartError } from '../../src/main/core-process/core-bridge';
import { MemoryKeychain } from '../support/memory-keychain';
import { forkCore } from './process-frames';

const CHILD = join(import.meta.dirname, '..', '..', 'dist', 'forked-core.mjs');

let bridge: CoreBridge | undefined;
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

function start(openOptions: unknown = {}) {
  const exits: Promise<unknown>[] = [];
  return {
    exits,
    started: CoreBridge.start({
      launch: () => {
        const child = forkCore(CHILD);
        exits.push(child.exited);
        return child;
      },
      openOptions,
      keychain: new MemoryKeychain(),
      restart: { firstDelayMs: 10 },
      log: () => undefined,
    }),
  };
}

describe('the core bridge over a child process', () => {
  it('carries requests, values and typed errors across the process boundary', async () => {
    bridge = await start().started;
    const payload = { amount: '100000000', id: 2n ** 70n, bytes: new Uint8Array([0, 255]) };
    expect(await bridge.handleRequest('test:echo', payload)).toEqual({ ok: true, value: payload });
    expect(await bridge.handleRequest('test:refuse', undefined)).toEqual({
      ok: false,
      error: { code: 'ERR_INSUFFICIENT_FUNDS', message: 'Not enough.', details: { missing: '5' } },
    });
    const pid = await bridge.handleRequest('test:pid', undefined);
    expect(pid).toMatchObject({ ok: true });
    expect((pid as { value: number }).value).not.toBe(process.pid);
  });

  it("is refused with the core's code when the core cannot open, and the process ends", async () => {
    const { started, exits } = start({ refuse: 'ERR_IN_USE' });
    await expect(started).rejects.toBeInstanceOf(CoreStartError);
    await expect(started).rejects.toMatchObject({ code: 'ERR_IN_USE' });
    await exits[0];
  });

  it('answers a request whose process ended ERR_DISCONNECTED, then serves from a new process', async () => {
    const { started } = start();
    bridge = await started;
    const first = (await bridge.handleRequest('test:pid', undefined)) as { value: number };
    expect(await bridge.handleRequest('test:crash', undefined)).toMatchObject({
      ok: false,
      error: { code: 'ERR_DISCONNECTED', message: expect.stringContaining('exit code 7') as unknown },
    });
    let second: { ok: boolean; value?: number } = { ok: false };
    for (let i = 0; i < 200 && !second.ok; i++) {
      second = (await bridge.handleRequest('test:pid', undefined)) as typeof second;
      if (!second.ok) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(second.ok).toBe(true);
    expect(second.value).not.toBe(first.value);
  });

  it('closes the process cleanly', async () => {
    const { started, exits } = start();
    const closing = await started;
    await closing.close();
    expect(await exits[0]).toEqual({ code: 0, signal: null });
  });
});
