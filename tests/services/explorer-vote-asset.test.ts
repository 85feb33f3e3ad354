/**
 * The explorer's transaction page names the delegates a vote transaction votes for, one `/delegates/{key}` read
 * each. A remote node's vote asset is checked as ARK's vote schema allows it (client/schemas/assets.ts: at most
 * two entries of "+" or "-" then a 66-hex key): a transaction with thousands of entries, or entries of another
 * shape, is the peer's bad answer (ERR_BAD_RESPONSE) and costs no delegate read at all.
 */
import { describe, expect, it } from 'vitest';
import { delegateFixture, transactionFixture } from '../client/support/fake-node';
import { call, refusal } from './support';
import { remoteWorld } from './support/remote-setup';

const key = (i: number) => `02${i.toString(16).padStart(64, '0')}`;

describe('explorer transaction page vs a remote node’s vote asset', () => {
  const world = remoteWorld();

  /** Serves a vote transaction with these entries; counts the delegate reads from here on. */
  const serveVote = (votes: unknown) => {
    const { node } = world();
    node.on('GET', /^\/api\/transactions\/(?!unconfirmed)([^/]+)$/, () => ({
      data: { ...transactionFixture, type: 3, asset: { votes } },
    }));
    const before = delegateReads();
    return () => delegateReads() - before;
  };
  const delegateReads = () =>
    [...world().node.hits]
      .filter(([path]) => path.startsWith('/api/delegates/'))
      .reduce((sum, [, count]) => sum + count, 0);

  it('names the delegates of an unvote and a vote', async () => {
    const { core, node } = world();
    node.on('GET', /^\/api\/delegates\/([^/]+)$/, (_r, reply, match) =>
      match[1] === key(1)
        ? { data: { ...delegateFixture, publicKey: key(1), username: 'genesis_1' } }
        : reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Delegate not found' }),
    );
    const reads = serveVote([`-${key(2)}`, `+${key(1)}`]);
    const detail = await call(core, 'chain:transaction', { id: transactionFixture.id });
    expect(detail.voteTargets).toEqual([
      { action: 'unvote', publicKey: key(2) },
      { action: 'vote', publicKey: key(1), username: 'genesis_1' },
    ]);
    expect(reads()).toBe(2);
  });

  it('refuses a vote of 3,000 entries as the peer’s bad answer, reading no delegate', async () => {
    const { core, defects } = world();
    const reads = serveVote(Array.from({ length: 3_000 }, (_, i) => `+${key(i)}`));
    const error = await refusal(core, 'chain:transaction', { id: transactionFixture.id });
    expect(error.code).toBe('ERR_BAD_RESPONSE');
    expect(error.message).toContain('votes');
    expect(reads()).toBe(0);
    expect(defects).toEqual([]);
  });

  it.each([[[`*${key(1)}`]], [['+arkpool']], [[`+${key(1)}00`]], [[42]], [{ [`+${key(1)}`]: 100 }]])(
    'refuses the vote asset %j as the peer’s bad answer',
    async (votes) => {
      const { core } = world();
      const reads = serveVote(votes);
      const error = await refusal(core, 'chain:transaction', { id: transactionFixture.id });
      expect(error.code).toBe('ERR_BAD_RESPONSE');
      expect(reads()).toBe(0);
    },
  );
});
