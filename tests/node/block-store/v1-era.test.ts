/**
 * ARK's version-1 era in the node's one validation (BlockStore.applyBlock), on a test chain whose aip11 milestone
 * comes at height 4 (as ARK mainnet's came at 11,273,000): which height each rule reads, version 1 applied with
 * its nonces counted, replay refused by id, a block of one version (ARK Core 3.9.1 core-blockchain
 * `processor/block-processor.ts`, core-transactions `handlers/transaction.ts`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BlockRejectedError, BlockStore } from '../../../src/core/node/block-store';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import type { TransactionData, TransactionDraft } from '../../../src/core/protocol/transactions';
import {
  createTestChain,
  forgeBlock,
  nowFor,
  sign,
  TOKEN,
  USER_BALANCE,
  type TestChain,
} from '../support/chain-fixture';
import { AIP11, lateAip11Chain } from '../support/v1-chain';

let chain: TestChain;
let store: BlockStore;

beforeEach(() => {
  chain = lateAip11Chain();
  store = BlockStore.open({ network: chain.network, genesis: chain.genesis });
});

/** Block 2, empty: its transactions would read height 1's milestone, where aip11 is on. */
function pastGenesis(): void {
  apply([]);
}

function v1(draft: Omit<TransactionDraft, 'version'>, passphrase: string, second?: string): TransactionData {
  const signer = second === undefined ? passphrase : { passphrase, secondPassphrase: second };
  // Signed under the milestone of the block before: version 1 until the aip11 block itself.
  return sign(chain, { ...draft, version: 1, timestamp: draft.timestamp ?? 16 }, signer, 2);
}

function v2(draft: TransactionDraft, passphrase: string): TransactionData {
  return sign(chain, draft, passphrase, AIP11 + 1);
}

function apply(transactions: TransactionData[], options: { skipBlockVerification?: boolean } = {}) {
  const block = forgeBlock(chain, store, transactions);
  store.applyBlock(block, { now: nowFor(chain, block), ...options });
  return block;
}

function rejection(transactions: TransactionData[], options: { skipBlockVerification?: boolean } = {}) {
  try {
    apply(transactions, options);
  } catch (error) {
    if (error instanceof BlockRejectedError) return error;
    throw error;
  }
  throw new Error('the block was applied');
}

const [alice, bob] = createTestChain().users as [
  { passphrase: string; address: string; publicKey: string },
  { passphrase: string; address: string; publicKey: string },
];

