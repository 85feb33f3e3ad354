/**
 * The legacy business and bridgechain types (Magistrate 0–5) against ARK Core 3.9.1's core-magistrate-transactions
 * handlers: transactions ARK's own library built (tests/fixtures/vectors/transactions-magistrate.json "legacy"),
 * and a whole business life on the assets of ARK's handler tests (magistrate-handler-assets.json).
 */
import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  checkTransaction,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import { EmptyState, StateOverlay } from '../../../src/core/node/state';
import { devnet, withPresetExceptions, type Network } from '../../../src/core/protocol/networks';
import { deserializeTransactionHex, verifyTransaction } from '../../../src/core/protocol/transactions';
import type { TransactionData } from '../../../src/core/protocol/transactions';
import assets from '../../fixtures/vectors/magistrate-handler-assets.json';
import magistrate from '../../fixtures/vectors/transactions-magistrate.json';
import { checkNotExcepted, NO_EXCEPTIONS } from '../../../src/core/sync/raw-block';
import { TOKEN } from '../support/chain-fixture';
import { expectSameAsBase, harness, type Harness } from '../support/handler-harness';

const {
  businessRegistrationAsset,
  businessUpdateAsset,
  bridgechainRegistrationAsset,
  bridgechainUpdateAsset,
} = assets;
const GENESIS_HASH = bridgechainRegistrationAsset.genesisHash;

describe('ARK-built legacy transactions on devnet at 5,000,000 (between aip11 and aip36)', () => {
  const network = withPresetExceptions(devnet);
  const height = 5_000_000;
  const ctx = { network, height, lastBlock: { height: height - 1, timestamp: 0 }, timestamp: 8 };
  const [register, resign, bridgechain] = magistrate.legacy.map((vector) =>
    deserializeTransactionHex(vector.serializedHex, { network, height: height - 1 }),
  ) as [TransactionData, TransactionData, TransactionData];

  function funded(): StateOverlay {
    const state = new StateOverlay(new EmptyState(network.network.pubKeyHash));
    state.mutableWalletByPublicKey(register.senderPublicKey).balance = 200n * TOKEN;
    return state;
  }

  it('are no reason for the follower to stop (it did, with ERR_SYNC_UNSUPPORTED, before they had handlers)', () => {
    const header = { height, id: 'ab'.repeat(32) } as Parameters<typeof checkNotExcepted>[0]['header'];
    const block = { header, transactions: [register, resign, bridgechain], transactionBytes: [] };
    expect(() => checkNotExcepted(block, NO_EXCEPTIONS, network)).not.toThrow();
  });

  it('verify under the rules of the block before', () => {
    for (const tx of [register, resign, bridgechain]) {
      expect(verifyTransaction(tx, { network, height: height - 1 }).verified).toBe(true);
    }
  });

  it('a registration puts its asset in the wallet’s business; the resignation marks it; its bridgechain is refused', () => {
    const state = funded();
    applyTransaction(register, state, ctx);
    expect(state.walletByPublicKey(register.senderPublicKey).business).toEqual({
      businessAsset: magistrate.legacy[0]!.json.asset!.businessRegistration,
    });
    applyTransaction(resign, state, ctx);
    expect(state.walletByPublicKey(register.senderPublicKey).business?.resigned).toBe(true);
    expect(() => checkTransaction(bridgechain, state, ctx)).toThrow(/business has resigned/);
  });

  it('the bridgechain registration applies under the business that has not resigned', () => {
    const state = funded();
    applyTransaction(register, state, ctx);
    state.mutableWalletByPublicKey(register.senderPublicKey).nonce = 2n;
    applyTransaction(bridgechain, state, ctx);
    const business = state.walletByPublicKey(register.senderPublicKey).business;
    expect(business?.bridgechains).toEqual({
      [GENESIS_HASH]: { bridgechainAsset: magistrate.legacy[2]!.json.asset!.bridgechainRegistration },
    });
    expect(() => checkTransaction(resign, state, ctx)).toThrow(/unexpected nonce/);
  });

  it('nothing is applied without a business: the resignation and the bridgechain are refused', () => {
    const state = funded();
    state.mutableWalletByPublicKey(register.senderPublicKey).nonce = 1n;
    expect(() => checkTransaction(resign, state, ctx)).toThrow(/has no business registered/);
    state.mutableWalletByPublicKey(register.senderPublicKey).nonce = 2n;
    expect(() => checkTransaction(bridgechain, state, ctx)).toThrow(/has no business registered/);
  });

  it('an exception of the network skips the resignation’s rules, as ARK’s handler does', () => {
    const excepted: Network = { ...network, exceptions: { transactions: [resign.id!] } };
    const state = funded();
    applyTransaction(register, state, { ...ctx, network: excepted });
    const business = state.mutableWalletByPublicKey(register.senderPublicKey).business!;
    business.bridgechains = { [GENESIS_HASH]: { bridgechainAsset: bridgechainRegistrationAsset } };
    expect(() => checkTransaction(resign, state, ctx)).toThrow(/bridgechains that have not resigned/);
    expect(() => checkTransaction(resign, state, { ...ctx, network: excepted })).not.toThrow();
  });
});

function legacy(h: Harness, type: number, asset?: object): TransactionData {
  return h.tx({ typeGroup: 2, type, fee: 50n * TOKEN, ...(asset ? { asset } : {}) }, h.alice.passphrase);
}

function apply(h: Harness, tx: TransactionData): TransactionData {
  applyTransaction(tx, h.state, h.ctx);
  return tx;
}

const business = (h: Harness) => h.state.wallet(h.alice.address).business;

