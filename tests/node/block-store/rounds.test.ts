import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/core/node/block-store';
import { rankDelegates, shuffleDelegates } from '../../../src/core/protocol/rounds';
import { addBlock, createTestChain, openStore, sign } from '../support/chain-fixture';
import { dumpDatabase } from '../support/db-dump';

describe('rounds', () => {
  it('round 1 is chosen from the genesis state', () => {
    const chain = createTestChain();
    const store = openStore(chain);
    const ranked = rankDelegates(
      chain.delegates.map((d) => ({
        publicKey: d.publicKey,
        voteBalance: store.state().walletByPublicKey(d.publicKey).delegate!.voteBalance,
      })),
      21,
    );
    expect(store.roundDelegates(1)).toEqual(
      shuffleDelegates(
        ranked.map((d) => d.publicKey),
        1,
      ),
    );
    store.close();
  });

  it('at the end of round 1 the forging order of round 2 is shuffleDelegates(rankDelegates(state), 2); revert undoes it', () => {
    const chain = createTestChain();
    const store = openStore(chain);
    // Votes change the ranking: two users back delegate21 and delegate20.
    const [alice, bob] = [chain.users[0]!, chain.users[1]!];
    const d21 = chain.delegates[20]!;
    const d20 = chain.delegates[19]!;
    addBlock(chain, store, [
      sign(chain, { type: 3, nonce: 1n, asset: { votes: [`+${d21.publicKey}`] } }, alice.passphrase),
      sign(chain, { type: 3, nonce: 1n, asset: { votes: [`+${d20.publicKey}`] } }, bob.passphrase),
    ]);
    while (store.height() < 20) addBlock(chain, store);
    const beforeLastOfRound = dumpDatabase(store.db);
    expect(store.roundDelegates(2)).toEqual([]);
    addBlock(chain, store); // height 21: the last block of round 1

    const delegates = store
      .state()
      .delegates()
      .map((wallet) => ({
        publicKey: wallet.publicKey!,
        voteBalance: wallet.delegate!.voteBalance,
        resigned: wallet.delegate!.resigned,
      }));
    const ranked = rankDelegates(delegates, 21);
    expect(store.roundDelegates(2)).toEqual(
      shuffleDelegates(
        ranked.map((d) => d.publicKey),
        2,
      ),
    );
    const rankOf = (publicKey: string) => store.state().walletByPublicKey(publicKey).delegate?.rank;
    expect([rankOf(d20.publicKey), rankOf(d21.publicKey)].sort()).toEqual([1, 2]);
    expect(store.state().walletByPublicKey(d21.publicKey).delegate?.round).toBe(2);
    ranked.forEach((entry, index) =>
      expect(store.state().walletByPublicKey(entry.publicKey).delegate?.rank).toBe(index + 1),
    );

    addBlock(chain, store); // height 22: forged by round 2's slot owner
    expect(verifyChain(store)).toEqual({ verified: true, height: 22, differences: [] });
    store.revertLastBlock();
    store.revertLastBlock();
    expect(store.roundDelegates(2)).toEqual([]);
    expect(dumpDatabase(store.db)).toBe(beforeLastOfRound);
    store.close();
  });
});
