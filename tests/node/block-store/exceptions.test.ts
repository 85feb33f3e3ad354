/**
 * ARK's exceptions lists in the node's one validation (BlockStore.applyBlock), on the version-1 test chain of
 * v1-era.test.ts with a list of its own: an excepted block, excepted transactions and `negativeBalances`,
 * `wrongTransactionOrder`, and a legacy multisignature registration (ARK Core 3.9.1: core-blockchain
 * `processor/handlers/exception-handler.ts`, core-transactions `handlers/transaction.ts`,
 * `handlers/one/multi-signature-registration.ts`, crypto `blocks/block.ts`, core-state `state-builder.ts`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { WalletRepository } from '../../../src/core/db/repositories';
import { BlockRejectedError, BlockStore } from '../../../src/core/node/block-store';
import type { Block } from '../../../src/core/protocol/blocks';
import { devnet, presetExceptions, type NetworkExceptions } from '../../../src/core/protocol/networks';

const DEVNET_EXCEPTIONS = presetExceptions(devnet)!;
import {
  transactionId,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';
import { forgeBlock, nowFor, sign, TOKEN, USER_BALANCE, type TestChain } from '../support/chain-fixture';
import { lateAip11Chain } from '../support/v1-chain';

let chain: TestChain;
let store: BlockStore;

beforeEach(() => {
  chain = lateAip11Chain();
  store = BlockStore.open({ network: chain.network, genesis: chain.genesis });
  apply(forgeBlock(chain, store)); // block 2: version 1 from block 3 on
});

/** The list the chain applies from now on (a new object: the lookups index each list once). */
function except(exceptions: NetworkExceptions): void {
  chain.network.exceptions = exceptions;
}

function v1(draft: Omit<TransactionDraft, 'version'>, passphrase: string, second?: string): TransactionData {
  const signer = second === undefined ? passphrase : { passphrase, secondPassphrase: second };
  return sign(chain, { ...draft, version: 1, timestamp: draft.timestamp ?? 16 }, signer, 2);
}

function apply(block: Block): void {
  store.applyBlock(block, { now: nowFor(chain, block) });
}

function rejected(block: Block): BlockRejectedError {
  try {
    apply(block);
  } catch (error) {
    if (error instanceof BlockRejectedError) return error;
    throw error;
  }
  throw new Error('the block was applied');
}

const users = () =>
  chain.users as [
    { passphrase: string; address: string; publicKey: string },
    ...{ passphrase: string; address: string; publicKey: string }[],
  ];

describe('exception blocks', () => {
  // The devnet id ARK Core's block-processor.test.ts processes as an exception ("should execute ExceptionHandler").
  const DEVNET_EXCEPTION = '15895730198424359628';

  it('accepts a listed block with nothing verified but its height, and refuses the same block unlisted', () => {
    const block = forgeBlock(chain, store);
    // A reward the milestone does not pay, and a signature that no longer covers the header.
    const listed: Block = { ...block, header: { ...block.header, reward: 0n, id: DEVNET_EXCEPTION } };
    expect(rejected(listed).message).toMatch(
      /Invalid block reward: 0 expected: 200000000; Failed to verify block signature/,
    );
    except(DEVNET_EXCEPTIONS);
    apply(listed);
    expect(store.lastBlock().id).toBe(DEVNET_EXCEPTION);
    expect(store.height()).toBe(3);
  });

  it('refuses a listed block forged by a wallet that is not a delegate (ARK cannot credit it)', () => {
    except(DEVNET_EXCEPTIONS);
    const block = forgeBlock(chain, store, [], { generator: users()[0].passphrase });
    const listed: Block = { ...block, header: { ...block.header, id: DEVNET_EXCEPTION } };
    expect(rejected(listed).message).toMatch(/which is not a delegate/);
  });

  it('still needs height + 1', () => {
    except(DEVNET_EXCEPTIONS);
    const block = forgeBlock(chain, store);
    const skipping: Block = { ...block, header: { ...block.header, id: DEVNET_EXCEPTION, height: 4 } };
    expect(rejected(skipping).message).toMatch(/does not follow block 2/);
  });
});

