/**
 * Prepare → review → sign → broadcast, one transaction throughout (docs/design/signing.md), through AppCore on a
 * fake clock (tests/services/support.ts CoreClock): for every kind tx:send signs, the transaction broadcast has
 * exactly the unsigned bytes the review prepared (a multisignature registration: its first participant signature
 * is over them); what changed between the review and the signature (the nonce was used, the balance no longer
 * covers it, a milestone was reached, the review is too old) is refused with its typed error and nothing is
 * broadcast; a prepared id signs once (two sends of it at once included, and multisig:register's too), and never
 * after the vault was locked and opened again or another profile opened.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { localnetWallets } from '../../src/core/node';
import type { AppCore } from '../../src/core/services';
import { Networks } from '../../src/core/services/networks/networks';
import { PreparedStore, type PreparedTransaction } from '../../src/core/services/transactions/prepared-store';
import { unsignedBytes } from '../../src/core/services/transactions/signer';
import { sha256 } from '../../src/core/protocol/hash';
import { schnorrVerify } from '../../src/core/protocol/crypto';
import { fromHex, toHex } from '../../src/core/protocol/hex';
import type { TransactionData } from '../../src/core/protocol/transactions';
import type { DraftInput, PendingView, SendResult } from '../../src/shared/domain/transactions';
import type { WalletView } from '../../src/shared/domain/wallets';
import {
  call,
  type CoreClock,
  nextEvent,
  openClockedCore,
  PASSWORD,
  prepare,
  refusal,
  removeDir,
  tempDir,
} from './support';

const [delegate, other] = localnetWallets().filter((w) => w.role === 'delegate');
const VTY = 100_000_000n;

describe('a prepared transaction is what is signed and broadcast', () => {
  let dir: string;
  let core: AppCore;
  let clock: CoreClock;
  let alice: WalletView;
  let bob: WalletView;
  let carol: WalletView;
  /** The store's `add`, recording what each review handed it. */
  let added: MockInstance<PreparedStore['add']>;
  const lastPrepared = (): PreparedTransaction => added.mock.calls.at(-1)![0];
  /** What each tx:send handed the chain. */
  const broadcast: TransactionData[] = [];

  const funded = async (wallets: WalletView[], amount = String(100n * VTY)) => {
    const ids = [];
    for (const wallet of wallets) {
      ids.push((await call(core, 'localnet:fund', { address: wallet.address, amount })).transactionId);
    }
    const all = Promise.all(
      ids.map((id) =>
        nextEvent<PendingView>(core, 'tx:status', (p) => p.id === id && p.status === 'confirmed'),
      ),
    );
    clock.forge(core);
    await all;
  };

  /** Reviews, signs what the review prepared, and checks the broadcast bytes against the prepared ones. */
  const sendChecked = async (wallet: WalletView, draft: DraftInput): Promise<SendResult> => {
    const review = await prepare(core, wallet.id, draft);
    const ours = lastPrepared();
    expect(toHex(sha256(unsignedBytes(ours.transaction)))).toBe(review.prepared.unsignedHash);
    const before = broadcast.length;
    const sent = await call(core, 'tx:send', { preparedId: review.prepared.id });
    expect(broadcast).toHaveLength(before + 1);
    const onTheWire = broadcast.at(-1)!;
    // Byte for byte: what was broadcast is what was prepared, now signed.
    expect(toHex(unsignedBytes(onTheWire))).toBe(toHex(unsignedBytes(ours.transaction)));
    expect(onTheWire.nonce.toString()).toBe(review.prepared.nonce);
    expect(onTheWire.fee.toString()).toBe(review.fee);
    expect(onTheWire.id).toBe(sent.id);
    expect(sent.accepted, sent.error?.message).toBe(true);
    await clock.confirm(core, sent.id);
    return sent;
  };

  beforeAll(async () => {
    dir = tempDir();
    ({ core, clock } = await openClockedCore(dir));
    clock.forge(core);
    await call(core, 'vault:create', { password: PASSWORD });
    alice = await call(core, 'wallets:import-passphrase', { passphrase: 'prepared flow alice' });
    bob = await call(core, 'wallets:import-passphrase', { passphrase: 'prepared flow bob' });
    carol = await call(core, 'wallets:import-passphrase', { passphrase: 'prepared flow carol' });
    await funded([alice, bob, carol]);
    // Calls through: the spy only records what each review handed the store.
    added = vi.spyOn(PreparedStore.prototype, 'add');
    const chain = core.testSeam.chain('embedded');
    const send = chain.broadcast.bind(chain);
    vi.spyOn(chain, 'broadcast').mockImplementation((transactions) => {
      broadcast.push(...transactions);
      return send(transactions);
    });
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await core.close();
    removeDir(dir);
  });

  it('every kind: the broadcast transaction carries exactly the prepared unsigned bytes', async () => {
    await sendChecked(alice, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: String(VTY),
      memo: 'one',
    });
    await sendChecked(alice, {
      kind: 'multiPayment',
      payments: [
        { recipientId: bob.address, amount: '1000' },
        { recipientId: carol.address, amount: '2000' },
      ],
    });
    await sendChecked(alice, { kind: 'vote', vote: delegate!.publicKey });
    // A switch (unvote and vote in one transaction), then an unvote alone.
    await sendChecked(alice, { kind: 'vote', unvote: delegate!.publicKey, vote: other!.publicKey });
    await sendChecked(alice, { kind: 'vote', unvote: other!.publicKey });

    const lock = await sendChecked(alice, {
      kind: 'htlcLock',
      recipientId: bob.address,
      amount: String(2n * VTY),
      expiration: { type: 'height', afterBlocks: 60 },
    });
    // The secret answered is the one whose hash the prepared (and broadcast) lock carries.
    expect(toHex(sha256(Buffer.from(lock.htlc!.secret, 'hex')))).toBe(
      lastPrepared().transaction.asset?.lock?.secretHash,
    );
    await sendChecked(bob, { kind: 'htlcClaim', lockId: lock.id, secret: lock.htlc!.secret });

    const refundable = await sendChecked(alice, {
      kind: 'htlcLock',
      recipientId: carol.address,
      amount: String(VTY),
      expiration: { type: 'height', afterBlocks: 54 },
    });
    clock.forge(core, 55);
    await sendChecked(alice, { kind: 'htlcRefund', lockId: refundable.id });

    await sendChecked(carol, { kind: 'delegateRegistration', username: 'prepared_carol' });
    await sendChecked(carol, { kind: 'delegateResignation' });
    await sendChecked(bob, { kind: 'secondSignature', secondPassphrase: 'prepared flow bob second' });
    // Signed with the second key too: still the prepared bytes.
    const second = await sendChecked(bob, { kind: 'transfer', recipientId: alice.address, amount: '5000' });
    expect(broadcast.find((tx) => tx.id === second.id)?.secondSignature).toMatch(/^[0-9a-f]{128}$/);
  }, 120_000);

  it('a prepared id signs once', async () => {
    const review = await prepare(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount: '1' });
    const sent = await call(core, 'tx:send', { preparedId: review.prepared.id });
    expect(sent.accepted).toBe(true);
    const before = broadcast.length;
    expect(await refusal(core, 'tx:send', { preparedId: review.prepared.id })).toMatchObject({
      code: 'ERR_PREPARED_SIGNED',
    });
    expect(await refusal(core, 'tx:send', { preparedId: 'ab'.repeat(16) })).toMatchObject({
      code: 'ERR_PREPARED_UNKNOWN',
    });
    expect(broadcast).toHaveLength(before);
    await clock.confirm(core, sent.id);
  });

  it('two tx:send of one prepared id at once: one signs and broadcasts, the other is refused', async () => {
    const review = await prepare(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount: '6' });
    const before = broadcast.length;
    const answers = await Promise.all([
      core.handleRequest('tx:send', { preparedId: review.prepared.id }),
      core.handleRequest('tx:send', { preparedId: review.prepared.id }),
    ]);
    const signed = answers.filter((answer) => answer.ok);
    const refused = answers.filter((answer) => !answer.ok);
    expect(signed).toHaveLength(1);
    expect(refused).toMatchObject([{ ok: false, error: { code: 'ERR_PREPARED_SIGNED' } }]);
    expect(broadcast).toHaveLength(before + 1);
    await clock.confirm(core, broadcast.at(-1)!.id!);
  });

  it("a multisignature registration's prepared id starts one registration, and none after a new vault session", async () => {
    const draft = {
      kind: 'multiSignature' as const,
      min: 2,
      publicKeys: [alice.publicKey!, bob.publicKey!, carol.publicKey!],
    };
    const review = await prepare(core, alice.id, draft);
    const started = await call(core, 'multisig:register', { preparedId: review.prepared.id, via: 'file' });
    // The registering wallet's participant signature (index 00) is over exactly the prepared unsigned bytes, and
    // the proposal its participants review names the same bytes.
    const data = (JSON.parse(started.document) as { data: { signatures: string[] } }).data;
    expect(data.signatures).toHaveLength(1);
    expect(data.signatures[0]!.slice(0, 2)).toBe('00');
    const hash = sha256(unsignedBytes(lastPrepared().transaction));
    expect(toHex(hash)).toBe(review.prepared.unsignedHash);
    expect(schnorrVerify(hash, fromHex(data.signatures[0]!.slice(2)), fromHex(alice.publicKey!))).toBe(true);
    const reviewed = await call(core, 'multisig:review', { proposal: { document: started.document } });
    expect(reviewed.preview.prepared?.unsignedHash).toBe(review.prepared.unsignedHash);
    expect(
      await refusal(core, 'multisig:register', { preparedId: review.prepared.id, via: 'file' }),
    ).toMatchObject({ code: 'ERR_PREPARED_SIGNED' });

    const locked = await prepare(core, alice.id, draft);
    await call(core, 'vault:lock');
    await call(core, 'vault:unlock', { password: PASSWORD });
    expect(
      await refusal(core, 'multisig:register', { preparedId: locked.prepared.id, via: 'file' }),
    ).toMatchObject({ code: 'ERR_PREPARED_SESSION' });
  });

  it("a send reads the sender's account once: nonce, height and balance together", async () => {
    const review = await prepare(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount: '2' });
    const chain = core.testSeam.chain('embedded');
    const account = vi.spyOn(chain, 'account');
    const wallet = vi.spyOn(chain.reads, 'wallet');
    try {
      const sent = await call(core, 'tx:send', { preparedId: review.prepared.id });
      expect(sent.accepted).toBe(true);
      expect(account.mock.calls.map((args) => args[0])).toEqual([alice.address]);
      expect(wallet).not.toHaveBeenCalled();
      await clock.confirm(core, sent.id);
    } finally {
      account.mockRestore();
      wallet.mockRestore();
    }
  });

  it('refuses a review whose nonce another transaction used since', async () => {
    const first = await prepare(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount: '10' });
    const other = await prepare(core, alice.id, {
      kind: 'transfer',
      recipientId: carol.address,
      amount: '20',
    });
    expect(other.prepared.nonce).toBe(first.prepared.nonce);
    const sent = await call(core, 'tx:send', { preparedId: first.prepared.id });
    const before = broadcast.length;
    const refused = await refusal(core, 'tx:send', { preparedId: other.prepared.id });
    expect(refused).toMatchObject({
      code: 'ERR_PREPARED_NONCE_USED',
      details: { nonce: other.prepared.nonce, nextNonce: String(BigInt(other.prepared.nonce) + 1n) },
    });
    expect(refused.message).toContain(`nonce ${other.prepared.nonce} was used`);
    expect(broadcast).toHaveLength(before);
    // What changed cannot be signed as reviewed: the id is gone, the person reviews again.
    expect((await refusal(core, 'tx:send', { preparedId: other.prepared.id })).code).toBe(
      'ERR_PREPARED_UNKNOWN',
    );
    await clock.confirm(core, sent.id);
  });

  it('refuses a review the balance no longer covers (the funds it counted were rolled back)', async () => {
    const dave = await call(core, 'wallets:import-passphrase', { passphrase: 'prepared flow dave' });
    const height = core.node.height;
    await funded([dave], String(10n * VTY));
    const review = await prepare(core, dave.id, {
      kind: 'transfer',
      recipientId: alice.address,
      amount: String(9n * VTY),
    });
    await call(core, 'localnet:pause');
    await call(core, 'localnet:rollback', { height });
    const before = broadcast.length;
    const refused = await refusal(core, 'tx:send', { preparedId: review.prepared.id });
    expect(refused).toMatchObject({
      code: 'ERR_PREPARED_BALANCE',
      details: { needed: String(9n * VTY + 10_000_000n), spendable: '0' },
    });
    expect(broadcast).toHaveLength(before);
    await call(core, 'localnet:resume');
  });

  it('refuses a review made before a milestone the network has reached since', async () => {
    const height = core.node.height;
    // The network as the services read it has its next milestone two blocks ahead (the same rules at a new height
    // still count as a new milestone).
    const ahead = <T extends { network: { milestones: unknown[] } } | undefined>(entry: T): T => {
      if (entry !== undefined)
        entry.network.milestones = [...entry.network.milestones, { height: height + 2 }];
      return entry;
    };
    // Every Networks of the process (this test's core has one): the spies call through to each one's own.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- each is called below with its instance as `this`
    const { entry, byNethash } = Networks.prototype;
    const spies = [
      vi.spyOn(Networks.prototype, 'entry').mockImplementation(function (this: Networks, id) {
        return ahead(entry.call(this, id));
      }),
      vi.spyOn(Networks.prototype, 'byNethash').mockImplementation(function (this: Networks, nethash) {
        return ahead(byNethash.call(this, nethash));
      }),
    ];
    try {
      const review = await prepare(core, alice.id, {
        kind: 'transfer',
        recipientId: bob.address,
        amount: '2',
      });
      clock.forge(core, 2);
      const before = broadcast.length;
      const refused = await refusal(core, 'tx:send', { preparedId: review.prepared.id });
      expect(refused).toMatchObject({
        code: 'ERR_PREPARED_MILESTONE',
        details: { preparedAt: height, height: height + 2 },
      });
      expect(broadcast).toHaveLength(before);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('refuses a review older than the store keeps one signable', async () => {
    const review = await prepare(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount: '1' });
    clock.now += 11 * 60_000;
    const before = broadcast.length;
    const refused = await refusal(core, 'tx:send', { preparedId: review.prepared.id });
    expect(refused).toMatchObject({ code: 'ERR_PREPARED_EXPIRED' });
    expect(refused.message).toContain('more than 10 minutes old');
    expect(broadcast).toHaveLength(before);
  });

  it('a confirmation still to come (a high fee) does not use the review up', async () => {
    const review = await prepare(core, alice.id, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: '3',
      fee: String(20n * 10_000_000n),
    });
    expect((await refusal(core, 'tx:send', { preparedId: review.prepared.id })).code).toBe(
      'ERR_FEE_UNCONFIRMED',
    );
    const sent = await call(core, 'tx:send', { preparedId: review.prepared.id, confirmHighFee: true });
    expect(sent.accepted).toBe(true);
    expect(broadcast.at(-1)!.fee).toBe(20n * 10_000_000n);
    await clock.confirm(core, sent.id);
  });

  it('is never signed after the vault was locked and opened again, or another profile opened', async () => {
    const locked = await prepare(core, alice.id, { kind: 'transfer', recipientId: bob.address, amount: '4' });
    await call(core, 'vault:lock');
    await call(core, 'vault:unlock', { password: PASSWORD });
    const before = broadcast.length;
    expect(await refusal(core, 'tx:send', { preparedId: locked.prepared.id })).toMatchObject({
      code: 'ERR_PREPARED_SESSION',
    });

    const switched = await prepare(core, alice.id, {
      kind: 'transfer',
      recipientId: bob.address,
      amount: '5',
    });
    await call(core, 'profiles:create', { name: 'Other', open: true });
    await call(core, 'vault:create', { password: PASSWORD });
    // The same key in the other profile's vault changes nothing: the review belongs to the first profile's session.
    await call(core, 'wallets:import-passphrase', { passphrase: 'prepared flow alice' });
    expect(await refusal(core, 'tx:send', { preparedId: switched.prepared.id })).toMatchObject({
      code: 'ERR_PREPARED_SESSION',
    });
    await call(core, 'profiles:switch', { id: 'default' });
    await call(core, 'vault:unlock', { password: PASSWORD });
    expect(await refusal(core, 'tx:send', { preparedId: switched.prepared.id })).toMatchObject({
      code: 'ERR_PREPARED_SESSION',
    });
    expect(broadcast).toHaveLength(before);
  });
});

