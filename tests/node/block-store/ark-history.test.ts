/**
 * ARK's real v1-era blocks (tests/fixtures/vectors/ark-history/README.md) applied by the node's handlers, as
 * BlockStore.applyBlock applies a block's transactions. The chain before them is not here (millions of blocks), so
 * the senders' state before each block is built in the test from what the block itself shows: each sender holds
 * enough to pay, its nonce is some count of earlier v1 transactions, the delegate a vote names is registered.
 * Everything ARK checks without state (ids, signatures, payload, totals) is tests/vectors/ark-history.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { appliedOrder } from '../../../src/core/node/block-store/history-rules';
import {
  applyTransaction,
  isApplyError,
  type HandlerContext,
} from '../../../src/core/node/transaction-handlers';
import { EmptyState, StateOverlay } from '../../../src/core/node/state';
import type { Block } from '../../../src/core/protocol/blocks';
import {
  devnet as devnetPreset,
  mainnet as mainnetPreset,
  withPresetExceptions,
  type Network,
} from '../../../src/core/protocol/networks';

const mainnet = withPresetExceptions(mainnetPreset);
const devnet = withPresetExceptions(devnetPreset);
import type { TransactionData } from '../../../src/core/protocol/transactions';
import { blockFromPeer, headerFromPeer } from '../../../src/core/sync/raw-block';
import history from '../../fixtures/vectors/ark-history/blocks.json';

function block(entry: { json: { transactions: unknown[] } }, network: Network): Block {
  const { transactions, ...header } = entry.json;
  return blockFromPeer(headerFromPeer(header, network), transactions, network);
}

function contextOf(b: Block, network: Network): HandlerContext {
  const { height, timestamp } = b.header;
  return { network, height, timestamp, lastBlock: { height: height - 1, timestamp: timestamp - 8 } };
}

/** A sender as it stood before the block: `balance`, and `nonce` v1 transactions sent already. */
function fund(state: StateOverlay, publicKey: string, balance: bigint, nonce: bigint): void {
  const wallet = state.mutableWallet(state.addressOf(publicKey));
  wallet.publicKey = publicKey;
  wallet.balance = balance;
  wallet.nonce = nonce;
}

function registerDelegate(state: StateOverlay, publicKey: string, username: string): void {
  const address = state.addressOf(publicKey);
  const wallet = state.mutableWallet(address);
  wallet.publicKey = publicKey;
  wallet.delegate = {
    username,
    voteBalance: 0n,
    producedBlocks: 0,
    forgedFees: 0n,
    forgedRewards: 0n,
    resigned: false,
  };
  state.setUsername(username, address);
}

function applyAll(
  transactions: TransactionData[],
  state: StateOverlay,
  ctx: HandlerContext,
): string | undefined {
  for (const tx of transactions) {
    try {
      applyTransaction(tx, state, ctx);
    } catch (error) {
      if (isApplyError(error)) return `${tx.id}: ${error.message}`;
      throw error;
    }
  }
  return undefined;
}

describe('devnet block 1,760,000', () => {
  const b = block(history['devnet-1760000'], devnet);
  const sender = b.transactions[0]!.senderPublicKey;
  // Seven transfers from the block's generator to its own address: the sixth (18 DARK) needs the most, after five
  // fees. The least the sender can have held before the block:
  const FEE = 10_000_000n;
  const least = 1_800_000_000n + 6n * FEE;

  it('is seven v1 transfers from the generator to itself', () => {
    expect(b.transactions.every((tx) => tx.recipientId === 'DBYyh2vXcigrJGUHfvmYxVxEqeH7vomw6x')).toBe(true);
    expect(new EmptyState(30).addressOf(sender)).toBe('DBYyh2vXcigrJGUHfvmYxVxEqeH7vomw6x');
  });

  it('applies them, taking seven fees and counting the sender’s nonce up by seven', () => {
    const state = new StateOverlay(new EmptyState(devnet.network.pubKeyHash));
    fund(state, sender, least, 41n);
    expect(applyAll(appliedOrder(b, devnet), state, contextOf(b, devnet))).toBeUndefined();
    expect(state.walletByPublicKey(sender)).toMatchObject({ balance: least - 7n * FEE, nonce: 48n });
  });

  it('refuses the sixth transfer when the sender held one arktoshi less', () => {
    const state = new StateOverlay(new EmptyState(devnet.network.pubKeyHash));
    fund(state, sender, least - 1n, 0n);
    expect(applyAll(appliedOrder(b, devnet), state, contextOf(b, devnet))).toMatch(
      new RegExp(`^${b.transactions[5]!.id}: insufficient balance`),
    );
  });
});

describe('mainnet block 3,084,276 (wrongTransactionOrder)', () => {
  const entry = history['mainnet-3084276'];
  const b = block(entry, mainnet);
  const sender = b.transactions[0]!.senderPublicKey;
  const delegate = '020431436cf94f3c6a6ba566fe9e42678db8486590c732ca6c3803a10a86f50b92';

  function before(): StateOverlay {
    const state = new StateOverlay(new EmptyState(mainnet.network.pubKeyHash));
    fund(state, sender, 100n * 100_000_000n, 3n);
    registerDelegate(state, delegate, 'the_voted_delegate');
    return state;
  }

  it('applies in ARK’s listed order: the vote, then the second signature registration', () => {
    const state = before();
    const order = appliedOrder(b, mainnet);
    expect(order.map((tx) => tx.id)).toEqual(entry.applyOrder);
    expect(applyAll(order, state, contextOf(b, mainnet))).toBeUndefined();
    const wallet = state.walletByPublicKey(sender);
    expect(wallet).toMatchObject({ vote: delegate, nonce: 5n });
    expect(wallet.secondPublicKey).toBe(b.transactions[0]!.asset?.signature?.publicKey);
    expect(state.walletByPublicKey(delegate).delegate?.voteBalance).toBe(wallet.balance);
  });

  it('does not apply in the order it was served: the vote carries no second signature', () => {
    expect(applyAll(b.transactions, before(), contextOf(b, mainnet))).toMatch(
      /^bace38ea.*the second signature is missing/,
    );
  });
});
