/** chain:incoming-locks: the open locks addressed to a wallet, which it can claim (ARK `/locks?recipientId=`). */
import { describe, expect, it } from 'vitest';
import type { PendingView } from '../../src/shared/domain/transactions';
import { call, coreWithVault, nextEvent } from './support';

const confirmed = (id: string) => (p: PendingView) => p.id === id && p.status === 'confirmed';

describe('locks addressed to a wallet', () => {
  const core = coreWithVault();

  it('lists a lock for its recipient (not for others) until it is claimed', async () => {
    const sender = await call(core(), 'wallets:import-passphrase', { passphrase: 'incoming locks sender' });
    const receiver = await call(core(), 'wallets:import-passphrase', {
      passphrase: 'incoming locks receiver',
    });
    const funded = await call(core(), 'faucet:fund', { address: sender.address });
    await nextEvent(core(), 'tx:status', confirmed(funded.transactionId));
    const locked = await call(core(), 'tx:send', {
      walletId: sender.id,
      draft: {
        kind: 'htlcLock',
        recipientId: receiver.address,
        amount: '300000000',
        expiration: { type: 'height', afterBlocks: 40 },
      },
    });
    expect(locked.accepted).toBe(true);
    await nextEvent(core(), 'tx:status', confirmed(locked.id));

    const incoming = await call(core(), 'chain:incoming-locks', {
      address: receiver.address,
      page: 1,
      limit: 10,
    });
    expect(incoming.data.map((lock) => [lock.lockId, lock.amount, lock.recipientId])).toEqual([
      [locked.id, '300000000', receiver.address],
    ]);
    expect(
      (await call(core(), 'chain:incoming-locks', { address: sender.address, page: 1, limit: 10 })).data,
    ).toEqual([]);

    const claim = await call(core(), 'tx:send', {
      walletId: receiver.id,
      draft: { kind: 'htlcClaim', lockId: locked.id, secret: locked.htlc!.secret },
    });
    expect(claim.accepted).toBe(true);
    await nextEvent(core(), 'tx:status', confirmed(claim.id));
    expect(
      (await call(core(), 'chain:incoming-locks', { address: receiver.address, page: 1, limit: 10 })).data,
    ).toEqual([]);
  });
});
