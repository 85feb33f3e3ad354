/**
 * Ledger wallets through the app's channels, replaying what ARK's Ledger app answered in speculos
 * (tests/fixtures/ledger/app-journey.json, recorded by tests/ledger/app-services.ledger.ts): every APDU the core
 * sends must equal the recorded one byte for byte — the prepared transaction's exact bytes go to the device — and the
 * signatures the core broadcasts are the device's. The journey (tests/support/ledger-journey.ts): accounts with
 * their balances, one added, a transfer and a vote forged, messages, kinds refused before the review, a refusal and
 * an unplug that leave nothing pending and the review signable, then that review signed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import { LedgerError } from '../../src/core/ledger';
import type { LedgerConnection } from '../../src/core/services/ledger/ledger-host';
import { loadSession, sessionOpener } from '../support/ledger-apdu';
import { ledgerJourney } from '../support/ledger-journey';
import { call, CoreClock, openCore, PASSWORD, refusal, removeDir, tempDir } from './support';

describe('Ledger wallets through the app, replaying ARK’s app', () => {
  const open = sessionOpener(loadSession('app-journey'));
  /** The device as the core reaches it: a test may hold its opener (the core reads it at each use). */
  const connection: LedgerConnection = { open, transport: 'speculos' };
  const clock = new CoreClock();
  let dir = '';
  let core: AppCore;

  beforeAll(async () => {
    dir = tempDir();
    core = await openCore(dir, {
      forging: false,
      now: clock.read,
      ledger: connection,
    });
    await call(core, 'vault:create', { password: PASSWORD });
  });
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  it('adds accounts, sends and votes on the device, signs messages, and leaves nothing half-done', async () => {
    const noDevice = { choose: async () => {}, unplugWhileShowing: async () => {}, plugIn: async () => {} };
    await ledgerJourney(core, clock, noDevice);
    // Every recorded connection was made, each to its last exchange, and each closed.
    expect(open.remaining).toBe(0);
    expect(open.opened.every((t) => t.done && t.closed)).toBe(true);
  });

  it('answers a second use while the device is busy, without opening it again', async () => {
    // A first use holds the device: its opening waits until released, then finds no device.
    let release = () => {};
    let opened = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const opening = new Promise<void>((resolve) => (opened = resolve));
    connection.open = async () => {
      opened();
      await released;
      throw new LedgerError('ERR_LEDGER_NOT_CONNECTED', 'No Ledger is connected.');
    };
    try {
      const holding = call(core, 'ledger:status');
      await opening;
      expect(await call(core, 'ledger:status')).toMatchObject({ state: 'busy', code: 'ERR_LEDGER_BUSY' });
      expect(await refusal(core, 'ledger:discover', {})).toMatchObject({ code: 'ERR_LEDGER_BUSY' });
      release();
      expect(await holding).toMatchObject({ state: 'not-connected', code: 'ERR_LEDGER_NOT_CONNECTED' });
    } finally {
      connection.open = open;
    }
  });
});
