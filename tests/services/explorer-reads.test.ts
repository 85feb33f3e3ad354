/**
 * The explorer, fee and randomness reads against a real embedded node on a fake clock, and
 * against a remote (fake) ARK node that has no secondary interface and no /transactions/fees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import { trngValues } from '../../src/shared/lib/trng';
import type { TransactionView } from '../../src/shared/domain/chain-views';
import type { PendingView } from '../../src/shared/domain/transactions';
import { startFakeNode, TX_ID, type FakeNode } from '../client/support/fake-node';
import { call, nextEvent, openClockedCore, refusal, removeDir, tempDir, type CoreClock } from './support';

const GENESIS_1 = 'genesis_1';

describe('explorer reads through the active NodeClient', () => {
  let dir: string;
  let core: AppCore;
  let clock: CoreClock;
  let remote: FakeNode;
  let genesisTxs: TransactionView[];

  beforeAll(async () => {
    dir = tempDir();
    ({ core, clock } = await openClockedCore(dir));
    remote = await startFakeNode();
    // Two blocks, so the genesis block has a successor and /trng-1 a block before the tip.
    clock.forge(core, 2);
    const genesis = await call(core, 'chain:block', { height: 1 });
    genesisTxs = (await call(core, 'chain:block-transactions', { blockId: genesis.id, limit: 100 })).data;
  });
  afterAll(async () => {
    await core.close();
    await remote.close();
    removeDir(dir);
  });

  it('a height finds its block; the block page has its header, neighbours and transactions', async () => {
    const found = await call(core, 'chain:search', { query: ' 1 ' });
    expect(found).toMatchObject({ kind: 'block', height: 1 });
    const genesis = await call(core, 'chain:block', { height: 1 });
    expect(genesis.previousId).toBeUndefined();
    expect(genesis.nextHeight).toBe(2);
    expect(genesis.transactions).toBeGreaterThan(0);
    expect(genesis.payloadHash).toMatch(/^[0-9a-f]{64}$/);
    const second = await call(core, 'chain:block', { height: 2 });
    expect(second.previousId).toBe(genesis.id);
    expect(await call(core, 'chain:block', { id: second.id.toUpperCase() })).toMatchObject({ height: 2 });
    // The tip has no next block yet.
    const tip = (await call(core, 'chain:blocks', { limit: 1 })).data[0]!;
    expect((await call(core, 'chain:block', { id: tip.id })).nextHeight).toBeUndefined();

    const page = await call(core, 'chain:block-transactions', { blockId: genesis.id, limit: 5 });
    expect(page.meta).toMatchObject({ page: 1, limit: 5, totalCount: genesis.transactions });
    expect(page.data).toHaveLength(5);
    expect(genesisTxs).toHaveLength(Math.min(100, genesis.transactions));
  });

  it('a 64-hex id is a transaction first, then a block', async () => {
    const tx = genesisTxs[0]!;
    expect(await call(core, 'chain:search', { query: tx.id.toUpperCase() })).toEqual({
      kind: 'transaction',
      id: tx.id,
    });
    const genesis = await call(core, 'chain:block', { height: 1 });
    expect(await call(core, 'chain:search', { query: genesis.id })).toEqual({
      kind: 'block',
      id: genesis.id,
      height: 1,
    });
    const missing = await call(core, 'chain:search', { query: 'ab'.repeat(32) });
    expect(missing).toMatchObject({
      kind: 'notFound',
      message: expect.stringContaining('No transaction') as string,
    });
  });

  it('a transaction page has its block, confirmations and a readable asset', async () => {
    const tx = await call(core, 'chain:transaction', { id: genesisTxs[0]!.id });
    expect(tx).toMatchObject({ confirmed: true, blockHeight: 1, sender: genesisTxs[0]!.sender });
    expect(tx.confirmations).toBeGreaterThan(0);
    expect(tx.signature).toMatch(/^[0-9a-f]+$/);
    // The localnet genesis registers its 21 delegates and has each vote for itself.
    const registration = genesisTxs.find((t) => t.kind === 'delegateRegistration')!;
    const registered = await call(core, 'chain:transaction', { id: registration.id });
    expect(registered.delegateUsername).toMatch(/^genesis_\d+$/);
    const vote = genesisTxs.find((t) => t.kind === 'vote')!;
    const voted = await call(core, 'chain:transaction', { id: vote.id });
    expect(voted.voteTargets?.[0]).toMatchObject({
      action: 'vote',
      username: expect.stringMatching(/^genesis_\d+$/) as string,
    });
    const error = await refusal(core, 'chain:transaction', { id: 'cd'.repeat(32) });
    expect(error).toMatchObject({
      code: 'ERR_NOT_FOUND',
      message: expect.stringContaining('No transaction') as string,
    });
  });

  it('an address, a public key and a username find the same wallet', async () => {
    const byName = await call(core, 'chain:search', { query: GENESIS_1 });
    expect(byName).toMatchObject({ kind: 'wallet', via: 'username' });
    const address = byName.kind === 'wallet' ? byName.address : '';
    const wallet = await call(core, 'chain:wallet', { address });
    expect(wallet.delegate?.username).toBe(GENESIS_1);
    expect(await call(core, 'chain:search', { query: address })).toEqual({
      kind: 'wallet',
      address,
      via: 'address',
    });
    expect(await call(core, 'chain:search', { query: wallet.publicKey! })).toEqual({
      kind: 'wallet',
      address,
      via: 'publicKey',
    });
    expect(await call(core, 'chain:search', { query: 'GENESIS_1' })).toMatchObject({ address });
  });

  it('says clearly what was not found', async () => {
    const high = await call(core, 'chain:search', { query: '99999999' });
    expect(high).toMatchObject({
      kind: 'notFound',
      message: expect.stringMatching(/no block at height 99999999/) as string,
    });
    const nobody = await call(core, 'chain:search', { query: 'nosuchdelegate' });
    expect(nobody).toMatchObject({
      kind: 'notFound',
      message: expect.stringContaining('nosuchdelegate') as string,
    });
    const foreign = await call(core, 'chain:search', { query: 'AJWRd23HNEhPLkK1ymMnwnDBX2a7QBZqff' });
    expect(foreign).toMatchObject({
      kind: 'notFound',
      message: expect.stringContaining('another network') as string,
    });
    const blank = await call(core, 'chain:search', { query: '   ' });
    expect(blank.kind).toBe('notFound');
    expect(await refusal(core, 'chain:block', { height: 99_999_999 })).toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
    expect(await refusal(core, 'chain:block', { id: 'x' })).toMatchObject({ code: 'ERR_INVALID_REQUEST' });
  });

  it('fees: per-type statistics over the chosen days with the static fee beside them', async () => {
    // A transfer of today, so the statistics over the last day have one to count.
    const address = 'DQ93Nb6QfsTzCEgyfo8SYvcgxkVbfUe1F9';
    const { transactionId } = await call(core, 'localnet:fund', { address });
    const confirmed = nextEvent<PendingView>(
      core,
      'tx:status',
      (p) => p.id === transactionId && p.status === 'confirmed',
    );
    clock.forge(core);
    await confirmed;
    const fees = await call(core, 'chain:fees', { days: 1 });
    expect(fees.stats.days).toBe(1);
    expect(fees.static['1']?.['transfer']).toBe('10000000');
    const transfer = fees.stats.byTypeGroup['1']?.['transfer'];
    expect(BigInt(transfer?.sum ?? '0')).toBeGreaterThan(0n);
    expect(BigInt(transfer!.min) <= BigInt(transfer!.max)).toBe(true);
  });

  it('randomness: /trng and /trng-1 from the embedded secondary interface, with their blocks', async () => {
    const answer = await call(core, 'chain:randomness');
    if (!answer.available) throw new Error(answer.reason);
    expect(answer.secondaryUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(answer.latest.values).toEqual(trngValues(answer.latest.blockId));
    expect(answer.latest.blockHeight).toBeGreaterThan(1);
    expect(answer.previous?.blockHeight).toBe(answer.latest.blockHeight! - 1);
  });

  it('on a remote ARK node: no secondary interface is said plainly; static fees come from its configuration', async () => {
    const added = await call(core, 'networks:add', { url: remote.url });
    await call(core, 'networks:select', { networkId: added.id });
    const answer = await call(core, 'chain:randomness');
    expect(answer).toMatchObject({
      available: false,
      reason: expect.stringContaining('secondary interface') as string,
    });
    const fees = await call(core, 'chain:fees');
    expect(fees.static['1']?.['transfer']).toMatch(/^\d+$/);
    expect(await call(core, 'chain:search', { query: TX_ID })).toEqual({ kind: 'transaction', id: TX_ID });
    await call(core, 'networks:select', { networkId: 'embedded' });
  });
});
