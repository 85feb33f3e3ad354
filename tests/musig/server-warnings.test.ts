/**
 * The app starts the multisignature server on every run (services/multisig/local-server.ts): building it must not
 * use an option Fastify has deprecated, whose warning (FSTDEP022, router options at the top level) was printed at
 * every start-up. Router options go under `routerOptions` (fastify `lib/route.js` buildRouterOptions).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProposalRules, ProposalStore, createMusigServer } from '../../src/core/musig-server';
import { CTX } from './fixtures';

afterEach(() => vi.restoreAllMocks());

describe('the multisignature server at start-up', () => {
  it('emits no deprecation warning, and still takes a trailing slash', async () => {
    const warnings = vi.spyOn(process, 'emitWarning');
    const store = new ProposalStore(':memory:');
    const app = await createMusigServer({
      rules: new ProposalRules({ store, ctx: CTX }),
      rateLimitPerMinute: 0,
    });
    try {
      expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([]);
      const answer = await app.inject({
        method: 'GET',
        url: '/transactions/?publicKey=' + '02'.padEnd(66, 'a'),
      });
      expect(answer.statusCode).not.toBe(404);
    } finally {
      await app.close();
      store.close();
    }
  });
});
