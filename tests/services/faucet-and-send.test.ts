import { beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { PendingView } from '../../src/shared/domain/transactions';
import type { WalletChange } from '../../src/shared/domain/wallets';
import { call, clockedCoreWithVault, nextEvent, reviewAndSend } from './support';

describe('AppCore against a real LocalNode (on a fake clock: each block forged when the test needs it)', () => {
  const opened = clockedCoreWithVault();
  const { clock } = opened;
  let core: AppCore;

  beforeAll(() => {
    core = opened.core();
  });

  it('the faucet funds a new wallet, which then sends a transfer that confirms', async () => {
    const alice = await call(core, 'wallets:import-passphrase', {
      passphrase: 'alice test passphrase one',
      name: 'Alice',
    });
    const bob = await call(core, 'wallets:import-passphrase', {
      passphrase: 'bob test passphrase two',
      name: 'Bob',
    });
    expect(alice.networkId).toBe('embedded');

    const activity = nextEvent<WalletChange>(
      core,
      'wallets:changed',
      (change) => change.reason === 'activity' && change.walletId === alice.id,
    );
    const funded = await call(core, 'localnet:fund', { address: alice.address });
    expect(funded.testTokens).toBe(true);
    expect(funded.pending.status).toBe('broadcast');
    const fundedDone = await clock.confirm(core, funded.transactionId);
    expect(fundedDone.height).toBeGreaterThan(1);
    expect(await activity).toMatchObject({ address: alice.address });

    const sent = await reviewAndSend(core, alice.id, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: '250000000',
      memo: 'lunch',
    });
    expect(sent.accepted).toBe(true);
    const done: PendingView = await clock.confirm(core, sent.id);
    expect(done.confirmations).toBeGreaterThanOrEqual(1);
    expect(done.statusText).toMatch(/^Confirmed in block \d+/);

    const pending = await call(core, 'tx:pending');
    expect(pending.map((p) => p.id)).toEqual(expect.arrayContaining([sent.id, funded.transactionId]));
  });
});
