/**
 * The vote review identifies the key that is signed, whatever a remote node says about it.
 *
 * A vote signs a public key (`asset.votes`, protocol reference); a delegate's username is only what the node
 * answers for that key (`/delegates/{key}`, ark-core-api.md §6.15). So the review (tx:preview,
 * src/core/services/transactions/preview.ts with vote-target.ts) names the target by the address derived here
 * from the key and by the key itself, gives the username as the node's name for it, and takes no answer about
 * another key (docs/design/ui.md "Review before every signature"). The Vote page's table shows the address of the
 * key its button votes for (chain:delegates derives it from the key, services/chain/chain-reads.ts).
 */
import { describe, expect, it } from 'vitest';
import { addressFromPublicKey } from '../../src/core/protocol/crypto';
import { devnet } from '../../src/core/protocol/networks';
import { delegateFixture, page } from '../client/support/fake-node';
import { call, reviewAndSend, reviewRefusal } from './support';
import { keyOf, remoteWorld } from './support/remote-setup';

const ALICE_KEY = keyOf('redteam honest delegate alice');
const MALLORY_KEY = keyOf('redteam attacker delegate mallory');
const MALLORY_ADDRESS = addressFromPublicKey(MALLORY_KEY, devnet.network.pubKeyHash);
const ALICE_ADDRESS = addressFromPublicKey(ALICE_KEY, devnet.network.pubKeyHash);

describe('the vote review vs a remote node that names delegates', () => {
  const world = remoteWorld();

  it('takes no answer about another key: the review names the key signed, and tx:send refuses', async () => {
    const { core, node, wallet } = world();
    // Whatever key is asked, the node answers with alice's record (her name, her key, her address).
    node.on('GET', /^\/api\/delegates\/([^/]+)$/, () => ({
      data: { ...delegateFixture, username: 'alice', publicKey: ALICE_KEY, address: ALICE_ADDRESS },
    }));

    const draft = { kind: 'vote' as const, vote: MALLORY_KEY };
    const preview = await call(core, 'tx:preview', { walletId: wallet.id, draft });
    expect(preview.what).not.toContain('alice');
    expect(preview.what).toContain(MALLORY_ADDRESS);
    expect(preview.votes).toEqual([{ action: 'vote', publicKey: MALLORY_KEY, address: MALLORY_ADDRESS }]);
    expect(preview.problems.map((p) => p.field)).toEqual(['vote']);
    expect(preview.problems[0]!.message).toContain('does not match');

    const posted = node.posted.length;
    expect((await reviewRefusal(core, wallet.id, draft)).code).toBe('ERR_INVALID_DRAFT');
    expect(node.posted.length).toBe(posted);
  });

  it('takes no record whose address is not its key’s', async () => {
    const { core, node, wallet } = world();
    node.on('GET', /^\/api\/delegates\/([^/]+)$/, () => ({
      data: { ...delegateFixture, username: 'alice', publicKey: MALLORY_KEY, address: ALICE_ADDRESS },
    }));
    const draft = { kind: 'vote' as const, vote: MALLORY_KEY };
    const preview = await call(core, 'tx:preview', { walletId: wallet.id, draft });
    expect(preview.what).not.toContain('alice');
    expect(preview.problems.map((p) => p.field)).toEqual(['vote']);
  });

  it('gives a name the node pairs with the key as the node’s, beside the key’s own address and the key', async () => {
    const { core, node, wallet } = world();
    // The node calls mallory's key "alice", in its list and in its answer for that key.
    const record = {
      ...delegateFixture,
      username: 'alice',
      publicKey: MALLORY_KEY,
      address: MALLORY_ADDRESS,
    };
    node.on('GET', /^\/api\/delegates\/([^/]+)$/, () => ({ data: record }));

    const draft = { kind: 'vote' as const, vote: MALLORY_KEY };
    const preview = await call(core, 'tx:preview', { walletId: wallet.id, draft });
    expect(preview.problems).toEqual([]);
    expect(preview.what).toBe(
      `Vote for alice (${MALLORY_ADDRESS}, key ${MALLORY_KEY.slice(0, 10)}…), as the node names it`,
    );
    expect(preview.votes).toEqual([
      { action: 'vote', publicKey: MALLORY_KEY, address: MALLORY_ADDRESS, nodeName: 'alice' },
    ]);

    const sent = await reviewAndSend(core, wallet.id, draft);
    expect(sent.accepted).toBe(true);
    expect(node.posted.at(-1)!.transactions[0]!['asset']).toEqual({ votes: [`+${MALLORY_KEY}`] });
  });

  it('lists each delegate with the address of the key its vote button signs, not the node’s address', async () => {
    const { core, node } = world();
    // The list pairs "alice" (and her address) with mallory's key.
    node.on('GET', /^\/api\/delegates$/, () =>
      page(
        [{ ...delegateFixture, username: 'alice', publicKey: MALLORY_KEY, address: ALICE_ADDRESS }],
        '/delegates',
      ),
    );
    const listed = await call(core, 'chain:delegates', { page: 1, limit: 100 });
    expect(listed.data.map((d) => [d.username, d.publicKey, d.address])).toEqual([
      ['alice', MALLORY_KEY, MALLORY_ADDRESS],
    ]);
  });
});
