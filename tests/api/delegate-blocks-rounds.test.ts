/** /delegates/{id}/blocks, /rounds/{id}/delegates and production.approval (ark-core-api.md §6.5, §6.11, §10.5). */
import { nodeParts } from '../../src/core/node/parts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalOf } from '../../src/core/db/read-model/approval';
import type { Wallet } from '../../src/core/node/state';
import { user1 } from './support/api-chain';
import { startDposChain, switchTarget, type DposChain } from './support/dpos-chain';
import { at, items, publicApi } from './support/http';

let chain: DposChain;
const { api, data, error } = publicApi(() => chain.server.publicApp);

/** Every delegate wallet of the node's state. */
const delegates = () =>
  nodeParts(chain.node)
    .store.state()
    .delegates()
    .filter((w): w is Readonly<Wallet> & { publicKey: string; delegate: NonNullable<Wallet['delegate']> } =>
      Boolean(w.delegate && w.publicKey),
    );
const byName = (username: string) => delegates().find((w) => w.delegate.username === username)!;

beforeAll(async () => {
  chain = await startDposChain();
});
afterAll(async () => {
  expect(chain.serverErrors).toEqual([]);
  await chain?.close();
});

describe('production.approval (§10.5)', () => {
  it('follows ARK’s procedure, edge cases included', () => {
    expect(approvalOf(250_000_000_000_000n, 16_884_880_200_000_004n)).toBe(1.48);
    expect(approvalOf(2_000_000_000_000_000n, 16_884_880_200_000_004n)).toBe(11.84);
    // 1.50 → 1.5 and 0.00 → 0 (numbers, not strings).
    expect(approvalOf(150n, 10_000n)).toBe(1.5);
    expect(approvalOf(3n, 100_000n)).toBe(0);
    expect(approvalOf(0n, 100_000n)).toBe(0);
    expect(approvalOf(1n, 10_000n)).toBe(0.01);
    expect(approvalOf(10_000n, 10_000n)).toBe(100);
    expect(approvalOf(5n, 0n)).toBe(0);
  });
});

describe('GET /delegates/{id}/blocks', () => {
  it('equals /blocks with the delegate’s generatorPublicKey, with transform and orderBy', async () => {
    const wallet = byName(switchTarget.username!);
    const own = await api(`/delegates/${wallet.address}/blocks`);
    const search = await api(`/blocks?generatorPublicKey=${wallet.publicKey}`);
    expect(items(own.body, 'data')).toEqual(items(search.body, 'data'));
    expect(items(own.body, 'data').length).toBe(wallet.delegate.producedBlocks);
    expect(at(own.body, 'meta', 'self')).toBe(
      `/api/delegates/${wallet.address}/blocks?transform=true&page=1&limit=100`,
    );
    const raw = await data(`/delegates/${switchTarget.username!}/blocks?transform=false&orderBy=height:asc`);
    expect(raw.map((b) => at(b, 'generatorPublicKey'))).toEqual(raw.map(() => wallet.publicKey));
    const heights = raw.map((b) => at(b, 'height') as number);
    expect(heights).toEqual([...heights].sort((a, b) => a - b));
    const last = wallet.delegate.lastBlock!.height;
    expect(
      (await data(`/delegates/${wallet.publicKey}/blocks?height=${last}`)).map((b) => at(b, 'id')),
    ).toEqual([wallet.delegate.lastBlock!.id]);
    expect(await data('/delegates/api_user2/blocks')).toEqual([]);
  });

  it('answers unhappy paths', async () => {
    expect(await error('/delegates/nobody_here/blocks')).toEqual({
      status: 404,
      message: 'Wallet not found',
    });
    expect(await error(`/delegates/${user1.address}/blocks`)).toEqual({
      status: 404,
      message: 'Delegate not found',
    });
    expect(await error('/delegates/api_user2/blocks?orderBy=height')).toEqual({
      status: 422,
      message:
        '"orderBy" with value "height" fails to match the required pattern: /^[a-z._]{1,40}:(asc|desc)$/i',
    });
  });
});

describe('GET /rounds/{id}/delegates', () => {
  it('gives the round’s active delegates with their vote balance at the round start, in rank order', async () => {
    const rows = nodeParts(chain.node).store.roundRows();
    for (const round of [1, 2]) {
      const list = await data(`/rounds/${round}/delegates`);
      const stored = rows.filter((row) => row.round === round);
      expect(list).toHaveLength(21);
      expect(list.map((d) => at(d, 'publicKey')).sort()).toEqual(stored.map((row) => row.publicKey).sort());
      for (const entry of list) {
        const row = stored.find((r) => r.publicKey === at(entry, 'publicKey'))!;
        expect(at(entry, 'votes')).toBe(row.voteBalance.toString());
      }
      const votes = list.map((d) => BigInt(at(d, 'votes') as string));
      expect(votes).toEqual([...votes].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    }
    // Round 2's ranking is the delegates' rank now (taken at its start; no round change since).
    const round2 = (await data('/rounds/2/delegates')).map((d) => at(d, 'publicKey'));
    const ranked = (await data('/delegates?rank.to=21')).map((d) => at(d, 'publicKey'));
    expect(round2).toEqual(ranked);
  });

  it('is 404 "Round not found" for a round that has not started, 422 below 1', async () => {
    expect(await error('/rounds/99/delegates')).toEqual({ status: 404, message: 'Round not found' });
    expect(await error('/rounds/0/delegates')).toEqual({
      status: 422,
      message: '"id" must be greater than or equal to 1',
    });
    expect((await error('/rounds/abc/delegates')).status).toBe(422);
    expect((await api('/rounds/1/delegates?anything=1')).status).toBe(200);
  });
});