describe('a business’s life on the assets of ARK’s handler tests', () => {
  it('registers, updates, adds, updates and resigns a bridgechain, resigns; each revert restores the step before', () => {
    const h = harness();
    const steps = [apply(h, legacy(h, 0, { businessRegistration: businessRegistrationAsset }))];
    expect(business(h)).toEqual({ businessAsset: businessRegistrationAsset });
    expect(() =>
      checkTransaction(legacy(h, 0, { businessRegistration: businessRegistrationAsset }), h.state, h.ctx),
    ).toThrow(/has a business registered already/);

    steps.push(apply(h, legacy(h, 2, { businessUpdate: { name: 'Renamed' } })));
    expect(business(h)?.businessAsset).toEqual({ ...businessRegistrationAsset, name: 'Renamed' });
    steps.push(apply(h, legacy(h, 2, { businessUpdate: businessUpdateAsset })));
    expect(business(h)?.businessAsset).toEqual(businessUpdateAsset);

    steps.push(apply(h, legacy(h, 3, { bridgechainRegistration: bridgechainRegistrationAsset })));
    expect(() =>
      checkTransaction(
        legacy(h, 3, {
          bridgechainRegistration: {
            ...bridgechainRegistrationAsset,
            name: 'ARKECOSYSTEM1',
            genesisHash: 'ab'.repeat(32),
          },
        }),
        h.state,
        h.ctx,
      ),
    ).toThrow(/bridgechain named "ARKECOSYSTEM1" registered already/);
    expect(() =>
      checkTransaction(
        legacy(h, 3, { bridgechainRegistration: { ...bridgechainRegistrationAsset, name: 'other' } }),
        h.state,
        h.ctx,
      ),
    ).toThrow(/genesis hash .* registered already/);
    expect(() => checkTransaction(legacy(h, 1), h.state, h.ctx)).toThrow(/not resigned/);

    steps.push(
      apply(h, legacy(h, 5, { bridgechainUpdate: { bridgechainId: GENESIS_HASH, seedNodes: ['1.2.3.4'] } })),
    );
    steps.push(apply(h, legacy(h, 5, { bridgechainUpdate: bridgechainUpdateAsset })));
    const { bridgechainId: _id, ...updated } = bridgechainUpdateAsset;
    expect(business(h)?.bridgechains?.[GENESIS_HASH]?.bridgechainAsset).toEqual({
      ...bridgechainRegistrationAsset,
      ...updated,
    });

    steps.push(apply(h, legacy(h, 4, { bridgechainResignation: { bridgechainId: GENESIS_HASH } })));
    expect(business(h)?.bridgechains?.[GENESIS_HASH]?.resigned).toBe(true);
    expect(() =>
      checkTransaction(legacy(h, 5, { bridgechainUpdate: bridgechainUpdateAsset }), h.state, h.ctx),
    ).toThrow(/bridgechain .* has resigned/);
    steps.push(apply(h, legacy(h, 1)));
    expect(business(h)?.resigned).toBe(true);
    expect(() =>
      checkTransaction(legacy(h, 2, { businessUpdate: { name: 'Late' } }), h.state, h.ctx),
    ).toThrow(/business has resigned/);

    revertTransaction(steps.pop()!, h.state, h.ctx);
    expect(business(h)?.resigned).toBeUndefined();
    revertTransaction(steps.pop()!, h.state, h.ctx);
    expect(business(h)?.bridgechains?.[GENESIS_HASH]?.resigned).toBeUndefined();
    revertTransaction(steps.pop()!, h.state, h.ctx);
    // The update before this one stays: the asset an ARK node rebuilds at its start.
    expect(business(h)?.bridgechains?.[GENESIS_HASH]?.bridgechainAsset).toEqual({
      ...bridgechainRegistrationAsset,
      seedNodes: ['1.2.3.4'],
    });
    revertTransaction(steps.pop()!, h.state, h.ctx);
    revertTransaction(steps.pop()!, h.state, h.ctx);
    expect(business(h)?.bridgechains).toEqual({});
    revertTransaction(steps.pop()!, h.state, h.ctx);
    expect(business(h)?.businessAsset).toEqual({ ...businessRegistrationAsset, name: 'Renamed' });
    revertTransaction(steps.pop()!, h.state, h.ctx);
    expect(business(h)?.businessAsset).toEqual(businessRegistrationAsset);
    revertTransaction(steps.pop()!, h.state, h.ctx);
    expect(business(h)).toBeUndefined();
    expectSameAsBase(h.state);
  });

  it('refuses a port that is not named after an npm package, at registration and update', () => {
    const h = harness();
    apply(h, legacy(h, 0, { businessRegistration: businessRegistrationAsset }));
    const ports = { '@arkecosystem/core-api': 1, 'Not A Package': 2 };
    expect(() =>
      checkTransaction(
        legacy(h, 3, { bridgechainRegistration: { ...bridgechainRegistrationAsset, ports } }),
        h.state,
        h.ctx,
      ),
    ).toThrow(/port "Not A Package" is not named after an npm package/);
    apply(h, legacy(h, 3, { bridgechainRegistration: bridgechainRegistrationAsset }));
    expect(() =>
      checkTransaction(
        legacy(h, 5, { bridgechainUpdate: { bridgechainId: GENESIS_HASH, ports } }),
        h.state,
        h.ctx,
      ),
    ).toThrow(/is not named after an npm package/);
  });

  it('only the sender’s own bridgechain is resigned or updated', () => {
    const h = harness();
    apply(h, legacy(h, 0, { businessRegistration: businessRegistrationAsset }));
    expect(() =>
      checkTransaction(
        legacy(h, 4, { bridgechainResignation: { bridgechainId: GENESIS_HASH } }),
        h.state,
        h.ctx,
      ),
    ).toThrow(/is not registered by/);
  });
});