describe('exception transactions and negativeBalances', () => {
  it('applies a listed transaction without its checks, down to the negative balance the list allows', () => {
    const [alice, bob] = users();
    const overdraft = v1({ type: 0, amount: USER_BALANCE, recipientId: bob!.address }, alice.passphrase);
    // Its signature is not checked either: a broken one, with the id it then hashes to.
    const broken = { ...overdraft, signature: overdraft.signature!.replace(/.{8}$/, '00000000') };
    broken.id = transactionId(broken);
    const after = -overdraft.fee;
    expect(rejected(forgeBlock(chain, store, [broken])).code).toBe('ERR_BLOCK_TX');

    except({ transactions: [broken.id], negativeBalances: { [alice.publicKey]: { '1': '-1' } } });
    expect(rejected(forgeBlock(chain, store, [broken])).message).toMatch(
      /leaves .* at -10000000 arktoshi, a negative balance the network's negativeBalances does not list for nonce 1/,
    );

    except({ transactions: [broken.id], negativeBalances: { [alice.publicKey]: { '1': after.toString() } } });
    apply(forgeBlock(chain, store, [broken]));
    expect(store.state().walletByPublicKey(alice.publicKey)).toMatchObject({ balance: after, nonce: 1n });
    store.revertLastBlock();
    expect(store.state().walletByPublicKey(alice.publicKey)).toMatchObject({
      balance: USER_BALANCE,
      nonce: 0n,
    });
  });
});

describe('wrongTransactionOrder', () => {
  it('verifies the block in its own order and applies it in the listed one', () => {
    const [alice, bob] = users();
    const second = sign(chain, { type: 0, amount: 1n, recipientId: bob!.address }, 'alice second', 6);
    const registration = v1(
      { type: 1, asset: { signature: { publicKey: second.senderPublicKey } } },
      alice.passphrase,
    );
    // Signed without the second key: valid only before the registration applies.
    const transfer = v1({ type: 0, amount: TOKEN, recipientId: bob!.address }, alice.passphrase);
    const block = forgeBlock(chain, store, [registration, transfer]);
    expect(rejected(block).message).toMatch(/transaction 1 .* the second signature is missing/);

    except({ wrongTransactionOrder: { [block.header.id!]: [transfer.id!, registration.id!] } });
    apply(block);
    const wallet = store.state().walletByPublicKey(alice.publicKey);
    expect(wallet).toMatchObject({ secondPublicKey: second.senderPublicKey, nonce: 2n });
    // Stored in the block's own order (ARK's sequence), as its payload hash has it.
    expect(store.blockByHeight(3)?.transactions.map((tx) => tx.id)).toEqual([registration.id, transfer.id]);
    store.revertLastBlock();
    expect(store.state().walletByPublicKey(alice.publicKey).secondPublicKey).toBeUndefined();
    expect(store.state().walletByPublicKey(alice.publicKey).nonce).toBe(0n);
  });
});

describe('legacy multisignature', () => {
  function registration(): TransactionData {
    const [alice, bob, carol] = users();
    return v1(
      {
        type: 4,
        asset: {
          multiSignatureLegacy: {
            min: 2,
            lifetime: 24,
            keysgroup: [`+${bob!.publicKey}`, `+${carol!.publicKey}`],
          },
        },
      },
      alice.passphrase,
    );
  }

  it('is refused unless listed; listed, it marks the wallet legacy, whose later transactions are refused', () => {
    const [alice, bob] = users();
    const tx = registration();
    expect(rejected(forgeBlock(chain, store, [tx])).code).toBe('ERR_BLOCK_TX');
    except({ transactions: [tx.id!] });
    apply(forgeBlock(chain, store, [tx]));
    expect(store.state().walletByPublicKey(alice.publicKey).multiSignature).toMatchObject({
      min: 2,
      legacy: true,
    });
    const later = v1({ type: 0, amount: TOKEN, recipientId: bob!.address, timestamp: 17 }, alice.passphrase);
    expect(rejected(forgeBlock(chain, store, [later])).message).toMatch(/legacy multisignature wallet/);
  });

  it('stays legacy once another block credits the wallet, in the state and in the database', () => {
    const [alice, bob] = users();
    const tx = registration();
    except({ transactions: [tx.id!] });
    apply(forgeBlock(chain, store, [tx]));
    // A block that changes alice's wallet copies it into the block's overlay first (domain/wallet.ts cloneWallet).
    const credit = v1({ type: 0, amount: TOKEN, recipientId: alice.address, timestamp: 17 }, bob!.passphrase);
    apply(forgeBlock(chain, store, [credit]));
    const expected = { min: 2, legacy: true, lifetime: 24 };
    expect(store.state().walletByPublicKey(alice.publicKey).multiSignature).toMatchObject(expected);
    expect(new WalletRepository(store.db).get(alice.address)?.multiSignature).toMatchObject(expected);
    const later = v1({ type: 0, amount: TOKEN, recipientId: bob!.address, timestamp: 18 }, alice.passphrase);
    expect(rejected(forgeBlock(chain, store, [later])).message).toMatch(/legacy multisignature wallet/);
  });
});
