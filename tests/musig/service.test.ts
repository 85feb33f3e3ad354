/**
 * Multisignature wallets end to end through the multisig:* channels of a real AppCore on localnet (1 s blocks):
 * a 2-of-3 registered through the app's hosted server (every participant, then the sender), funded, and spent by a
 * proposal one participant makes and another co-signs from a document (the file path); the review's refusals.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localnet } from '../../src/core/node';
import type { AppCore } from '../../src/core/services';
import { unsignedBytes } from '../../src/core/services/transactions/signer';
import { sha256 } from '../../src/core/protocol/hash';
import { toHex } from '../../src/core/protocol/hex';
import { transactionFromJson, type TransactionData } from '../../src/core/protocol/transactions';
import type { PendingView } from '../../src/shared/domain/transactions';
import {
  call,
  nextEvent,
  openCore,
  PASSWORD,
  refusal,
  removeDir,
  reviewAndSend,
  tempDir,
} from '../services/support';

const confirmed = (id: string) => (p: PendingView) => p.id === id && p.status === 'confirmed';

describe('multisignature wallets on localnet', () => {
  let dir: string;
  let core: AppCore;
  const wallets: { id: string; address: string; publicKey: string }[] = [];
  /** What the core handed the chain to broadcast. */
  const broadcast: TransactionData[] = [];
  /** The hash of the unsigned bytes of the transaction broadcast as `id`. */
  const broadcastHash = (id: string): string => {
    const tx = broadcast.find((t) => t.id === id);
    expect(tx, `transaction ${id} was broadcast`).toBeDefined();
    return toHex(sha256(unsignedBytes(tx!)));
  };
  /** The multisig:changed events' reasons: what every window's multisignature page reads again after. */
  const changes: string[] = [];

  beforeAll(async () => {
    dir = tempDir('votary-musig-service-');
    core = await openCore(dir);
    core.subscribe((event, payload) => {
      if (event === 'multisig:changed') changes.push((payload as { reason: string }).reason);
    });
    await call(core, 'vault:create', { password: PASSWORD });
    for (const name of ['one', 'two', 'three']) {
      const wallet = await call(core, 'wallets:import-passphrase', {
        passphrase: `musig participant ${name}`,
        name,
      });
      wallets.push({ id: wallet.id, address: wallet.address, publicKey: wallet.publicKey! });
    }
    const funded = await call(core, 'localnet:fund', { address: wallets[0]!.address });
    await nextEvent(core, 'tx:status', confirmed(funded.transactionId));
    // Calls through: the spy only records what each broadcast handed the chain.
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

  it('registers a 2-of-3 wallet, then spends from it with two participants’ signatures', async () => {
    const publicKeys = wallets.map((w) => w.publicKey);
    const draft = { kind: 'multiSignature' as const, min: 2, publicKeys };
    const preview = await call(core, 'tx:preview', { walletId: wallets[0]!.id, draft });
    expect(preview.what).toMatch(/^Register a 2-of-3 multisignature wallet at /);
    expect(preview.fee).toBe('2000000000'); // 5 tokens × (3 keys + 1), ARK's static fee

    // Prepared for its participants to sign first (multisig:register), not for tx:send.
    expect(preview.prepared).toBeDefined();
    expect(await refusal(core, 'tx:send', { preparedId: preview.prepared!.id })).toMatchObject({
      code: 'ERR_INVALID_DRAFT',
      message: expect.stringContaining('participants sign it first') as string,
    });

    const server = await call(core, 'multisig:server');
    expect(server).toMatchObject({ hosted: true, kind: 'rest' });

    const started = await call(core, 'multisig:register', {
      preparedId: preview.prepared!.id,
      via: 'server',
    });
    expect(started).toMatchObject({ kind: 'multiSignature', signatures: 1, required: 3, ready: false });
    const listed = await call(core, 'multisig:proposals');
    expect(listed.map((p) => p.id)).toEqual([started.id]);

    const review = await call(core, 'multisig:review', { proposal: { id: started.id } });
    expect(review.preview.problems).toEqual([]);
    expect(review.preview.what).toBe(started.what);
    // The review names the proposal's unsigned bytes: those the registering wallet prepared and signed.
    expect(review.preview.prepared?.unsignedHash).toBe(preview.prepared!.unsignedHash);
    const reviewId = review.preview.prepared!.id;
    await expect(
      core.handleRequest('multisig:broadcast', { proposal: { id: started.id }, preparedId: reviewId }),
    ).resolves.toMatchObject({ ok: false, error: { code: 'ERR_NOT_ENOUGH_SIGNATURES' } });
    const again = await core.handleRequest('multisig:sign', {
      proposal: { id: started.id },
      preparedId: reviewId,
      walletId: wallets[0]!.id,
      via: 'server',
    });
    expect(again).toMatchObject({ ok: false, error: { code: 'ERR_ALREADY_SIGNED' } });

    await call(core, 'multisig:sign', {
      proposal: { id: started.id },
      preparedId: reviewId,
      walletId: wallets[1]!.id,
      via: 'server',
    });
    // Reviewed at one signature, signed at two: a signature added since the review is no change.
    const all = await call(core, 'multisig:sign', {
      proposal: { id: started.id },
      preparedId: reviewId,
      walletId: wallets[2]!.id,
      via: 'server',
    });
    expect(all).toMatchObject({ signatures: 3, ready: true });

    const registered = await call(core, 'multisig:broadcast', {
      proposal: { id: started.id },
      preparedId: reviewId,
    });
    expect(registered.accepted).toBe(true);
    // Byte for byte: the registration broadcast is the one tx:preview prepared, with every signature on it.
    expect(broadcastHash(registered.id)).toBe(preview.prepared!.unsignedHash);
    // Each change pushed to every window, a refused one (signed already, too few signatures) not.
    expect(changes).toEqual(['registered', 'signed', 'signed', 'broadcast']);
    await nextEvent(core, 'tx:status', confirmed(registered.id));
    expect(await call(core, 'multisig:proposals')).toEqual([]);

    // The registration imported the wallet; it is registered on chain.
    const [multisig] = await call(core, 'multisig:wallets');
    expect(multisig).toMatchObject({
      min: 2,
      publicKeys,
      registered: true,
      address: started.multisigAddress,
    });

    const funding = await reviewAndSend(core, wallets[0]!.id, {
      kind: 'transfer',
      recipientId: multisig!.address,
      amount: '1000000000',
    });
    await nextEvent(core, 'tx:status', confirmed(funding.id));

    // The file path: participant three proposes as a document, participant two co-signs the document.
    const transfer = { kind: 'transfer' as const, recipientId: wallets[1]!.address, amount: '300000000' };
    const proposal = await call(core, 'multisig:preview', { walletId: multisig!.walletId, draft: transfer });
    const proposed = await call(core, 'multisig:propose', {
      preparedId: proposal.prepared!.id,
      signerId: wallets[2]!.id,
      via: 'file',
    });
    // The participant signed exactly the reviewed transfer.
    const document = JSON.parse(proposed.document) as { data: unknown };
    const signedTx = transactionFromJson(document.data, { network: localnet, height: 1 });
    expect(toHex(sha256(unsignedBytes(signedTx)))).toBe(proposal.prepared!.unsignedHash);
    expect(proposed).toMatchObject({ kind: 'transfer', signatures: 1, required: 2, ready: false });
    const fileReview = await call(core, 'multisig:review', { proposal: { document: proposed.document } });
    expect(fileReview.preview).toMatchObject({ sent: '300000000', address: multisig!.address, problems: [] });
    expect(fileReview.preview.warnings).toContain(
      '2 of its 3 participants must sign before anyone can broadcast it.',
    );

    const cosigned = await call(core, 'multisig:sign', {
      proposal: { document: proposed.document },
      preparedId: fileReview.preview.prepared!.id,
      walletId: wallets[1]!.id,
      via: 'file',
    });
    expect(cosigned).toMatchObject({ signatures: 2, ready: true });
    const spent = await call(core, 'multisig:broadcast', {
      proposal: { document: cosigned.document },
      preparedId: fileReview.preview.prepared!.id,
    });
    expect(spent.accepted).toBe(true);
    // The spend broadcast is the transfer multisig:preview prepared, as the co-signer reviewed it.
    expect(broadcastHash(spent.id)).toBe(proposal.prepared!.unsignedHash);
    expect(broadcastHash(spent.id)).toBe(fileReview.preview.prepared!.unsignedHash);
    await nextEvent(core, 'tx:status', confirmed(spent.id));
    const balance = await call(core, 'tx:spendable', { walletId: multisig!.walletId });
    expect(balance.balance).toBe(String(1_000_000_000 - 300_000_000 - 10_000_000));

    // The spent proposal's nonce is used: reviewing the document again says so.
    const stale = await call(core, 'multisig:review', { proposal: { document: cosigned.document } });
    expect(stale.preview.problems.map((p) => p.message).join(' ')).toMatch(/nonce 1 is used already/);
  }, 120_000);

  it('a co-signer signs exactly what it reviewed: a proposal changed since is refused, saying what changed', async () => {
    const [multisig] = await call(core, 'multisig:wallets');
    const propose = async (draft: { recipientId: string; amount: string; fee?: string }) => {
      const prepared = await call(core, 'multisig:preview', {
        walletId: multisig!.walletId,
        draft: { kind: 'transfer', ...draft },
      });
      return call(core, 'multisig:propose', {
        preparedId: prepared.prepared!.id,
        signerId: wallets[0]!.id,
        via: 'file',
      });
    };
    const reviewed = await propose({ recipientId: wallets[2]!.address, amount: '100000000' });
    const review = await call(core, 'multisig:review', { proposal: { document: reviewed.document } });
    expect(review.preview.prepared).toMatchObject({ nonce: '2' });
    // Another proposal of the same wallet, as a participant (or a server) may hand it over instead.
    const other = await propose({ recipientId: wallets[2]!.address, amount: '200000000', fee: '20000000' });
    const refused = await refusal(core, 'multisig:sign', {
      proposal: { document: other.document },
      preparedId: review.preview.prepared!.id,
      walletId: wallets[1]!.id,
      via: 'file',
    });
    expect(refused).toMatchObject({
      code: 'ERR_PREPARED_PROPOSAL_CHANGED',
      message:
        "Since your review, this proposal's amount and fee changed: nothing was signed. Review it again.",
      details: { changed: ['amount', 'fee'] },
    });
    // A review that was never made here is refused too; the reviewed proposal itself signs.
    expect(
      await refusal(core, 'multisig:sign', {
        proposal: { document: reviewed.document },
        preparedId: 'f'.repeat(32),
        walletId: wallets[1]!.id,
        via: 'file',
      }),
    ).toMatchObject({ code: 'ERR_PREPARED_UNKNOWN' });
    const signed = await call(core, 'multisig:sign', {
      proposal: { document: reviewed.document },
      preparedId: review.preview.prepared!.id,
      walletId: wallets[1]!.id,
      via: 'file',
    });
    const data = (JSON.parse(signed.document) as { data: unknown }).data;
    const tx = transactionFromJson(data, { network: localnet, height: 1 });
    expect(toHex(sha256(unsignedBytes(tx)))).toBe(review.preview.prepared!.unsignedHash);
    expect(signed).toMatchObject({ signatures: 2, ready: true });
    // A broadcast too goes out only as reviewed: the review of the other proposal does not broadcast this one.
    const otherReview = await call(core, 'multisig:review', { proposal: { document: other.document } });
    expect(
      await refusal(core, 'multisig:broadcast', {
        proposal: { document: signed.document },
        preparedId: otherReview.preview.prepared!.id,
      }),
    ).toMatchObject({ code: 'ERR_PREPARED_PROPOSAL_CHANGED', details: { changed: ['amount', 'fee'] } });
    const spent = await call(core, 'multisig:broadcast', {
      proposal: { document: signed.document },
      preparedId: review.preview.prepared!.id,
    });
    expect(spent.accepted).toBe(true);
    expect(broadcastHash(spent.id)).toBe(review.preview.prepared!.unsignedHash);
    await nextEvent(core, 'tx:status', confirmed(spent.id));
    // Broadcast once: the same review does not send it again, its nonce is used.
    const before = broadcast.length;
    expect(
      await refusal(core, 'multisig:broadcast', {
        proposal: { document: signed.document },
        preparedId: review.preview.prepared!.id,
      }),
    ).toMatchObject({ message: expect.stringMatching(/nonce 2 is used already/) as string });
    expect(broadcast).toHaveLength(before);
  }, 60_000);

  it('refuses a document that is not a proposal, and a forged signature, in plain words', async () => {
    const notJson = await core.handleRequest('multisig:review', { proposal: { document: 'hello there' } });
    expect(notJson).toMatchObject({ ok: false, error: { code: 'ERR_MUSIG_PROPOSAL' } });
    const review = await call(core, 'multisig:preview', {
      walletId: (await call(core, 'multisig:wallets'))[0]!.walletId,
      draft: { kind: 'transfer', recipientId: wallets[2]!.address, amount: '100000000' },
    });
    const proposed = await call(core, 'multisig:propose', {
      preparedId: review.prepared!.id,
      signerId: wallets[0]!.id,
      via: 'file',
    });
    const document = JSON.parse(proposed.document) as { data: { amount: string } };
    document.data.amount = '900000000';
    const forged = await core.handleRequest('multisig:review', {
      proposal: { document: JSON.stringify(document) },
    });
    expect(forged).toMatchObject({
      ok: false,
      error: {
        code: 'ERR_MUSIG_PROPOSAL',
        message: expect.stringMatching(/is not participant 0's signature/) as string,
      },
    });
  }, 60_000);

  it("a co-signer's review is never signed after the vault was locked and opened again, or another profile opened", async () => {
    const [multisig] = await call(core, 'multisig:wallets');
    const prepared = await call(core, 'multisig:preview', {
      walletId: multisig!.walletId,
      draft: { kind: 'transfer', recipientId: wallets[2]!.address, amount: '100000000' },
    });
    const proposed = await call(core, 'multisig:propose', {
      preparedId: prepared.prepared!.id,
      signerId: wallets[0]!.id,
      via: 'file',
    });
    const proposal = { document: proposed.document };
    const sign = (preparedId: string, walletId: string) =>
      refusal(core, 'multisig:sign', { proposal, preparedId, walletId, via: 'file' });

    const locked = await call(core, 'multisig:review', { proposal });
    await call(core, 'vault:lock');
    await call(core, 'vault:unlock', { password: PASSWORD });
    expect(await sign(locked.preview.prepared!.id, wallets[1]!.id)).toMatchObject({
      code: 'ERR_PREPARED_SESSION',
    });
    expect(
      await refusal(core, 'multisig:broadcast', { proposal, preparedId: locked.preview.prepared!.id }),
    ).toMatchObject({ code: 'ERR_PREPARED_SESSION' });

    // Another profile with the same participant's key in its vault: the first profile's review is not its review.
    const switched = await call(core, 'multisig:review', { proposal });
    await call(core, 'profiles:create', { name: 'Other', open: true });
    await call(core, 'vault:create', { password: PASSWORD });
    const same = await call(core, 'wallets:import-passphrase', { passphrase: 'musig participant two' });
    expect(await sign(switched.preview.prepared!.id, same.id)).toMatchObject({
      code: 'ERR_PREPARED_SESSION',
    });
    await call(core, 'profiles:switch', { id: 'default' });
    await call(core, 'vault:unlock', { password: PASSWORD });
    expect(await sign(switched.preview.prepared!.id, wallets[1]!.id)).toMatchObject({
      code: 'ERR_PREPARED_SESSION',
    });

    // Reviewed in this session, it signs.
    const fresh = await call(core, 'multisig:review', { proposal });
    const signed = await call(core, 'multisig:sign', {
      proposal,
      preparedId: fresh.preview.prepared!.id,
      walletId: wallets[1]!.id,
      via: 'file',
    });
    expect(signed).toMatchObject({ signatures: 2, ready: true });
  }, 60_000);
});
