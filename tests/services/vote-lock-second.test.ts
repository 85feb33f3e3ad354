import { nodeParts } from '../../src/core/node/parts';
import { beforeAll, describe, expect, it } from 'vitest';
import { localnetWallets } from '../../src/core/node';
import type { AppCore } from '../../src/core/services';
import type { SendResult } from '../../src/shared/domain/transactions';
import type { WalletView } from '../../src/shared/domain/wallets';
import { call, clockedCoreWithVault, reviewAndSend, reviewRefusal } from './support';

const delegates = localnetWallets().filter((w) => w.role === 'delegate');
const [first, second] = delegates;

describe('vote, switch, HTLC lock and claim, second passphrase — signed in the key store, confirmed on chain', () => {
  const opened = clockedCoreWithVault();
  const { clock } = opened;
  let core: AppCore;
  let alice: WalletView;
  let bob: WalletView;

  const confirmed = (sent: SendResult | Promise<SendResult>) => clock.confirmSent(core, sent);

  beforeAll(async () => {
    core = opened.core();
    alice = await call(core, 'wallets:import-passphrase', { passphrase: 'voting alice passphrase' });
    bob = await call(core, 'wallets:import-passphrase', { passphrase: 'claiming bob passphrase' });
    const fundA = await call(core, 'localnet:fund', { address: alice.address });
    const fundB = await call(core, 'localnet:fund', { address: bob.address, amount: '1000000000' });
    // Both are in the pool: the next block holds both.
    await clock.confirmAll(core, [fundA.transactionId, fundB.transactionId]);
  });

  it('votes, then switches the vote in one transaction', async () => {
    await confirmed(reviewAndSend(core, alice.id, { kind: 'vote', vote: first!.publicKey }));
    expect(nodeParts(core.node).store.state().wallet(alice.address).vote).toBe(first!.publicKey);
    await confirmed(
      reviewAndSend(core, alice.id, { kind: 'vote', unvote: first!.publicKey, vote: second!.publicKey }),
    );
    expect(nodeParts(core.node).store.state().wallet(alice.address).vote).toBe(second!.publicKey);
    const onChain = await call(core, 'chain:wallet', { address: alice.address });
    expect(onChain).toMatchObject({ known: true, vote: second!.publicKey });
  });

  it('locks funds for bob with a generated secret; bob claims them with it', async () => {
    const lock = await reviewAndSend(core, alice.id, {
      kind: 'htlcLock',
      recipientId: bob.address,
      amount: '300000000',
      expiration: { type: 'height', afterBlocks: 50 },
    });
    expect(lock.htlc?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(lock.htlc?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    await confirmed(lock);
    expect(nodeParts(core.node).store.state().lock(lock.id)?.status).toBe('locked');

    const before = nodeParts(core.node).store.state().wallet(bob.address).balance;
    const claim = await reviewAndSend(core, bob.id, {
      kind: 'htlcClaim',
      lockId: lock.id,
      secret: lock.htlc?.secret ?? '',
    });
    // The pending list says what the claim moves (the lock's amount), not its own amount of 0.
    expect(claim.pending).toMatchObject({ kind: 'htlcClaim', amount: '0', lockAmount: '300000000' });
    await confirmed(claim);
    expect(nodeParts(core.node).store.state().lock(lock.id)?.status).toBe('claimed');
    expect(nodeParts(core.node).store.state().wallet(bob.address).balance).toBeGreaterThan(before);
  });

  it('registers a second passphrase, stores it, and co-signs the next transaction with it', async () => {
    await confirmed(
      reviewAndSend(core, bob.id, { kind: 'secondSignature', secondPassphrase: 'bob second passphrase' }),
    );
    expect((await call(core, 'wallets:list')).find((w) => w.id === bob.id)?.hasSecondPassphrase).toBe(true);
    expect(nodeParts(core.node).store.state().wallet(bob.address).secondPublicKey).toMatch(/^0[23]/);

    const next = await reviewAndSend(core, bob.id, {
      kind: 'transfer',
      recipientId: alice.address,
      amount: '1000',
    });
    await confirmed(next);
    const again = await reviewRefusal(core, bob.id, {
      kind: 'secondSignature',
      secondPassphrase: 'another one',
    });
    expect(again).toMatchObject({ code: 'ERR_ALREADY_REGISTERED' });
  });
});
