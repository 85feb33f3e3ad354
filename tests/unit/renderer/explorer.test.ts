/** The explorer, fees and randomness screens' pure helpers. */
import { describe, expect, it } from 'vitest';
import type { FeesView } from '../../../src/shared/domain/chain-views';
import type { TransactionDetail } from '../../../src/shared/domain/explorer';
import { trngValues } from '../../../src/shared/lib/trng';
import { dateTime } from '../../../src/renderer/lib/dates';
import { assetLines, kindLabel, paidAmount } from '../../../src/renderer/features/chain/asset-lines';
import {
  EXPLORER_START,
  explorerNav,
  locationLabel,
  locationOf,
  shortId,
} from '../../../src/renderer/features/chain/explorer-nav';
import { feeRows, groupLabel, typeLabel } from '../../../src/renderer/features/fees/fee-rows';
import { DERIVATION, verifyDraw } from '../../../src/renderer/features/randomness/verify';

const ID = 'ab'.repeat(32);
const A = 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib';
const KEY = '034151a3ec46b5670a682b0a63394f863587d1bc97483b1b6c70eb58e7f0aed192';

describe('explorer navigation', () => {
  it('opens pages, goes back, and a lookup is replaced by what it found', () => {
    let nav = explorerNav(EXPLORER_START, { type: 'open', to: { page: 'block', height: 1 } });
    nav = explorerNav(nav, { type: 'open', to: { page: 'lookup', query: KEY } });
    nav = explorerNav(nav, { type: 'replace', to: { page: 'wallet', address: A } });
    expect(nav.shown).toEqual({ page: 'wallet', address: A });
    expect(nav.back).toEqual([{ page: 'home' }, { page: 'block', height: 1 }]);
    // Opening the page already shown adds no history.
    expect(explorerNav(nav, { type: 'open', to: { page: 'wallet', address: A } })).toBe(nav);
    nav = explorerNav(nav, { type: 'back' });
    expect(nav.shown).toEqual({ page: 'block', height: 1 });
    expect(explorerNav(EXPLORER_START, { type: 'back' })).toBe(EXPLORER_START);
  });
  it('keeps at most 50 pages of history', () => {
    let nav = EXPLORER_START;
    for (let h = 1; h <= 80; h++) nav = explorerNav(nav, { type: 'open', to: { page: 'block', height: h } });
    expect(nav.back).toHaveLength(50);
    expect(nav.back.at(-1)).toEqual({ page: 'block', height: 79 });
  });
  it('maps search results to pages, and names pages for the Back button', () => {
    expect(locationOf({ kind: 'block', id: ID, height: 3 })).toEqual({ page: 'block', id: ID });
    expect(locationOf({ kind: 'transaction', id: ID })).toEqual({ page: 'transaction', id: ID });
    expect(locationOf({ kind: 'wallet', address: A, via: 'username' })).toEqual({
      page: 'wallet',
      address: A,
    });
    expect(locationOf({ kind: 'notFound', query: 'x', message: 'm' })).toBeUndefined();
    expect(locationLabel({ page: 'block', height: 7 })).toBe('block 7');
    expect(locationLabel({ page: 'transaction', id: ID })).toBe('transaction abababab…abab');
    expect(shortId('short')).toBe('short');
  });
});

function detail(partial: Partial<TransactionDetail>): TransactionDetail {
  return {
    id: ID,
    type: 0,
    typeGroup: 1,
    kind: 'transfer',
    amount: '5',
    fee: '1',
    sender: A,
    senderPublicKey: KEY,
    recipient: A,
    confirmations: 1,
    version: 2,
    confirmed: true,
    ...partial,
  };
}

