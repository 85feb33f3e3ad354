import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  isApplyError,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import { sha256 } from '../../../src/core/protocol/hash';
import { toHex } from '../../../src/core/protocol/hex';
import type { TransactionData, TransactionDraft } from '../../../src/core/protocol/transactions';
import { TOKEN, type TestAccount } from '../support/chain-fixture';
import { expectSameAsBase, harness, type Harness } from '../support/handler-harness';

/** mulberry32: a small seeded generator, so a failing sequence can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function randomDraft(
  h: Harness,
  next: () => number,
  sender: TestAccount,
  step: number,
): Omit<TransactionDraft, 'nonce'> {
  const people = [h.alice, h.bob, h.carol, h.dave];
  const delegate = pick(next, h.chain.delegates);
  const amount = BigInt(1 + Math.floor(next() * 50)) * TOKEN;
  const wallet = h.state.wallet(sender.address);
  switch (Math.floor(next() * 7)) {
    case 0:
      return { type: 0, amount, recipientId: pick(next, people).address };
    case 1:
      return {
        type: 3,
        asset: {
          votes: wallet.vote ? [`-${wallet.vote}`, `+${delegate.publicKey}`] : [`+${delegate.publicKey}`],
        },
      };
    case 2:
      return {
        type: 8,
        amount,
        recipientId: pick(next, people).address,
        asset: { lock: { secretHash: toHex(sha256(`s${step}`)), expiration: { type: 2, value: 100 } } },
      };
    case 3:
      return {
        type: 6,
        asset: {
          payments: [0, 1].map(() => ({ amount, recipientId: pick(next, h.chain.delegates).address })),
        },
      };
    case 4:
      return { type: 2, asset: { delegate: { username: `user${step}` } } };
    case 5:
      return { type: 5, asset: { ipfs: 'QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w' } };
    default:
      return wallet.vote
        ? { type: 3, asset: { votes: [`-${wallet.vote}`] } }
        : { type: 0, amount, recipientId: delegate.address };
  }
}

describe('apply then revert returns the exact previous state', () => {
  for (const seed of [1, 2, 3]) {
    it(`random sequence, seed ${seed}`, () => {
      const h = harness();
      const next = random(seed);
      const applied: TransactionData[] = [];
      for (let step = 0; step < 30; step++) {
        const sender = pick(next, [h.alice, h.bob, h.carol, h.dave, ...h.chain.delegates.slice(0, 3)]);
        const tx = h.tx(randomDraft(h, next, sender, step), sender.passphrase);
        try {
          applyTransaction(tx, h.state, h.ctx);
          applied.push(tx);
        } catch (error) {
          if (!isApplyError(error)) throw error;
        }
      }
      expect(applied.length).toBeGreaterThan(10);
      for (const tx of applied.reverse()) revertTransaction(tx, h.state, h.ctx);
      expectSameAsBase(h.state);
    });
  }
});
