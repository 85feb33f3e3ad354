import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  isApplyError,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import { sha256 } from '../../../src/core/protocol/hash';
import { toHex } from '../../../src/core/protocol/hex';
import type { TransactionData, TransactionDraft } from '../../../src/core/protocol/transactions';
import type { Wallet } from '../../../src/core/node/state';
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

/** Few, so that registrations, updates and resignations meet the same bridgechains. */
const GENESIS_HASHES = ['11', '22'].map((byte) => byte.repeat(32));

/** A legacy business step the sender's state makes likely to apply (a few are refused, as they should be). */
function legacyDraft(
  wallet: Readonly<Wallet>,
  next: () => number,
  step: number,
): Omit<TransactionDraft, 'nonce'> {
  if (!wallet.business) {
    return {
      typeGroup: 2,
      type: 0,
      asset: { businessRegistration: { name: `b${step}`, website: 'https://b.example' } },
    };
  }
  const chains = Object.keys(wallet.business.bridgechains ?? {});
  const bridgechainId = chains.length > 0 ? pick(next, chains) : pick(next, GENESIS_HASHES);
  switch (Math.floor(next() * 5)) {
    case 0:
      return {
        typeGroup: 2,
        type: 2,
        asset: { businessUpdate: { name: `b${step}`, vat: `VAT${step}0000` } },
      };
    case 1:
      return {
        typeGroup: 2,
        type: 3,
        asset: {
          bridgechainRegistration: {
            name: `chain${step}`,
            seedNodes: ['1.2.3.4'],
            genesisHash: pick(next, GENESIS_HASHES),
            bridgechainRepository: 'https://r.example',
            ports: { '@arkecosystem/core-api': 4003 },
          },
        },
      };
    case 2:
      return {
        typeGroup: 2,
        type: 5,
        asset: { bridgechainUpdate: { bridgechainId, seedNodes: [`9.9.9.${step}`] } },
      };
    case 3:
      return { typeGroup: 2, type: 4, asset: { bridgechainResignation: { bridgechainId } } };
    default:
      return { typeGroup: 2, type: 1 };
  }
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
  switch (Math.floor(next() * 13)) {
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
    case 7:
    case 8:
    case 9:
    case 10:
    case 11:
    case 12:
      return legacyDraft(wallet, next, step);
    default:
      return wallet.vote
        ? { type: 3, asset: { votes: [`-${wallet.vote}`] } }
        : { type: 0, amount, recipientId: delegate.address };
  }
}

describe('apply then revert returns the exact previous state', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`random sequence, seed ${seed}`, () => {
      const h = harness();
      const next = random(seed);
      const applied: TransactionData[] = [];
      for (let step = 0; step < 60; step++) {
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
      // Legacy business and bridgechain steps are among them.
      expect(applied.filter((tx) => tx.typeGroup === 2).length).toBeGreaterThan(2);
      for (const tx of applied.reverse()) revertTransaction(tx, h.state, h.ctx);
      expectSameAsBase(h.state);
    });
  }
});
