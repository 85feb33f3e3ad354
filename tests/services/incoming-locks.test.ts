/** chain:incoming-locks: the open locks addressed to a wallet, which it can claim (ARK `/locks?recipientId=`). */
import { describe, expect, it } from 'vitest';
import { call, clockedCoreWithVault, reviewAndSend } from './support';

describe('locks addressed to a wallet', () => {
  const { core, clock } = clockedCoreWithVault();

  it('lists a lock for its recipient (not for others) until it is claimed', async () => {
    const sender = await call(core(), 'wallets:import-passphrase', { passphrase: 'incoming locks sender' });
    const receiver = await call(core(), 'wallets:import-passphrase', {
      passphrase: 'incoming locks receiver',
    });
    const funded = await call(core(), 'localnet:fund', { address: sender.address });
    await clock.confirm(core(), funded.transactionId);
    const locked = await reviewAndSend(core(), sender.id, {
      kind: 'htlcLock',
      recipientId: receiver.address,
      amount: '300000000',
      expiration: { type: 'height', afterBlocks: 40 },
    });
    expect(locked.accepted).toBe(true);
    await clock.confirm(core(), locked.id);

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

    const claim = await reviewAndSend(core(), receiver.id, {
      kind: 'htlcClaim',
      lockId: locked.id,
      secret: locked.htlc!.secret,
    });
    expect(claim.accepted).toBe(true);
    await clock.confirm(core(), claim.id);
    expect(
      (await call(core(), 'chain:incoming-locks', { address: receiver.address, page: 1, limit: 10 })).data,
    ).toEqual([]);
  });

  it('follows a lock through its life: pending, open, claimed; an id the node never saw is unknown', async () => {
    const sender = await call(core(), 'wallets:import-passphrase', { passphrase: 'lock states sender' });
    const receiver = await call(core(), 'wallets:import-passphrase', { passphrase: 'lock states receiver' });
    const funded = await call(core(), 'localnet:fund', { address: sender.address });
    await clock.confirm(core(), funded.transactionId);
    const states = async (...ids: string[]) =>
      (await call(core(), 'chain:lock-states', { ids })).map((s) => [s.lockId, s.state, s.closedBy]);

    await call(core(), 'localnet:pause', undefined);
    const lock = (afterBlocks: number) =>
      reviewAndSend(core(), sender.id, {
        kind: 'htlcLock',
        recipientId: receiver.address,
        amount: '100000000',
        expiration: { type: 'height', afterBlocks },
      });
    const claimed = await lock(40);
    expect(await states(claimed.id)).toEqual([[claimed.id, 'pending', undefined]]);
    await call(core(), 'localnet:resume', undefined);
    await clock.confirm(core(), claimed.id);
    expect(await states(claimed.id)).toEqual([[claimed.id, 'open', undefined]]);

    const claim = await reviewAndSend(core(), receiver.id, {
      kind: 'htlcClaim',
      lockId: claimed.id,
      secret: claimed.htlc!.secret,
    });
    await clock.confirm(core(), claim.id);
    const never = 'ab'.repeat(32);
    expect(await states(claimed.id, never)).toEqual([
      [claimed.id, 'claimed', claim.id],
      [never, 'unknown', undefined],
    ]);
  });
});
