/**
 * The wallet services against ARK Core 3.9.1's testnet, as a person uses them: each transaction is signed in the
 * key store, broadcast to ARK Core, confirmed in one of its blocks, and then read back both from ARK Core's own
 * API and through the app (which must show it right).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { DraftInput, PendingView, SendResult } from '../../src/shared/domain/transactions';
import type { WalletView } from '../../src/shared/domain/wallets';
import {
  call,
  nextEvent,
  openCore,
  PASSWORD,
  removeDir,
  reviewAndSend,
  reviewRefusal,
  tempDir,
} from '../services/support';
import { ARK_URL, arkGet, delegateSecrets, sleep } from './ark-node';

const secrets = delegateSecrets();
/** Unique per run: the testnet keeps what earlier runs did. */
const run = randomBytes(4).toString('hex');

interface ArkTransaction {
  id: string;
  type: number;
  vendorField?: string;
  confirmations: number;
  nonce: string;
  fee: string;
  asset?: Record<string, unknown>;
}

describe('the wallet against ARK Core', () => {
  let dir: string;
  let core: AppCore;
  let networkId: string;
  let alice: WalletView; // a forging delegate: funds everyone
  let bob: WalletView; // another delegate
  let carol: WalletView; // a new wallet: transfers, votes, locks
  let dave: WalletView; // a new wallet: second passphrase, delegate registration and resignation

  const send = (wallet: WalletView, draft: DraftInput) => reviewAndSend(core, wallet.id, draft);

  /** Accepted by ARK Core, then confirmed in one of its blocks; ARK Core's own record of it. */
  const confirmed = async (sent: SendResult | Promise<SendResult>): Promise<ArkTransaction> => {
    const result = await sent;
    expect(result.accepted, result.error?.message).toBe(true);
    await nextEvent<PendingView>(
      core,
      'tx:status',
      (pending) => pending.id === result.id && pending.status === 'confirmed',
      90_000,
    );
    return (await arkGet<{ data: ArkTransaction }>(`/transactions/${result.id}`)).data;
  };

  const refused = (wallet: WalletView, draft: DraftInput): Promise<{ code: string; message: string }> =>
    reviewRefusal(core, wallet.id, draft);

  /** An HTLC lock from alice, confirmed on ARK Core, expiring `afterBlocks` blocks from now. */
  const lockFromAlice = async (recipient: WalletView, amount: string, afterBlocks: number) => {
    const lock = await send(alice, {
      kind: 'htlcLock',
      recipientId: recipient.address,
      amount,
      expiration: { type: 'height', afterBlocks },
    });
    await confirmed(lock);
    return lock;
  };

  const height = async () => (await arkGet<{ data: { height: number } }>('/node/syncing')).data.height;

  beforeAll(async () => {
    dir = tempDir('votary-interop-');
    core = await openCore(dir);
    await call(core, 'vault:create', { password: PASSWORD });
    // The interop node runs ARK Core with `--env=test` (scripts/ark-core/run.sh): its locks may expire a block on.
    const network = await call(core, 'networks:add', {
      url: ARK_URL,
      name: 'ARK testnet (interop)',
      arkTestMode: true,
    });
    networkId = network.id;
    await call(core, 'networks:select', { networkId });
    alice = await call(core, 'wallets:import-passphrase', {
      networkId,
      passphrase: secrets[0]!,
      name: 'alice',
    });
    bob = await call(core, 'wallets:import-passphrase', { networkId, passphrase: secrets[1]!, name: 'bob' });
    carol = await call(core, 'wallets:import-passphrase', {
      networkId,
      passphrase: `votary interop carol ${run}`,
      name: 'carol',
    });
    dave = await call(core, 'wallets:import-passphrase', {
      networkId,
      passphrase: `votary interop dave ${run}`,
      name: 'dave',
    });
  });
  afterAll(async () => {
    await core?.close();
    removeDir(dir);
  });

  it('a transfer with a memo: on ARK Core with its memo, and in the app’s history', async () => {
    const memo = `votary interop ${run}`;
    const onArk = await confirmed(
      send(alice, { kind: 'transfer', recipientId: carol.address, amount: '100000000000', memo }),
    );
    expect(onArk.vendorField).toBe(memo);
    const history = await call(core, 'chain:wallet-transactions', { address: carol.address });
    expect(history.data.find((row) => row.id === onArk.id)).toMatchObject({
      memo,
      direction: 'received',
      sender: alice.address,
      amount: '100000000000',
    });
    expect((await call(core, 'chain:wallet', { address: carol.address })).balance).toBe('100000000000');
  });

  it('a memo above the testnet’s 64 bytes is refused before signing', async () => {
    const error = await refused(alice, {
      kind: 'transfer',
      recipientId: carol.address,
      amount: '1',
      memo: 'x'.repeat(65),
    });
    expect(error.code).toBe('ERR_NETWORK_RULES');
    expect(error.message).toMatch(/at most 64 bytes/);
  });

  it('a multipayment', async () => {
    const onArk = await confirmed(
      send(alice, {
        kind: 'multiPayment',
        payments: [
          { recipientId: dave.address, amount: '100000000000' },
          { recipientId: bob.address, amount: '100000000' },
        ],
      }),
    );
    expect(onArk.type).toBe(6);
    expect((await call(core, 'chain:wallet', { address: dave.address })).balance).toBe('100000000000');
  });

  it('a vote, then a change of vote as an unvote and a vote (the testnet has no aip37)', async () => {
    const [first, second] = (await call(core, 'chain:delegates', { page: 1, limit: 2 })).data;
    await confirmed(send(carol, { kind: 'vote', vote: first!.publicKey }));
    expect((await call(core, 'chain:wallet', { address: carol.address })).vote).toBe(first!.publicKey);

    const switched = await refused(carol, {
      kind: 'vote',
      unvote: first!.publicKey,
      vote: second!.publicKey,
    });
    expect(switched.code).toBe('ERR_NETWORK_RULES');

    // Two transactions with consecutive nonces; the vote only once the unvote is forged: ARK Core's pool keeps
    // one vote per sender, as Votary's does now (transaction-pool/pending-kinds.ts).
    const unvoted = await confirmed(send(carol, { kind: 'vote', unvote: first!.publicKey }));
    const voted = await confirmed(send(carol, { kind: 'vote', vote: second!.publicKey }));
    expect(BigInt(voted.nonce)).toBe(BigInt(unvoted.nonce) + 1n);
    expect((await call(core, 'chain:wallet', { address: carol.address })).vote).toBe(second!.publicKey);
    const onArk = await arkGet<{ data: { vote?: string; attributes?: { vote?: string } } }>(
      `/wallets/${carol.address}`,
    );
    expect(onArk.data.vote ?? onArk.data.attributes?.vote).toBe(second!.publicKey);
  });

  it('a second passphrase, then a transfer signed with both', async () => {
    await confirmed(send(dave, { kind: 'secondSignature', secondPassphrase: `dave second ${run}` }));
    expect((await call(core, 'chain:wallet', { address: dave.address })).secondPublicKey).toMatch(/^0[23]/);
    const onArk = await confirmed(
      send(dave, { kind: 'transfer', recipientId: carol.address, amount: '1000' }),
    );
    const raw = await arkGet<{ data: { secondSignature?: string; signSignature?: string } }>(
      `/transactions/${onArk.id}`,
    );
    expect(raw.data.secondSignature ?? raw.data.signSignature).toMatch(/^[0-9a-f]+$/);
  });

  it('a delegate registration, then its resignation', async () => {
    const username = `votary_${run}`;
    await confirmed(send(dave, { kind: 'delegateRegistration', username }));
    expect((await call(core, 'chain:wallet', { address: dave.address })).delegate?.username).toBe(username);
    await confirmed(send(dave, { kind: 'delegateResignation' }));
    const onArk = await arkGet<{ data: { isResigned: boolean } }>(`/delegates/${username}`);
    expect(onArk.data.isResigned).toBe(true);
  });

  it('an HTLC lock claimed with its secret', async () => {
    const lock = await lockFromAlice(carol, '500000000', 100);
    const before = BigInt((await call(core, 'chain:wallet', { address: carol.address })).balance);
    const claim = await confirmed(
      send(carol, { kind: 'htlcClaim', lockId: lock.id, secret: lock.htlc?.secret ?? '' }),
    );
    expect(claim.type).toBe(9);
    const after = BigInt((await call(core, 'chain:wallet', { address: carol.address })).balance);
    // The claim's fee is paid by the claimer (0 on ARK's milestones: the claim is free).
    expect(after - before).toBe(500_000_000n - BigInt(claim.fee));
    const states = await call(core, 'chain:lock-states', { ids: [lock.id] });
    expect(states[0]).toMatchObject({ lockId: lock.id, state: 'claimed' });
  });

  it('an HTLC lock refunded after it expired', async () => {
    const lock = await lockFromAlice(bob, '200000000', 2);
    const expiration = (await arkGet<{ data: { expirationValue: number } }>(`/locks/${lock.id}`)).data
      .expirationValue;
    while ((await height()) < expiration + 1) await sleep(2_000);
    const refund = await confirmed(send(alice, { kind: 'htlcRefund', lockId: lock.id }));
    expect(refund.type).toBe(10);
    const states = await call(core, 'chain:lock-states', { ids: [lock.id] });
    expect(states[0]).toMatchObject({ lockId: lock.id, state: 'refunded' });
  });
});
