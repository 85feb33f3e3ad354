/**
 * The signing settings reach every window from the host (core/services/transactions/handlers.ts): a change saved
 * in one window is pushed as `tx:signing-settings`, so another window's Settings and reviews show it without a
 * reload (renderer lib/reads/signing.ts).
 */
import { describe, expect, it } from 'vitest';
import { call, coreEach, nextEvent } from './support';

describe('tx:signing-settings', () => {
  const opened = coreEach();

  it('is pushed with both settings after either is saved, and not after a read', async () => {
    const { core } = opened;
    const pushed: unknown[] = [];
    core.subscribe((event, payload) => {
      if (event === 'tx:signing-settings') pushed.push(payload);
    });
    await call(core, 'tx:fee-ceiling');
    await call(core, 'tx:sign-password');
    expect(pushed).toEqual([]);

    const ceiling = nextEvent(core, 'tx:signing-settings');
    await call(core, 'tx:fee-ceiling', { multiple: 25 });
    await expect(ceiling).resolves.toEqual({ minutes: 5, multiple: 25 });

    const minutes = nextEvent(core, 'tx:signing-settings');
    await call(core, 'tx:sign-password', { minutes: 0 });
    await expect(minutes).resolves.toEqual({ minutes: 0, multiple: 25 });
    expect(pushed).toHaveLength(2);
  });
});