describe('the version-1 era', () => {
  it('applies version 1 transfers and counts their nonces: the first v2 nonce is their number + 1', () => {
    pastGenesis();
    apply([
      v1({ type: 0, amount: TOKEN, recipientId: bob.address }, alice.passphrase),
      v1({ type: 0, amount: 2n * TOKEN, recipientId: bob.address }, alice.passphrase),
    ]);
    const wallet = store.state().walletByPublicKey(alice.publicKey);
    expect(wallet.nonce).toBe(2n);
    // Stored with the count as its nonce, as ARK's database numbers them (and its API shows them).
    const stored = store.db
      .prepare<[number], { nonce: number | bigint }>(
        'SELECT nonce FROM transactions WHERE block_height = ? ORDER BY sequence',
      )
      .all(3);
    expect(stored.map((row) => BigInt(row.nonce))).toEqual([1n, 2n]);
    expect(wallet.balance).toBe(USER_BALANCE - 3n * TOKEN - 2n * 10_000_000n);
    apply([]); // height 4
    apply([]); // height 5 = aip11
    const wrongNonce = v2({ type: 0, nonce: 1n, amount: TOKEN, recipientId: bob.address }, alice.passphrase);
    expect(rejection([wrongNonce]).message).toMatch(/unexpected nonce 1 .* the next nonce is 3/);
    apply([v2({ type: 0, nonce: 3n, amount: TOKEN, recipientId: bob.address }, alice.passphrase)]);
    expect(store.state().walletByPublicKey(alice.publicKey).nonce).toBe(3n);
  });

  it('refuses a version 1 transaction forged again (its id is the only replay protection)', () => {
    const transfer = v1({ type: 0, amount: TOKEN, recipientId: bob.address }, alice.passphrase);
    pastGenesis();
    apply([transfer]);
    const error = rejection([transfer]);
    expect(error.code).toBe('ERR_BLOCK_TX');
    expect(error.message).toContain(`holds transaction ${transfer.id}, which is forged already`);
    expect(store.height()).toBe(3);
  });

  it('reads the transaction rules at the block before: the aip11 block takes version 1, not version 2', () => {
    const early = v1({ type: 0, amount: TOKEN, recipientId: bob.address }, alice.passphrase);
    expect(rejection([early]).message).toMatch(
      /^block 2 is invalid: One or more transactions are not verified/,
    );
    pastGenesis();
    apply([]);
    apply([]); // height 4
    const v2Early = v2({ type: 0, nonce: 1n, amount: TOKEN, recipientId: bob.address }, alice.passphrase);
    expect(rejection([v2Early]).message).toMatch(
      /^block 5 is invalid: One or more transactions are not verified/,
    );
    // Block 5 is the aip11 milestone's, and still holds version 1 (ARK reads the milestone of height 4).
    apply([early]);
    // From block 6 on, version 1 is refused and version 2 goes in.
    const late = v1({ type: 0, amount: TOKEN, recipientId: bob.address, timestamp: 40 }, alice.passphrase);
    expect(rejection([late]).message).toMatch(
      /^block 6 is invalid: One or more transactions are not verified/,
    );
    apply([v2({ type: 0, nonce: 2n, amount: TOKEN, recipientId: bob.address }, alice.passphrase)]);
  });

  it('holds version 1 timestamps to ARK’s window unless acceptExpiredTransactionTimestamps is on (at the block)', () => {
    // crypto `blocks/block.ts` verify: a v1 timestamp more than 3600 s + a block time past the block's is refused.
    const future = (c: TestChain) =>
      sign(
        c,
        { type: 0, version: 1, amount: TOKEN, recipientId: bob.address, timestamp: 16 + 3600 + 8 + 100 },
        alice.passphrase,
        2,
      );
    pastGenesis();
    expect(rejection([future(chain)]).message).toMatch(/Encountered future transaction/);

    chain = lateAip11Chain({ block: { acceptExpiredTransactionTimestamps: true } });
    store = BlockStore.open({ network: chain.network, genesis: chain.genesis });
    pastGenesis();
    apply([future(chain)]);
    expect(store.state().walletByPublicKey(alice.publicKey).nonce).toBe(1n);
  });

  it('refuses a block that mixes versions, whatever else it holds', () => {
    pastGenesis();
    const mixed = [
      v1({ type: 0, amount: TOKEN, recipientId: bob.address }, alice.passphrase),
      v2({ type: 0, nonce: 1n, amount: TOKEN, recipientId: alice.address }, bob.passphrase),
    ];
    const error = rejection(mixed, { skipBlockVerification: true });
    expect(error.message).toContain('mixes version 1 and version 2 transactions');
  });

  it('requires the second signature once one is registered (version 1)', () => {
    const second = 'alice second passphrase';
    const { publicKey } = createSecondKey(second);
    pastGenesis();
    apply([v1({ type: 1, asset: { signature: { publicKey } } }, alice.passphrase)]);
    const unsigned = v1(
      { type: 0, amount: TOKEN, recipientId: bob.address, timestamp: 17 },
      alice.passphrase,
    );
    expect(rejection([unsigned]).message).toMatch(/the second signature is missing/);
    apply([
      v1({ type: 0, amount: TOKEN, recipientId: bob.address, timestamp: 17 }, alice.passphrase, second),
    ]);
    expect(store.state().walletByPublicKey(alice.publicKey).nonce).toBe(2n);
  });

  it('applies a version 1 transfer to another network’s address, as ARK does; version 2 refuses one', () => {
    // The test chain's pubKeyHash is 30; 23 is ARK mainnet's. ARK checks a recipient's network byte only when it
    // computes a version 2 id (crypto `transactions/utils.ts` getId), never in version 1's getBytesV1.
    const foreign = addressFromPassphrase('a wallet of another network', 23);
    pastGenesis();
    const transfer = v1({ type: 0, amount: TOKEN, recipientId: foreign }, alice.passphrase);
    apply([transfer]);
    expect(store.state().wallet(foreign).balance).toBe(TOKEN);
    expect(store.state().walletByPublicKey(alice.publicKey).nonce).toBe(1n);
    expect(() => v2({ type: 0, nonce: 2n, amount: TOKEN, recipientId: foreign }, alice.passphrase)).toThrow(
      /Expected address network byte 30, but got 23/,
    );
  });

  it('registers a delegate and votes for it with version 1; no vote switch before aip37', () => {
    const delegate = chain.delegates[0]!;
    pastGenesis();
    apply([v1({ type: 2, asset: { delegate: { username: 'alice.v1' } } }, alice.passphrase)]);
    const vote = (votes: string[], timestamp = 16) =>
      v1({ type: 3, recipientId: bob.address, asset: { votes }, timestamp }, bob.passphrase);
    apply([vote([`+${alice.publicKey}`])]);
    expect(store.state().walletByPublicKey(bob.publicKey).vote).toBe(alice.publicKey);
    expect(store.state().delegateByUsername('alice.v1')?.delegate?.voteBalance).toBe(
      store.state().walletByPublicKey(bob.publicKey).balance,
    );
    const switchVote = vote([`-${alice.publicKey}`, `+${delegate.publicKey}`], 17);
    expect(rejection([switchVote]).message).toMatch(/vote switch .* needs aip37/);
    const taken = v1({ type: 2, asset: { delegate: { username: 'alice.v1' } } }, bob.passphrase);
    expect(rejection([taken]).message).toMatch(/"alice.v1" is already taken/);
  });
});

function createSecondKey(passphrase: string): { publicKey: string } {
  return {
    publicKey: sign(chain, { type: 0, amount: 1n, recipientId: bob.address }, passphrase, 5).senderPublicKey,
  };
}