describe('asset lines', () => {
  it('votes name the delegate and link to it by public key', () => {
    const lines = assetLines(
      detail({
        kind: 'vote',
        type: 3,
        voteTargets: [
          { action: 'unvote', publicKey: KEY },
          { action: 'vote', publicKey: KEY, username: 'genesis_2' },
        ],
      }),
    );
    expect(lines).toEqual([
      { label: 'Unvotes', text: KEY, link: { page: 'lookup', query: KEY }, mono: true },
      { label: 'Votes for', text: 'genesis_2', link: { page: 'lookup', query: KEY }, mono: false },
    ]);
  });
  it('a multipayment lists each payment with its amount; its amount is their sum', () => {
    const tx = detail({
      kind: 'multiPayment',
      type: 6,
      amount: '0',
      payments: [
        { recipientId: A, amount: '3' },
        { recipientId: A, amount: '99999999999999999999' },
      ],
    });
    expect(assetLines(tx).map((l) => [l.label, l.amount, l.link])).toEqual([
      ['Payment 1', '3', { page: 'wallet', address: A }],
      ['Payment 2', '99999999999999999999', { page: 'wallet', address: A }],
    ]);
    expect(paidAmount(tx)).toBe('100000000000000000002');
    expect(kindLabel(tx)).toBe('Multipayment');
  });
  it('HTLC lock, claim and refund', () => {
    const lock = assetLines(
      detail({
        kind: 'htlcLock',
        type: 8,
        lock: { secretHash: 'ff', expirationType: 'height', expirationValue: 900 },
      }),
    );
    expect(lock.map((l) => `${l.label}: ${l.text}`)).toEqual(['Secret hash: ff', 'Expires: at height 900']);
    // A time lock's expiry is a moment in the person's time zone, never the network's epoch second: from the
    // transaction's own timestamp, or from the network's epoch while it waits in a pool.
    const timeLock = (timestamp?: TransactionDetail['timestamp']) =>
      detail({
        kind: 'htlcLock',
        type: 8,
        lock: { secretHash: 'ff', expirationType: 'time', expirationValue: 1_000_600 },
        ...(timestamp === undefined ? {} : { timestamp }),
      });
    const expires = dateTime((1_790_000_000 + 600) * 1000);
    expect(
      assetLines(timeLock({ epoch: 1_000_000, unix: 1_790_000_000, human: '' })).find(
        (l) => l.label === 'Expires',
      )?.text,
    ).toBe(`at ${expires}`);
    const epochMs = (1_790_000_000 - 1_000_000) * 1000;
    expect(assetLines(timeLock(), epochMs).find((l) => l.label === 'Expires')?.text).toBe(`at ${expires}`);
    expect(assetLines(timeLock()).find((l) => l.label === 'Expires')?.text).not.toMatch(/epoch|1000600/);
    const claim = assetLines(detail({ kind: 'htlcClaim', type: 9, lockId: ID, unlockSecret: 's' }));
    expect(claim).toEqual([
      { label: 'Claims lock', text: ID, link: { page: 'transaction', id: ID }, mono: true },
      { label: 'Secret', text: 's', mono: true },
    ]);
    const refund = assetLines(detail({ kind: 'htlcRefund', type: 10, lockId: ID }));
    expect(refund[0]?.label).toBe('Refunds lock');
  });
  it('registrations, multisignature and IPFS; unknown types are named by number', () => {
    expect(assetLines(detail({ kind: 'delegateRegistration', delegateUsername: 'neo' }))[0]).toEqual({
      label: 'Username',
      text: 'neo',
    });
    const multi = assetLines(
      detail({ kind: 'multiSignature', multiSignature: { min: 2, publicKeys: [KEY, KEY] } }),
    );
    expect(multi.map((l) => l.label)).toEqual(['Signatures needed', 'Participant 1', 'Participant 2']);
    expect(multi[0]?.text).toBe('2 of 2');
    expect(assetLines(detail({ kind: 'ipfs', ipfs: 'Qm' }))).toEqual([
      { label: 'IPFS hash', text: 'Qm', mono: true },
    ]);
    expect(kindLabel({ kind: 'other', type: 4, typeGroup: 2 })).toBe('Type 4 (group 2)');
  });
});

describe('fee rows', () => {
  const view: FeesView = {
    static: {
      '1': { vote: '100000000', transfer: '10000000', htlcLock: '10000000', htlcClaim: '0' },
      '2': { entityRegister: '5' },
    },
    stats: {
      days: 7,
      byTypeGroup: {
        '1': {
          transfer: { min: '1', avg: '2', max: '3', sum: '6' },
          vote: { min: '0', avg: '0', max: '0', sum: '0' },
        },
      },
    },
  };
  it('one row per type, Core in protocol order, the static fee beside the statistics', () => {
    const rows = feeRows(view);
    expect(rows.map((r) => `${r.typeGroup}/${r.key}`)).toEqual([
      '1/transfer',
      '1/vote',
      '1/htlcLock',
      '1/htlcClaim',
      '2/entityRegister',
    ]);
    expect(rows[0]).toEqual({
      typeGroup: '1',
      key: 'transfer',
      label: 'Transfer',
      static: '10000000',
      stat: { min: '1', avg: '2', max: '3', sum: '6' },
      free: false,
    });
    // A type without transactions in the period has no statistics (the node reports zeros).
    expect(rows[1]?.stat).toBeUndefined();
    expect(rows[4]?.stat).toBeUndefined();
    // A free type (HTLC claim, refund) is said to be free, never "no transactions of this type".
    expect(rows[3]).toMatchObject({ key: 'htlcClaim', free: true });
    expect(rows[1]?.free).toBe(false);
  });
  it('labels', () => {
    expect(typeLabel('delegateRegistration')).toBe('Delegate registration');
    expect(typeLabel('htlcLock')).toBe('HTLC lock');
    expect(typeLabel('ipfs')).toBe('IPFS');
    expect(typeLabel('multiPayment')).toBe('Multipayment');
    expect(typeLabel('entityRegister')).toBe('Entity register');
    expect(groupLabel('1')).toBe('Core');
    expect(groupLabel('2')).toBe('Magistrate');
    expect(groupLabel('9')).toBe('Group 9');
  });
});

describe('randomness verification', () => {
  const blockId = '7a3c2d9f1e0b8a6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c';
  it('matches the values the block id gives (SHA-256 of the id text, 8 big-endian uint32)', () => {
    // Computed independently: python3 -c "import hashlib,struct; print(struct.unpack('>8I',
    // hashlib.sha256(b'<blockId>').digest()))".
    const values = [
      2289328815, 1378223839, 3090976482, 2536628002, 2109368185, 4027513089, 984893063, 3892927428,
    ];
    expect(trngValues(blockId)).toEqual(values);
    expect(verifyDraw({ blockId, values })).toEqual({ verified: true, expected: values });
    expect(DERIVATION).toContain('SHA-256');
  });
  it('reports the first value that differs, and a missing value', () => {
    const values = trngValues(blockId);
    const tampered = [...values];
    tampered[3] = (tampered[3]! + 1) >>> 0;
    expect(verifyDraw({ blockId, values: tampered })).toMatchObject({ verified: false, firstMismatch: 3 });
    expect(verifyDraw({ blockId, values: values.slice(0, 7) })).toMatchObject({
      verified: false,
      firstMismatch: 7,
    });
    // Values of another block do not verify for this one.
    expect(verifyDraw({ blockId: 'f' + blockId.slice(1), values }).verified).toBe(false);
  });
});
