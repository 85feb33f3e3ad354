/**
 * `votary musig-server`'s HTTP side (core/musig-server): ARK's REST shape and ArkVault's JSON-RPC methods, every
 * signature verified on arrival, signatures merged by participant, 3 proposals per sender, purge after 24 hours,
 * and hostile input answered 4xx with a sentence.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ProposalRules,
  ProposalStore,
  createMusigServer,
  PROPOSAL_LIFETIME_MS,
} from '../../src/core/musig-server';
import { verifyMultiSignatures, transactionFromJson } from '../../src/core/protocol/transactions';
import { ASSET, CTX, KEYS, MULTI_KEY, PARTICIPANTS, body, proof, registration, spend } from './fixtures';

let clock = 1_700_000_000_000;
let store: ProposalStore;
let app: FastifyInstance;

beforeEach(async () => {
  store = new ProposalStore(':memory:');
  app = await createMusigServer({
    rules: new ProposalRules({ store, ctx: CTX, now: () => clock }),
    rateLimitPerMinute: 0,
    now: () => clock,
  });
});
afterEach(async () => {
  await app.close();
  store.close();
});

const post = (payload: unknown) =>
  app.inject({ method: 'POST', url: '/transaction', payload: payload as object });
/** Proof by participant 0 (or the participants given) for this action on this subject. */
const as = (action: 'list' | 'show' | 'delete', subject: string, who = [PARTICIPANTS[0]!]) => ({
  'x-musig-auth': proof(who, action, subject, clock),
});
const list = (publicKey: string, state?: string) =>
  app.inject({
    method: 'GET',
    url: `/transactions?publicKey=${publicKey}${state ? `&state=${state}` : ''}`,
    headers: as('list', publicKey),
  });
const show = (id: string) =>
  app.inject({ method: 'GET', url: `/transaction/${id}`, headers: as('show', id) });

describe('REST shape', () => {
  it('stores a proposal under its base id, lists it for each participant and the sender, and deletes it', async () => {
    const tx = spend([0]);
    const stored = await post(body(tx));
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['x-server-type']).toBe('MultiSignature');
    const { id } = stored.json<{ id: string }>();
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id).not.toBe(tx.id);

    for (const key of [...KEYS, MULTI_KEY]) {
      const answer = await list(key);
      expect(answer.json<{ id: string }[]>().map((p) => p.id)).toEqual([id]);
    }
    expect((await list(KEYS[0]!, 'pending')).json<unknown[]>()).toHaveLength(1);
    expect((await list(KEYS[0]!, 'ready')).json<unknown[]>()).toHaveLength(0);

    const shown = await show(id);
    expect(shown.json()).toMatchObject({ id, multisigAsset: ASSET, data: { senderPublicKey: MULTI_KEY } });

    expect(
      (await app.inject({ method: 'DELETE', url: `/transactions/${id}`, headers: as('delete', id) }))
        .statusCode,
    ).toBe(204);
    expect((await show(id)).statusCode).toBe(404);
  });

  it('merges signatures by participant: two co-signers posting separately both count, and it becomes ready', async () => {
    const { id } = (await post(body(spend([0])))).json<{ id: string }>();
    // Participant 2 signs the copy without participant 0's signature (both posted "at once").
    expect((await post(body(spend([2])))).json()).toEqual({ id });
    const ready = (await list(KEYS[1]!, 'ready')).json<{ data: unknown }[]>();
    expect(ready).toHaveLength(1);
    const tx = transactionFromJson(ready[0]!.data, CTX);
    expect(tx.signatures!.map((s) => s.slice(0, 2))).toEqual(['00', '02']);
    expect(verifyMultiSignatures(tx, ASSET)).toBe(true);
    expect(tx.id).toBe(spend([0, 2]).id);
  });

  it('a registration is ready only when every participant signed, and keeps the sender’s final signature', async () => {
    const { id } = (await post(body(registration([0, 1])))).json<{ id: string }>();
    expect((await list(KEYS[0]!, 'ready')).json<unknown[]>()).toHaveLength(0);
    await post(body(registration([0, 1, 2], true)));
    const shown = (await show(id)).json<{
      data: { signature?: string };
    }>();
    expect(shown.data.signature).toBe(registration([0, 1, 2], true).signature);
    expect((await list(KEYS[2]!, 'ready')).json<unknown[]>()).toHaveLength(1);
  });
});

describe('verification on arrival', () => {
  it('refuses a signature that is not the participant’s, naming it, and stores nothing', async () => {
    const tx = spend([0]);
    const forged = { ...tx, signatures: [`01${tx.signatures![0]!.slice(2)}`] };
    const answer = await post(body(forged));
    expect(answer.statusCode).toBe(422);
    expect(answer.json<{ message: string }>().message).toBe(
      "signatures[0] is not participant 1's signature of this transaction",
    );
    expect((await list(KEYS[0]!)).json<unknown[]>()).toHaveLength(0);
  });

  it('refuses a bad signature added to a stored proposal and keeps the good one', async () => {
    const { id } = (await post(body(spend([0])))).json<{ id: string }>();
    const other = spend([1], 1n, 1n); // participant 1 signed a different amount
    const tampered = { ...spend([0]), signatures: [...spend([0]).signatures!, other.signatures![0]!] };
    expect((await post(body(tampered))).statusCode).toBe(422);
    const shown = (await show(id)).json<{
      data: { signatures: string[] };
    }>();
    expect(shown.data.signatures).toEqual(spend([0]).signatures);
  });

  it('refuses a spend whose sender is not the asset’s key and a registration whose asset differs', async () => {
    const wrongAsset = { min: 1, publicKeys: KEYS };
    const spendAnswer = await post(body(spend([0]), wrongAsset));
    expect(spendAnswer.statusCode).toBe(422);
    expect(spendAnswer.json<{ message: string }>().message).toMatch(/multisignature key of multisigAsset/);
    const registrationAnswer = await post(body(registration([0]), wrongAsset));
    expect(registrationAnswer.json<{ message: string }>().message).toMatch(/registration’s own/);
  });

  it('refuses a proposal nobody signed (ARK: the schema’s minItems 1, a 400)', async () => {
    const answer = await post(body(spend([])));
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/at least one participant/);
  });
});

