/**
 * A multipayment's amounts from a remote node (`asset.payments[].amount`) are checked where the answer is read
 * (client/schemas/assets.ts, with the client's amount rule: an integer of at most 30 digits). An amount that is
 * not one — "1.5", "12abc", 1.5, or millions of digits that would hold the core's event loop while they became a
 * bigint — is the peer's bad answer (ERR_BAD_RESPONSE), never an internal error of the core with a defect logged.
 */
import { describe, expect, it } from 'vitest';
import { page, transactionFixture } from '../client/support/fake-node';
import { call, refusal } from './support';
import { remoteWorld } from './support/remote-setup';

describe('wallet history vs a remote node’s multipayment amounts', () => {
  const world = remoteWorld();

  const serve = (amount: unknown) => {
    const { node, wallet } = world();
    const tx = {
      ...transactionFixture,
      type: 6,
      amount: '0',
      asset: { payments: [{ recipientId: wallet.address, amount }] },
    };
    node.on('GET', /^\/api\/wallets\/([^/]+)\/transactions$/, () => page([tx], '/transactions'));
  };

  it('shows a payment of an integer amount as received', async () => {
    const { core, wallet, defects } = world();
    serve('150000000');
    const history = await call(core, 'chain:wallet-transactions', { address: wallet.address });
    expect(history.data).toHaveLength(1);
    expect(history.data[0]!.payments).toEqual([{ recipientId: wallet.address, amount: '150000000' }]);
    expect(history.data[0]!.effect?.received).toBe('150000000');
    expect(defects).toEqual([]);
  });

  it.each([['1.5'], ['12abc'], [1.5], ['']])(
    'refuses the amount %j as the peer’s bad answer',
    async (amount) => {
      const { core, wallet, defects } = world();
      serve(amount);
      const error = await refusal(core, 'chain:wallet-transactions', { address: wallet.address });
      expect(error.code).toBe('ERR_BAD_RESPONSE');
      expect(error.message).toContain('payments');
      expect(defects).toEqual([]);
    },
  );

  it('refuses an amount of 3 million digits without turning it into a number', async () => {
    const { core, wallet, defects } = world();
    serve('9'.repeat(3_000_000));
    const error = await refusal(core, 'chain:wallet-transactions', { address: wallet.address });
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.message.length).toBeLessThan(1_000);
    expect(defects).toEqual([]);
  });
});