describe('the prepared store', () => {
  const entry = { walletId: 'w' } as PreparedTransaction;
  const binding = { profile: 'default', session: 's1' };
  let now = 0;
  const store = () => new PreparedStore({ now: () => now, maxEntries: 3, maxAgeMs: 60_000 });
  afterEach(() => {
    now = 0;
  });

  it('keeps at most maxEntries, the oldest let go first', () => {
    const s = store();
    const ids = [1, 2, 3, 4].map(() => s.add(entry, binding));
    expect(s.size).toBe(3);
    expect(() => s.take(ids[0]!, binding)).toThrow(expect.objectContaining({ code: 'ERR_PREPARED_UNKNOWN' }));
    expect(s.take(ids[3]!, binding)).toBe(entry);
  });

  it('a taken entry is refused until given back; signed, it is refused for good', () => {
    const s = store();
    const id = s.add(entry, binding);
    s.take(id, binding);
    expect(() => s.take(id, binding)).toThrow(expect.objectContaining({ code: 'ERR_PREPARED_SIGNED' }));
    s.release(id);
    s.take(id, binding);
    s.signed(id);
    s.release(id);
    expect(() => s.take(id, binding)).toThrow(expect.objectContaining({ code: 'ERR_PREPARED_SIGNED' }));
  });

  it('another vault session or profile ends what the first prepared', () => {
    const s = store();
    const secret = { ...entry, htlc: { secret: 'aa', secretHash: 'bb' } };
    const id = s.add(secret, binding);
    s.add(entry, { profile: 'default', session: 's2' });
    expect(() => s.take(id, binding)).toThrow(expect.objectContaining({ code: 'ERR_PREPARED_SESSION' }));
    expect(() => s.take(id, { profile: 'other', session: 's1' })).toThrow(
      expect.objectContaining({ code: 'ERR_PREPARED_SESSION' }),
    );
  });

  it('expires after maxAgeMs and is forgotten after twice that', () => {
    const s = store();
    const id = s.add(entry, binding);
    const later = s.add(entry, binding);
    now = 60_001;
    expect(() => s.take(id, binding)).toThrow(expect.objectContaining({ code: 'ERR_PREPARED_EXPIRED' }));
    now = 120_001;
    expect(() => s.take(later, binding)).toThrow(expect.objectContaining({ code: 'ERR_PREPARED_UNKNOWN' }));
  });
});
