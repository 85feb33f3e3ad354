/**
 * A wallet's history reads, for each claim or refund on a page, the lock transaction it closes
 * (services/chain/wallet-history.ts lockContext). A remote node decides how many claims a page holds only up to
 * the limit asked: a longer page is its bad answer (ERR_BAD_RESPONSE, client/schemas/common.ts pageOf), and the
 * lock reads of an honest page go a few at a time (services/chain/fan-out.ts), not all at once.
 */
import { describe, expect, it } from 'vitest';
import { FAN_OUT_READS } from '../../src/core/services/chain/fan-out';
import { page, transactionFixture } from '../client/support/fake-node';
import { call, refusal } from './support';
import { remoteWorld } from './support/remote-setup';

/** `count` claims, each closing a lock of its own (lock ids start with "b"). */
const claims = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...transactionFixture,
    id: i.toString(16).padStart(64, 'a'),
    type: 9,
    amount: '0',
    fee: '0',
    asset: {
      claim: { lockTransactionId: i.toString(16).padStart(64, 'b'), unlockSecret: '00'.repeat(32) },
    },
  }));

describe('wallet history vs a remote node’s page of claims', () => {
  const world = remoteWorld();

  /** Counts the lock reads (`/transactions/b…`) and the most in flight at once; each is held a moment. */
  const countLockReads = () => {
    const { node } = world();
    const reads = { total: 0, inFlight: 0, most: 0 };
    node.on('GET', /^\/api\/transactions\/(b[0-9a-f]{63})$/, async (_r, reply) => {
      reads.total += 1;
      reads.inFlight += 1;
      reads.most = Math.max(reads.most, reads.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      reads.inFlight -= 1;
      return reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Transaction not found' });
    });
    return reads;
  };

  it('refuses a page of 2,000 rows asked with a limit of 25, reading no lock', async () => {
    const { core, node, wallet, defects } = world();
    node.on('GET', /^\/api\/wallets\/([^/]+)\/transactions$/, () => page(claims(2_000), '/transactions'));
    const reads = countLockReads();
    const error = await refusal(core, 'chain:wallet-transactions', { address: wallet.address, limit: 25 });
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.message).toContain('at most 25 items');
    expect(reads.total).toBe(0);
    expect(defects).toEqual([]);
  });

  it('reads the locks of a full page of 100 claims a few at a time', async () => {
    const { core, node, wallet } = world();
    node.on('GET', /^\/api\/wallets\/([^/]+)\/transactions$/, () => page(claims(100), '/transactions'));
    const reads = countLockReads();
    const history = await call(core, 'chain:wallet-transactions', { address: wallet.address, limit: 100 });
    expect(history.data).toHaveLength(100);
    expect(reads.total).toBe(100);
    expect(reads.most).toBeGreaterThan(0);
    expect(reads.most).toBeLessThanOrEqual(FAN_OUT_READS);
  });
});
