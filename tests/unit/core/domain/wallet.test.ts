/**
 * cloneWallet (src/core/domain/wallet.ts) is how every state overlay takes a wallet to change it: the copy must
 * carry every field, nested ones included, and share nothing mutable with the wallet below.
 */
import { describe, expect, it } from 'vitest';
import type {
  DelegateAttributes,
  MultiSignatureAttributes,
  Wallet,
} from '../../../../src/core/domain/chain-state';
import { cloneWallet, emptyWallet } from '../../../../src/core/domain/wallet';
import { StateOverlay } from '../../../../src/core/node/state/overlay';
import { EmptyState } from '../../../../src/core/node/state/empty-state';

const KEY = '02'.padEnd(66, 'a');

/** A legacy (version 1) multisignature, as handlers/legacy-multi-signature.ts registers one. */
const legacyMultiSignature: Required<MultiSignatureAttributes> = {
  min: 2,
  publicKeys: [KEY, '03'.padEnd(66, 'b')],
  legacy: true,
  lifetime: 24,
  keysgroup: [`+${KEY}`, `+${'03'.padEnd(66, 'b')}`],
};

const delegate: Required<DelegateAttributes> = {
  username: 'genesis_1',
  voteBalance: 10n,
  producedBlocks: 3,
  forgedFees: 4n,
  forgedRewards: 5n,
  lastBlock: { id: 'f'.repeat(64), height: 7, timestamp: 8 },
  resigned: false,
  rank: 1,
  round: 2,
};

/** Every field set: a field added to Wallet must be added here, and the copy is then checked for it. */
const full: Required<Wallet> = {
  address: 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib',
  publicKey: KEY,
  balance: 1_000n,
  nonce: 3n,
  secondPublicKey: '03'.padEnd(66, 'c'),
  multiSignature: legacyMultiSignature,
  vote: KEY,
  lockedBalance: 6n,
  delegate,
  business: {
    businessAsset: {
      name: 'b',
      website: 'https://example.com',
      vat: 'x',
      repository: 'https://example.com/r',
    },
    resigned: false,
    bridgechains: {},
    previousAssets: [],
  },
};

describe('cloneWallet', () => {
  it('copies every field, nested ones included', () => {
    const copy = cloneWallet(full);
    expect(copy).toStrictEqual(full);
    expect(Object.keys(copy).sort()).toEqual(Object.keys(full).sort());
  });

  it('keeps a legacy multisignature legacy, with its lifetime and keysgroup', () => {
    const copy = cloneWallet({ ...emptyWallet(full.address), multiSignature: legacyMultiSignature });
    expect(copy.multiSignature).toStrictEqual(legacyMultiSignature);
  });

  it('shares nothing mutable with the wallet it copies', () => {
    const copy = cloneWallet(full);
    copy.multiSignature!.publicKeys.push('x');
    copy.multiSignature!.keysgroup!.push('x');
    copy.delegate!.voteBalance = 0n;
    copy.delegate!.lastBlock!.height = 0;
    expect(full.multiSignature.publicKeys).toHaveLength(2);
    expect(full.multiSignature.keysgroup).toHaveLength(2);
    expect(full.delegate.voteBalance).toBe(10n);
    expect(full.delegate.lastBlock!.height).toBe(7);
  });

  it('leaves a legacy multisignature wallet legacy after an overlay credits it', () => {
    const base = new (class extends EmptyState {
      override wallet(address: string): Readonly<Wallet> {
        return address === full.address
          ? { ...emptyWallet(address), multiSignature: legacyMultiSignature }
          : super.wallet(address);
      }
    })(30);
    const overlay = new StateOverlay(base);
    overlay.mutableWallet(full.address).balance += 100n;
    expect(overlay.changes().wallets.get(full.address)?.multiSignature?.legacy).toBe(true);
  });
});
