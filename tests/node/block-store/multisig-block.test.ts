/**
 * Blocks holding multisignature spends: `Block.verify()` reports them unverified (they have no sender
 * signature), and the chain accepts them only when that is the sole reason (verifyTransaction's typed code
 * ERR_NO_SENDER_SIGNATURE) and the participant signatures verify against the wallet's multisignature asset.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BlockRejectedError, verifyChain, type BlockStore } from '../../../src/core/node/block-store';
import {
  addressFromPublicKey,
  keyPairFromPassphrase,
  multiSignaturePublicKey,
} from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  transactionId,
  type TransactionData,
} from '../../../src/core/protocol/transactions';
import {
  addBlock,
  createTestChain,
  forgeBlock,
  nowFor,
  openStore,
  sign,
  TOKEN,
  type TestChain,
} from '../support/chain-fixture';

const PARTICIPANTS = ['block multi one', 'block multi two', 'block multi three'];
const KEYS = PARTICIPANTS.map((p) => toHex(keyPairFromPassphrase(p).publicKey));
const MULTI_KEY = multiSignaturePublicKey({ min: 2, publicKeys: KEYS });

let chain: TestChain;
let store: BlockStore;

function ctx() {
  return { network: chain.network, height: store.height() + 1 };
}

function spend(signers: number[], nonce: bigint): TransactionData {
  let tx = prepareTransaction(
    { type: 0, nonce, senderPublicKey: MULTI_KEY, amount: TOKEN, recipientId: chain.users[2]!.address },
    ctx(),
  );
  for (const index of signers) tx = addMultiSignature(tx, PARTICIPANTS[index]!, index);
  return { ...tx, id: transactionId(tx) };
}

function rejection(transactions: TransactionData[]): BlockRejectedError {
  const block = forgeBlock(chain, store, transactions);
  try {
    store.applyBlock(block, { now: nowFor(chain, block) });
  } catch (error) {
    if (error instanceof BlockRejectedError) return error;
    throw error;
  }
  throw new Error('the block was accepted');
}

const multiAddress = () => addressFromPublicKey(MULTI_KEY, 30);

beforeAll(() => {
  chain = createTestChain();
  store = openStore(chain);
  const alice = chain.users[0]!;
  let registration = prepareTransaction(
    {
      type: 4,
      nonce: 1n,
      senderPublicKey: alice.publicKey,
      asset: { multiSignature: { min: 2, publicKeys: KEYS } },
    },
    ctx(),
  );
  for (const index of [0, 1, 2]) registration = addMultiSignature(registration, PARTICIPANTS[index]!, index);
  registration = signTransaction(registration, { passphrase: alice.passphrase }, ctx());
  const funding = sign(
    chain,
    { type: 0, nonce: 1n, amount: 10n * TOKEN, recipientId: multiAddress() },
    chain.users[1]!.passphrase,
  );
  addBlock(chain, store, [registration, funding]);
  expect(store.state().wallet(multiAddress()).multiSignature).toEqual({ min: 2, publicKeys: KEYS });
});

describe('multisignature spends in blocks', () => {
  it('accepts a block whose only unverified transaction is a valid spend', () => {
    const recipient = chain.users[2]!.address;
    const before = store.state().wallet(recipient).balance;
    addBlock(chain, store, [spend([0, 2], 1n)]);
    expect(store.state().wallet(recipient).balance).toBe(before + TOKEN);
    expect(verifyChain(store).verified).toBe(true);
  });

  it('rejects a spend with too few valid signatures (ERR_BLOCK_TX, from the state check)', () => {
    const error = rejection([spend([1], 2n)]);
    expect(error.code).toBe('ERR_BLOCK_TX');
    expect(error.message).toMatch(/fewer than 2 valid signatures/);
  });

  it('rejects a block where a spend hides another transaction with a bad signature', () => {
    const bob = chain.users[1]!;
    const good = sign(
      chain,
      { type: 0, nonce: 2n, amount: TOKEN, recipientId: multiAddress() },
      bob.passphrase,
    );
    const flipped = good.signature!.slice(0, -1) + (good.signature!.endsWith('0') ? '1' : '0');
    const error = rejection([spend([0, 1], 2n), { ...good, signature: flipped }]);
    expect(error.code).toBe('ERR_BLOCK_TX');
    expect(error.reasons).toContain('One or more transactions are not verified:');
  });
});
