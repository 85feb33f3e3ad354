import { describe, expect, it } from 'vitest';
import { nethashOf } from '../../../src/core/node/genesis';
import {
  deserializeBlock,
  payloadHash,
  serializeBlock,
  verifyBlockSignature,
} from '../../../src/core/protocol/blocks';
import { transactionId, verifyTransaction } from '../../../src/core/protocol/transactions';
import { createTestChain, DELEGATE_BALANCE, openStore, USER_BALANCE } from '../support/chain-fixture';

describe('buildGenesisBlock', () => {
  const chain = createTestChain();
  const { header, transactions } = chain.genesis;

  it('holds the transfers, then a registration and a self-vote per delegate', () => {
    expect(transactions).toHaveLength(25 + 2 * 21);
    expect(
      transactions
        .slice(0, 25)
        .every((tx) => tx.type === 0 && tx.senderPublicKey === chain.genesisAccount.publicKey),
    ).toBe(true);
    expect(transactions.slice(0, 25).map((tx) => tx.nonce)).toEqual(
      Array.from({ length: 25 }, (_, i) => BigInt(i + 1)),
    );
    const first = chain.delegates[0]!;
    expect(transactions[25]).toMatchObject({
      type: 2,
      nonce: 1n,
      senderPublicKey: first.publicKey,
      asset: { delegate: { username: 'delegate1' } },
    });
    expect(transactions[26]).toMatchObject({ type: 3, nonce: 2n, asset: { votes: [`+${first.publicKey}`] } });
    const ctx = { network: chain.network, height: 1 };
    expect(
      transactions.every((tx) => tx.version === 2 && tx.fee === 0n && verifyTransaction(tx, ctx).verified),
    ).toBe(true);
  });

  it('has height 1, reward 0, a true payload hash (the nethash), a full-SHA256 id and the genesis signature', () => {
    expect(header).toMatchObject({
      height: 1,
      reward: 0n,
      totalFee: 0n,
      timestamp: 0,
      generatorPublicKey: chain.genesisAccount.publicKey,
    });
    expect(header.totalAmount).toBe(21n * DELEGATE_BALANCE + 4n * USER_BALANCE);
    expect(header.payloadHash).toBe(payloadHash(transactions.map((tx) => transactionId(tx))));
    expect(nethashOf(chain.genesis)).toBe(header.payloadHash);
    expect(chain.network.network.nethash).toBe(header.payloadHash);
    expect(header.id).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyBlockSignature(header, chain.network)).toBe(true);
    const decoded = deserializeBlock(serializeBlock(chain.genesis, chain.network), chain.network);
    expect(decoded.header.id).toBe(header.id);
  });

  it('is deterministic', () => {
    expect(createTestChain().genesis).toEqual(chain.genesis);
  });

  it('leaves the genesis wallet negative and every delegate voting for itself', () => {
    const store = openStore(chain);
    const state = store.state();
    expect(state.wallet(chain.genesisAccount.address).balance).toBe(-header.totalAmount);
    for (const d of chain.delegates) {
      expect(state.wallet(d.address)).toMatchObject({
        vote: d.publicKey,
        nonce: 2n,
        balance: DELEGATE_BALANCE,
      });
      expect(state.wallet(d.address).delegate?.voteBalance).toBe(DELEGATE_BALANCE);
    }
    store.close();
  });
});