describe('limits', () => {
  it('takes 3 proposals per sender and refuses the fourth with 429 and a sentence', async () => {
    for (const nonce of [1n, 2n, 3n]) expect((await post(body(spend([0], nonce)))).statusCode).toBe(200);
    const fourth = await post(body(spend([0], 4n)));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json<{ message: string }>().message).toBe(
      `The public key [${MULTI_KEY}] has reached its maximum of 3 pending transactions.`,
    );
    // More signatures for one it has are not a new proposal.
    expect((await post(body(spend([1], 2n)))).statusCode).toBe(200);
  });

  it('purges a proposal 24 hours after it arrived', async () => {
    const { id } = (await post(body(spend([0])))).json<{ id: string }>();
    clock += PROPOSAL_LIFETIME_MS - 1;
    expect((await show(id)).statusCode).toBe(200);
    clock += 2;
    expect((await show(id)).statusCode).toBe(404);
    expect((await list(KEYS[0]!)).json<unknown[]>()).toHaveLength(0);
    // Its slot is free again.
    for (const nonce of [1n, 2n, 3n]) expect((await post(body(spend([0], nonce)))).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  const cases: [string, () => Promise<{ statusCode: number; json: () => unknown }>, number, RegExp][] = [
    [
      'not JSON',
      () =>
        app.inject({
          method: 'POST',
          url: '/transaction',
          headers: { 'content-type': 'application/json' },
          payload: '{"data":',
        }),
      400,
      /not valid JSON/,
    ],
    // A body that fails the schema is a 400, as ARK's route validation answers.
    ['no multisigAsset', () => post({ data: {} }), 400, /multisigAsset/],
    [
      'numbers for amounts',
      () => post({ data: { ...body(spend([0])).data, amount: 1 }, multisigAsset: ASSET }),
      400,
      /^data: /,
    ],
    [
      'min above the keys',
      () => post(body(spend([0]), { min: 4, publicKeys: KEYS })),
      400,
      /min 4 is more than/,
    ],
    [
      'a repeated key',
      () => post(body(spend([0]), { min: 2, publicKeys: [KEYS[0]!, KEYS[0]!] })),
      400,
      /repeat/,
    ],
    [
      'a huge body',
      () => post({ data: { vendorField: 'x'.repeat(100_000) }, multisigAsset: ASSET }),
      413,
      /larger than/,
    ],
    ['a list with a bad key', () => list('02xyz'), 400, /publicKey/],
    ['a list with a bad state', () => list(KEYS[0]!, 'gone'), 400, /state/],
    // ARK's server answers an id it does not have with 404, whatever its form.
    [
      'an id that is none',
      () => app.inject({ method: 'GET', url: '/transaction/xyz' }),
      404,
      /Failed to find/,
    ],
    ['an unknown route', () => app.inject({ method: 'GET', url: '/wallets' }), 404, /No route/],
    [
      'deleting what is not there',
      () => app.inject({ method: 'DELETE', url: `/transactions/${'a'.repeat(64)}` }),
      404,
      /Failed to find/,
    ],
  ];
  it.each(cases)('%s → 4xx with a readable message', async (_name, call, status, message) => {
    const answer = await call();
    expect(answer.statusCode).toBe(status);
    expect((answer.json() as { message: string }).message).toMatch(message);
  });
});

describe('JSON-RPC (ArkVault)', () => {
  const rpc = async (method: string, params?: unknown, headers: Record<string, string> = {}) =>
    (
      await app.inject({
        method: 'POST',
        url: '/',
        payload: { jsonrpc: '2.0', id: 7, method, params },
        headers,
      })
    ).json<{
      id: number;
      result?: unknown;
      error?: { code: number; message: string };
    }>();

  it('store, list, show and delete answer as the REST routes do', async () => {
    const stored = await rpc('store', body(spend([0])));
    const { id } = stored.result as { id: string };
    expect(stored.id).toBe(7);
    const listed = await rpc('list', { publicKey: KEYS[1], state: 'pending' }, as('list', KEYS[1]!));
    expect((listed.result as unknown[]).length).toBe(1);
    expect(((await rpc('show', { id }, as('show', id))).result as { id: string }).id).toBe(id);
    expect((await rpc('delete', { id }, as('delete', id))).result).toEqual({ id });
    expect((await rpc('show', { id }, as('show', id))).error).toMatchObject({ code: 404 });
  });

  it('answers a refusal and an unknown method as JSON-RPC errors', async () => {
    expect((await rpc('store', body(spend([])))).error).toMatchObject({
      code: 400,
      message: expect.stringMatching(/at least one/) as string,
    });
    expect((await rpc('mint', {})).error).toMatchObject({ code: -32601 });
    const bad = await app.inject({ method: 'POST', url: '/', payload: { hello: 1 } });
    expect(bad.json<{ error: { message: string } }>().error.message).toMatch(/jsonrpc/);
  });
});
