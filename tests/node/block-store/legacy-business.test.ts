/**
 * The legacy business and bridgechain types through the node's one validation (BlockStore.applyBlock) on a chain
 * between aip11 and aip36: the wallet's business is written to the database (wallets.business) and read back after
 * a restart, and reverting the blocks takes it away again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BlockStore, verifyChain } from '../../../src/core/node/block-store';
import type { Network } from '../../../src/core/protocol/networks';
import type { TransactionDraft } from '../../../src/core/protocol/transactions';
import assets from '../../fixtures/vectors/magistrate-handler-assets.json';
import {
  createTestChain,
  forgeBlock,
  nowFor,
  sign,
  TEST_MILESTONES,
  type TestChain,
} from '../support/chain-fixture';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The test chain with aip36 off: the legacy types verify, Entity does not. */
function beforeAip36(): TestChain {
  const chain = createTestChain();
  const network: Network = { ...chain.network, milestones: [{ ...TEST_MILESTONES[0]!, aip36: false }] };
  return { ...chain, network };
}

describe('a business on a chain between aip11 and aip36', () => {
  it('is stored with its bridgechain, read back after a restart, and reverted with its blocks', () => {
    const chain = beforeAip36();
    const dataDir = mkdtempSync(join(tmpdir(), 'votary-business-'));
    dirs.push(dataDir);
    const open = () => BlockStore.open({ network: chain.network, genesis: chain.genesis, dataDir });
    let store = open();
    const owner = chain.users[0]!;
    const legacy = (type: number, nonce: bigint, asset?: TransactionDraft['asset']) =>
      sign(chain, { typeGroup: 2, type, nonce, ...(asset ? { asset } : {}) }, owner.passphrase);
    const apply = (txs: ReturnType<typeof legacy>[]) => {
      const block = forgeBlock(chain, store, txs);
      store.applyBlock(block, { now: nowFor(chain, block) });
    };
    apply([
      legacy(0, 1n, { businessRegistration: assets.businessRegistrationAsset }),
      legacy(3, 2n, { bridgechainRegistration: assets.bridgechainRegistrationAsset }),
    ]);
    apply([legacy(2, 3n, { businessUpdate: { website: 'https://updated.example' } })]);
    store.close();

    store = open();
    const business = store.state().wallet(owner.address).business;
    expect(business?.businessAsset).toEqual({
      ...assets.businessRegistrationAsset,
      website: 'https://updated.example',
    });
    expect(
      business?.bridgechains?.[assets.bridgechainRegistrationAsset.genesisHash]?.bridgechainAsset,
    ).toEqual(assets.bridgechainRegistrationAsset);

    // A replay from genesis derives the same wallets, business included (`votary node verify`).
    const verification = verifyChain(store);
    expect(verification.differences).toEqual([]);
    expect(verification.verified).toBe(true);

    store.revertLastBlock();
    expect(store.state().wallet(owner.address).business?.businessAsset).toEqual(
      assets.businessRegistrationAsset,
    );
    store.revertLastBlock();
    store.close();
    store = open();
    expect(store.state().wallet(owner.address).business).toBeUndefined();
    store.close();
  });
});
