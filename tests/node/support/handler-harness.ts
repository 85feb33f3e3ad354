/** A state to run handlers on: an overlay over the genesis state of an in-memory test chain. */
import { expect } from 'vitest';
import type { BlockStore } from '../../../src/core/node/block-store';
import type { HandlerContext } from '../../../src/core/node/transaction-handlers';
import { StateOverlay } from '../../../src/core/node/state';
import type { TransactionData, TransactionDraft } from '../../../src/core/protocol/transactions';
import { keyPairFromPassphrase } from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import { createTestChain, openStore, sign, type TestAccount, type TestChain } from './chain-fixture';

export interface Harness {
  chain: TestChain;
  store: BlockStore;
  state: StateOverlay;
  ctx: HandlerContext;
  alice: TestAccount;
  bob: TestAccount;
  carol: TestAccount;
  dave: TestAccount;
  /** Signs a draft, filling in the sender's next nonce from the harness state unless given. */
  tx(
    draft: Omit<TransactionDraft, 'nonce'> & { nonce?: bigint },
    passphrase: string,
    second?: string,
  ): TransactionData;
}

let shared: TestChain | undefined;

export function harness(ctx: Partial<HandlerContext> = {}): Harness {
  shared ??= createTestChain();
  const chain = shared;
  const store = openStore(chain);
  const state = new StateOverlay(store.state());
  const [alice, bob, carol, dave] = chain.users as [TestAccount, TestAccount, TestAccount, TestAccount];
  const context: HandlerContext = {
    network: chain.network,
    height: 2,
    lastBlock: { height: 1, timestamp: 0 },
    timestamp: 8,
    ...ctx,
  };
  return {
    chain,
    store,
    state,
    ctx: context,
    alice,
    bob,
    carol,
    dave,
    tx(draft, passphrase, second) {
      const sender = toHex(keyPairFromPassphrase(passphrase).publicKey);
      const nonce = draft.nonce ?? state.walletByPublicKey(sender).nonce + 1n;
      const signer = second === undefined ? passphrase : { passphrase, secondPassphrase: second };
      return sign(chain, { ...draft, nonce }, signer);
    },
  };
}

/** Every row the overlay touched equals the base again: an apply followed by a revert left no trace. */
export function expectSameAsBase(state: StateOverlay): void {
  const changes = state.changes();
  for (const [address, wallet] of changes.wallets) expect(wallet).toEqual(state.base.wallet(address));
  for (const [id, lock] of changes.locks) expect(lock ?? undefined).toEqual(state.base.lock(id));
  for (const [id, entity] of changes.entities) expect(entity ?? undefined).toEqual(state.base.entity(id));
  for (const [hash, owner] of changes.ipfs) expect(owner).toEqual(state.base.ipfsOwner(hash));
}
