/**
 * The legacy business and bridgechain types in the transaction pool of a devnet node between aip11 and aip36:
 * what a sender may have waiting, as ARK Core 3.9.1's core-magistrate-transactions handlers'
 * `throwIfCannotEnterPool` allows (node/transaction-pool pending-legacy-magistrate.ts).
 */
import { describe, expect, it } from 'vitest';
import { EmptyState, StateOverlay } from '../../../src/core/node/state';
import { TransactionPool, type AddTransactionsResult } from '../../../src/core/node/transaction-pool';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { devnet } from '../../../src/core/protocol/networks';
import {
  signTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';
import assets from '../../fixtures/vectors/magistrate-handler-assets.json';
import { TOKEN } from '../support/chain-fixture';
import { PoolHarness } from './support';

const HEIGHT = 5_000_000;
const owner = 'legacy pool test owner';
const other = 'legacy pool test other';
const GENESIS_A = assets.bridgechainRegistrationAsset.genesisHash;
const GENESIS_B = 'ab'.repeat(32);

/** A devnet pool at HEIGHT whose confirmed state holds `owner`'s business with two bridgechains. */
function devnetPool(): {
  pool: TransactionPool;
  sign: (draft: TransactionDraft, passphrase?: string) => TransactionData;
} {
  const state = new StateOverlay(new EmptyState(devnet.network.pubKeyHash));
  for (const passphrase of [owner, other]) {
    state.mutableWallet(addressFromPassphrase(passphrase, devnet.network.pubKeyHash)).balance =
      10_000n * TOKEN;
  }
  const bridgechain = (genesisHash: string, name: string) => ({
    bridgechainAsset: { ...assets.bridgechainRegistrationAsset, genesisHash, name },
  });
  state.mutableWallet(addressFromPassphrase(owner, devnet.network.pubKeyHash)).business = {
    businessAsset: assets.businessRegistrationAsset,
    bridgechains: {
      [GENESIS_A]: bridgechain(GENESIS_A, 'chaina'),
      [GENESIS_B]: bridgechain(GENESIS_B, 'chainb'),
    },
  };
  let clock = 1_700_000_000_000;
  const pool = TransactionPool.open({
    db: PoolHarness.database(),
    network: devnet,
    chain: { lastBlock: () => ({ height: HEIGHT, timestamp: 80_000_000 }), state: () => state },
    now: () => clock++,
  });
  const signCtx = { network: devnet, height: HEIGHT };
  return {
    pool,
    sign: (draft, passphrase = owner) => signTransaction(draft, { passphrase }, signCtx),
  };
}

const businessUpdate = (nonce: bigint, name: string): TransactionDraft => ({
  typeGroup: 2,
  type: 2,
  nonce,
  asset: { businessUpdate: { name } },
});
const bridgechainUpdate = (nonce: bigint, bridgechainId: string, repository: string): TransactionDraft => ({
  typeGroup: 2,
  type: 5,
  nonce,
  asset: { bridgechainUpdate: { bridgechainId, bridgechainRepository: repository } },
});

function expectPending(result: AddTransactionsResult, id: string | undefined, words: string): void {
  const error = result.errors[id ?? ''];
  expect(error?.type).toBe('ERR_APPLY');
  expect(error?.message).toMatch(
    new RegExp(`cannot be applied: ${words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
  );
}

describe('legacy magistrate transactions waiting in the pool (ARK Core 3.9.1 throwIfCannotEnterPool)', () => {
  it('one business update per sender: a second waits until the first is forged', () => {
    const { pool, sign } = devnetPool();
    const first = sign(businessUpdate(1n, 'Renamed'));
    const second = sign(businessUpdate(2n, 'Renamed Again'));
    const result = pool.addTransactions([first, second]);
    expect(result.accept).toEqual([first.id]);
    expectPending(result, second.id, 'Business update already in the pool');
    // Another sender's update is its own matter.
    const theirs = sign(
      { typeGroup: 2, type: 0, nonce: 1n, asset: { businessRegistration: assets.businessRegistrationAsset } },
      other,
    );
    expect(pool.addTransactions([theirs]).accept).toEqual([theirs.id]);
  });

  it('one business registration per sender, in ARK’s words', () => {
    const { pool, sign } = devnetPool();
    const register = (nonce: bigint) =>
      sign(
        { typeGroup: 2, type: 0, nonce, asset: { businessRegistration: assets.businessRegistrationAsset } },
        other,
      );
    const [first, second] = [register(1n), register(2n)];
    const result = pool.addTransactions([first, second]);
    expect(result.accept).toEqual([first.id]);
    expectPending(result, second.id, 'Business registration already in the pool');
  });

  it('one bridgechain update per bridgechain: another bridgechain’s update is accepted beside it', () => {
    const { pool, sign } = devnetPool();
    const first = sign(bridgechainUpdate(1n, GENESIS_A, 'https://example.org/one'));
    const again = sign(bridgechainUpdate(2n, GENESIS_A, 'https://example.org/two'));
    const result = pool.addTransactions([first, again]);
    expect(result.accept).toEqual([first.id]);
    expectPending(
      result,
      again.id,
      `Bridgechain update for bridgechainId "${GENESIS_A}" already in the pool`,
    );
    const otherChain = sign(bridgechainUpdate(2n, GENESIS_B, 'https://example.org/three'));
    expect(pool.addTransactions([otherChain]).accept).toEqual([otherChain.id]);
  });

  it('one bridgechain resignation per bridgechain', () => {
    const { pool, sign } = devnetPool();
    const resign = (nonce: bigint, bridgechainId: string) =>
      sign({ typeGroup: 2, type: 4, nonce, asset: { bridgechainResignation: { bridgechainId } } });
    const first = resign(1n, GENESIS_A);
    const again = resign(2n, GENESIS_A);
    const result = pool.addTransactions([first, again]);
    expect(result.accept).toEqual([first.id]);
    expectPending(
      result,
      again.id,
      `Bridgechain resignation for bridgechainId "${GENESIS_A}" already in the pool`,
    );
    const otherChain = resign(2n, GENESIS_B);
    expect(pool.addTransactions([otherChain]).accept).toEqual([otherChain.id]);
  });
});
