/** POST /transactions (ark-core-api.md §7; public-api.md §4.3): JSON (ARK) and hex (spec) items, per-item results. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localnet } from '../../src/core/node/localnet';
import { toHex } from '../../src/core/protocol/hex';
import {
  serializeTransaction,
  signTransaction,
  transactionToJson,
  type TransactionData,
} from '../../src/core/protocol/transactions';
import { VTY, startApiChain, user2, user3, type ApiChain } from './support/api-chain';
import { at, get, items, post } from './support/http';

let chain: ApiChain;
beforeAll(async () => {
  chain = await startApiChain();
});
afterAll(async () => chain?.close());

const send = (body: unknown) => post(chain.server.publicApp, '/api/transactions', body);

function transfer(nonce: bigint, amount: bigint): TransactionData {
  return signTransaction(
    { type: 0, nonce, amount, recipientId: user3.address },
    { passphrase: user2.passphrase },
    { network: localnet, height: chain.node.height + 1 },
  );
}

describe('POST /transactions', () => {
  it('accepts ARK’s JSON and the spec’s hex; errors are omitted when there are none; they are forged next', async () => {
    const a = transfer(2n, 1n * VTY);
    const b = transfer(3n, 2n * VTY);
    const answer = await send({ transactions: [transactionToJson(a), toHex(serializeTransaction(b))] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: { accept: [a.id, b.id], broadcast: [a.id, b.id], excess: [], invalid: [] },
    });
    expect(
      items((await get(chain.server.publicApp, '/api/transactions/unconfirmed')).body, 'data').map((tx) =>
        at(tx, 'id'),
      ),
    ).toContain(b.id);
    chain.step();
    for (const tx of [a, b]) {
      expect((await get(chain.server.publicApp, `/api/transactions/${tx.id}`)).status).toBe(200);
    }
  });

  it('reports each bad item under its id (or index), keeps the others, answers 200', async () => {
    const good = transfer(4n, 1n * VTY);
    const duplicate = transactionToJson(good);
    const wrongNetwork = { ...transactionToJson(transfer(5n, 1n)), network: 23 };
    const broken = { ...transactionToJson(transfer(6n, 1n)), fee: 'lots' };
    const answer = await send({
      transactions: [transactionToJson(good), duplicate, wrongNetwork, broken, 'abc', 'ffff'],
    });
    expect(answer.status).toBe(200);
    expect(at(answer.body, 'data', 'accept')).toEqual([good.id]);
    const invalid = items(answer.body, 'data', 'invalid');
    expect(invalid).toHaveLength(5);
    const errors = at(answer.body, 'errors') as Record<string, { type: string; message: string }>;
    expect(errors[good.id!]).toMatchObject({ type: 'ERR_DUPLICATE' });
    expect(errors[good.id!]!.message).toMatch(/is already in pool$/);
    expect(errors[wrongNetwork.id!]).toEqual({
      type: 'ERR_WRONG_NETWORK',
      message: "network 23 doesn't match node's network 30",
    });
    expect(errors[broken.id!]!.type).toBe('ERR_BAD_DATA');
    expect(errors['4']).toEqual({
      type: 'ERR_BAD_DATA',
      message: 'Invalid transaction data: odd number of hex digits',
    });
    expect(
      Object.values(errors).some(
        (error) => error.type === 'ERR_BAD_DATA' && error.message.startsWith('Invalid transaction data'),
      ),
    ).toBe(true);
  });

  it('rejects the request itself when the body is not {transactions: [1..40 items]}', async () => {
    const cases: [unknown, string][] = [
      [{}, "should have required property 'transactions'"],
      [[], 'should be object'],
      [{ transactions: [] }, 'should NOT have fewer than 1 items'],
      [{ transactions: 'x' }, 'should be array'],
      [{ transactions: Array.from({ length: 41 }, () => ({})) }, 'should NOT have more than 40 items'],
      [
        { transactions: [12] },
        '"transactions[0]" must be a transaction object or a serialized transaction in hex',
      ],
      [{ transactions: ['zz'] }, '"transactions[0]" must be a serialized transaction in hex'],
    ];
    for (const [body, message] of cases) {
      expect((await send(body)).body).toEqual({ statusCode: 422, error: 'Unprocessable Entity', message });
    }
  });

  it('ignores unknown top-level keys, as ARK strips them', async () => {
    const tx = transfer(5n, 1n * VTY);
    const answer = await send({ transactions: [transactionToJson(tx)], extra: true });
    expect(at(answer.body, 'data', 'accept')).toEqual([tx.id]);
  });
});
