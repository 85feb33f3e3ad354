import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { PendingView } from '../../src/shared/domain/transactions';
import type { WalletView } from '../../src/shared/domain/wallets';
import {
  call,
  nextEvent,
  openCore,
  PASSWORD,
  pendingOf,
  removeDir,
  reviewAndSend,
  reviewRefusal,
  tempDir,
} from './support';

const statusOf = (id: string, status: PendingView['status']) => (p: PendingView) =>
  p.id === id && p.status === status;

describe('pending transactions: broadcast → in pool → stuck → expired → rebroadcast → confirmed', () => {
  let dir: string;
  let core: AppCore;
  let alice: WalletView;
  let bob: WalletView;

  beforeAll(async () => {
    dir = tempDir();
    core = await openCore(dir);
    await call(core, 'vault:create', { password: PASSWORD });
    alice = await call(core, 'wallets:import-passphrase', { passphrase: 'pending alice passphrase' });
    bob = await call(core, 'wallets:add-watch-only', {
      address: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4',
      name: 'Genesis',
    });
    const funded = await call(core, 'localnet:fund', { address: alice.address });
    await nextEvent(core, 'tx:status', statusOf(funded.transactionId, 'confirmed'));
  });
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  it('follows two transactions while no block is forged, and explains why they wait', async () => {
    const { node } = core;
    const { checkPending } = core.testSeam;
    nodeParts(node).forger.pause();
    const transfer = (amount: string) =>
      reviewAndSend(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount });
    const first = await transfer('100000000');
    const second = await transfer('200000000');
    expect(first.pending.status).toBe('broadcast');
    expect(BigInt(second.pending.nonce)).toBe(BigInt(first.pending.nonce) + 1n);

    const height = node.height;
    await checkPending('embedded', height);
    expect(await pendingOf(core, first.id)).toMatchObject({
      status: 'in-pool',
      statusText: 'In the pool, waiting for a block.',
    });

    await checkPending('embedded', height + 3);
    expect((await pendingOf(core, first.id)).reason).toMatch(/waited in the pool for 3 blocks/);
    expect((await pendingOf(core, second.id)).reason).toMatch(`nonce ${first.pending.nonce}`);

    const { expiresAtHeight } = await pendingOf(core, first.id);
    await checkPending('embedded', expiresAtHeight);
    expect(await pendingOf(core, first.id)).toMatchObject({
      status: 'expired',
      reason: expect.stringMatching(/No block included it/) as string,
    });

    // The local pool still holds it (its real age is a few blocks): the node answers ERR_DUPLICATE = accepted.
    const again = await call(core, 'tx:rebroadcast', { id: first.id });
    expect(again.status).toBe('broadcast');
    expect(again.broadcastCount).toBe(2);

    const confirmed = Promise.all([
      nextEvent(core, 'tx:status', statusOf(first.id, 'confirmed')),
      nextEvent(core, 'tx:status', statusOf(second.id, 'confirmed')),
    ]);
    nodeParts(node).forger.resume();
    const [a, b] = await confirmed;
    expect(a.height).toBeGreaterThan(height);
    expect(b.height).toBeGreaterThanOrEqual(a.height ?? 0);
    // A block the embedded node verified is final at once: nothing reads it again, nothing waits on it.
    expect([a.confirmationFinal, b.confirmationFinal]).toEqual([true, true]);
    expect(a.reportedBy).toBeUndefined();
  });

  it('a transaction the node would refuse is refused before signing, and nothing is tracked', async () => {
    const before = (await call(core, 'tx:pending')).length;
    const refused = await reviewRefusal(core, alice.id, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: '999999999999999',
    });
    expect(refused).toMatchObject({ code: 'ERR_INVALID_DRAFT', field: 'amount' });
    expect(await call(core, 'tx:pending')).toHaveLength(before);
  });

  it('refuses a memo that looks like a recovery phrase, and a watch-only sender', async () => {
    const phrase =
      'abandon ability able about above absent absorb abstract absurd abuse access accident account accuse';
    const memo = await reviewRefusal(core, alice.id, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: '1',
      memo: phrase,
    });
    expect(memo).toMatchObject({ code: 'ERR_MEMO_LOOKS_LIKE_PHRASE', field: 'memo' });
    const watch = await reviewRefusal(core, bob.id, {
      kind: 'transfer',
      recipientId: alice.address,
      amount: '1',
    });
    expect(watch).toMatchObject({ code: 'ERR_WATCH_ONLY', field: 'wallet' });
  });
});
