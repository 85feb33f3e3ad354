/**
 * tx:preview — the one review before every signature, computed by the host from the ledger — and the checks it
 * makes before the review (a review with a problem prepares nothing to sign): the total out is amount + fee, the balance after counts what
 * is pending, a claim and a refund show the incoming amount, and what a node would refuse is said at its field.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { localnetWallets } from '../../src/core/node';
import type { AppCore } from '../../src/core/services';
import type { SendResult } from '../../src/shared/domain/transactions';
import type { WalletView } from '../../src/shared/domain/wallets';
import { call, clockedCoreWithVault, PASSWORD, reviewAndSend } from './support';

const VTY = 100_000_000n;
const TRANSFER_FEE = 10_000_000n;
const genesisDelegate = localnetWallets().find((w) => w.role === 'delegate')!;

describe('tx:preview: one review, checked before it opens', () => {
  const opened = clockedCoreWithVault();
  const { clock } = opened;
  let core: AppCore;
  let main: WalletView;
  let bob: WalletView;

  const confirmed = (sent: SendResult | Promise<SendResult>) => clock.confirmSent(core, sent);

  beforeAll(async () => {
    core = opened.core();
    main = await call(core, 'wallets:import-passphrase', {
      passphrase: 'preview main passphrase',
      name: 'Main',
    });
    bob = await call(core, 'wallets:import-passphrase', {
      passphrase: 'preview bob passphrase',
      name: 'Bob',
    });
    const funds = await Promise.all(
      [main, bob].map((w) =>
        call(core, 'localnet:fund', { address: w.address, amount: String(1000n * VTY) }),
      ),
    );
    // Both are in the pool: the next block holds both.
    await clock.confirmAll(
      core,
      funds.map((f) => f.transactionId),
    );
  });

  it('a transfer: from the wallet by name, total out = amount + fee, the balance after', async () => {
    const preview = await call(core, 'tx:preview', {
      walletId: main.id,
      draft: {
        kind: 'transfer',
        recipientId: bob.address,
        amount: String(100n * VTY),
        fee: String(50n * VTY),
      },
    });
    expect(preview).toMatchObject({
      walletName: 'Main',
      address: main.address,
      what: `Send 100 VTY to ${bob.address}`,
      sent: String(100n * VTY),
      fee: String(50n * VTY),
      totalOut: String(150n * VTY),
      balanceBefore: String(1000n * VTY),
      balanceAfter: String(850n * VTY),
      problems: [],
    });
  });

  it('counts what is pending: the balance after and the one maximum', async () => {
    await call(core, 'localnet:pause');
    const sent = await reviewAndSend(core, main.id, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: String(1n * VTY),
    });
    expect(sent.accepted).toBe(true);
    const spendable = await call(core, 'tx:spendable', { walletId: main.id });
    expect(spendable).toEqual({
      balance: String(1000n * VTY),
      pendingOut: String(1n * VTY + TRANSFER_FEE),
      spendable: String(1000n * VTY - 1n * VTY - TRANSFER_FEE),
    });
    const over = await call(core, 'tx:preview', {
      walletId: main.id,
      draft: { kind: 'transfer', recipientId: bob.address, amount: String(999n * VTY) },
    });
    expect(over.pendingOut).toBe(String(1n * VTY + TRANSFER_FEE));
    expect(over.problems).toEqual([
      {
        field: 'amount',
        message:
          'This wallet can send at most 998.8 VTY now: 1,000 VTY, less 1.1 VTY pending, less the fee of 0.1 VTY.',
      },
    ]);
    await call(core, 'localnet:resume');
    await clock.confirm(core, sent.id);
  });

  it('delegate names: ARK’s rules and taken names, in a sentence at the field', async () => {
    const problems = async (username: string) =>
      (
        await call(core, 'tx:preview', {
          walletId: bob.id,
          draft: { kind: 'delegateRegistration', username },
        })
      ).problems;
    expect(await problems('genesis_1')).toEqual([
      {
        field: 'username',
        message: `The name “genesis_1” is taken by the delegate ${genesisDelegate.address}. Choose another.`,
      },
    ]);
    expect(await problems('bob_the_delegate')).toEqual([]);
    // The draft schema refuses a bad pattern at the bridge; the check says why in words where it reaches it.
    expect(
      await core.handleRequest('tx:preview', {
        walletId: bob.id,
        draft: { kind: 'delegateRegistration', username: 'Bob' },
      }),
    ).toMatchObject({ ok: false, error: { code: 'ERR_INVALID_REQUEST' } });
  });

  it('a memo over the byte limit is refused at the field, never cut', async () => {
    const memo = 'é'.repeat(200); // 200 characters, 400 bytes
    const preview = await call(core, 'tx:preview', {
      walletId: main.id,
      draft: { kind: 'transfer', recipientId: bob.address, amount: '1', memo },
    });
    expect(preview.problems).toContainEqual({
      field: 'memo',
      code: 'ERR_NETWORK_RULES',
      message:
        'A memo on this network holds at most 255 bytes; this one has 400 (letters outside English take 2–4 bytes each). Shorten it.',
    });
    // A review with a problem prepares nothing to sign.
    expect(preview.prepared).toBeUndefined();
  });

  it('HTLC: a wrong secret is refused against the hash; the claim shows the incoming amount; a refund waits', async () => {
    const lock = await reviewAndSend(core, main.id, {
      kind: 'htlcLock',
      recipientId: bob.address,
      amount: String(10n * VTY),
      expiration: { type: 'height', afterBlocks: 30 },
    });
    await confirmed(lock);
    const secret = lock.htlc!.secret;
    const wrong = await call(core, 'tx:preview', {
      walletId: bob.id,
      draft: { kind: 'htlcClaim', lockId: lock.id, secret: 'ab'.repeat(32) },
    });
    expect(wrong.problems.map((p) => p.field)).toEqual(['secret']);

    const bobBalance = (await call(core, 'chain:wallet', { address: bob.address })).balance;
    const claim = await call(core, 'tx:preview', {
      walletId: bob.id,
      draft: { kind: 'htlcClaim', lockId: lock.id, secret },
    });
    expect(claim).toMatchObject({
      received: String(10n * VTY),
      problems: [],
      what: `Claim the lock ${lock.id}: 10 VTY go to this wallet`,
    });
    expect(BigInt(claim.balanceAfter)).toBe(BigInt(bobBalance) + 10n * VTY - BigInt(claim.fee));

    const refund = await call(core, 'tx:preview', {
      walletId: main.id,
      draft: { kind: 'htlcRefund', lockId: lock.id },
    });
    expect(refund.what).not.toContain('expired lock');
    expect(refund.received).toBe(String(10n * VTY));
    expect(refund.problems).toEqual([
      { field: 'lockId', message: expect.stringMatching(/^This lock has not expired yet/) as string },
    ]);
  });

  it('HTLC secrets are kept in the vault: listed without the secret, shown after the password, gone once claimed', async () => {
    const lock = await reviewAndSend(core, main.id, {
      kind: 'htlcLock',
      recipientId: bob.address,
      amount: String(2n * VTY),
      expiration: { type: 'height', afterBlocks: 30 },
    });
    // Kept from the moment it is sent, while the lock is still in the pool.
    expect((await call(core, 'tx:htlc-secrets', { walletId: main.id })).map((k) => k.lockId)).toContain(
      lock.id,
    );
    await confirmed(lock);
    const kept = await call(core, 'tx:htlc-secrets', { walletId: main.id });
    expect(kept).toContainEqual(
      expect.objectContaining({ lockId: lock.id, recipientId: bob.address, amount: String(2n * VTY) }),
    );
    expect(JSON.stringify(kept)).not.toContain(lock.htlc!.secret);
    // Sealed: the vault file never holds it in the clear.
    const vault = readFileSync(join(opened.core.dataDir(), 'profiles', 'default', 'vault.json'), 'utf8');
    expect(vault).not.toContain(lock.htlc!.secret);
    expect(
      await core.handleRequest('tx:htlc-reveal-secret', {
        walletId: main.id,
        lockId: lock.id,
        password: 'not the password',
      }),
    ).toMatchObject({ ok: false, error: { code: 'ERR_WRONG_PASSWORD' } });
    const shown = await call(core, 'tx:htlc-reveal-secret', {
      walletId: main.id,
      lockId: lock.id,
      password: PASSWORD,
    });
    expect(shown).toMatchObject({
      lockId: lock.id,
      secret: lock.htlc!.secret,
      secretHash: lock.htlc!.secretHash,
    });

    await confirmed(
      reviewAndSend(core, bob.id, { kind: 'htlcClaim', lockId: lock.id, secret: shown.secret }),
    );
    expect((await call(core, 'tx:htlc-secrets', { walletId: main.id })).map((k) => k.lockId)).not.toContain(
      lock.id,
    );
  });
});
