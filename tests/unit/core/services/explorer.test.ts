/** The explorer's search classification and its transaction page's readable asset, without a node. */
import { describe, expect, it } from 'vitest';
import type { TransactionRecord } from '../../../../src/core/client';
import { classifyQuery } from '../../../../src/core/services/chain/explorer-query';
import {
  blockDetail,
  transactionDetail,
  voteTargets,
} from '../../../../src/core/services/chain/explorer-views';

const DEVNET = 30;
const MAINNET = 23;
const DEVNET_ADDRESS = 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib';
const MAINNET_ADDRESS = 'AJWRd23HNEhPLkK1ymMnwnDBX2a7QBZqff';
const KEY = '034151a3ec46b5670a682b0a63394f863587d1bc97483b1b6c70eb58e7f0aed192';
const HEX = 'AB'.repeat(32);

describe('classifyQuery', () => {
  it('digits are a height; a run too long for a height is an old decimal block id', () => {
    expect(classifyQuery(' 42 ', DEVNET)).toEqual({ shape: 'height', height: 42, text: '42' });
    expect(classifyQuery('12345678901234567890', DEVNET)).toEqual({
      shape: 'decimalBlockId',
      id: '12345678901234567890',
    });
  });
  it('64 hex is an id (lower-cased); 66 hex starting 02/03 is a public key', () => {
    expect(classifyQuery(HEX, DEVNET)).toEqual({ shape: 'hexId', id: HEX.toLowerCase() });
    expect(classifyQuery(KEY.toUpperCase(), DEVNET)).toEqual({ shape: 'publicKey', publicKey: KEY });
  });
  it('an address of this network is an address; one of another network says so', () => {
    expect(classifyQuery(DEVNET_ADDRESS, DEVNET)).toEqual({ shape: 'address', address: DEVNET_ADDRESS });
    expect(classifyQuery(MAINNET_ADDRESS, MAINNET)).toEqual({ shape: 'address', address: MAINNET_ADDRESS });
    const foreign = classifyQuery(MAINNET_ADDRESS, DEVNET);
    expect(foreign).toMatchObject({
      shape: 'invalid',
      reason: expect.stringContaining('another network') as string,
    });
  });
  it('a name is a username (lower-cased); anything else, or nothing, is refused with the reason', () => {
    expect(classifyQuery('Genesis_1', DEVNET)).toEqual({ shape: 'username', username: 'genesis_1' });
    // Base58 but a bad checksum: not an address, and too long for a username.
    expect(classifyQuery('D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyic', DEVNET).shape).toBe('invalid');
    expect(classifyQuery('   ', DEVNET)).toMatchObject({
      shape: 'invalid',
      reason: expect.stringContaining('Type') as string,
    });
    expect(classifyQuery('a b', DEVNET).shape).toBe('invalid');
  });
});

const TIMESTAMP = { epoch: 1, unix: 2, human: '1970-01-01T00:00:02.000Z' };
function tx(
  type: number,
  asset: Record<string, unknown>,
  extra: Partial<TransactionRecord> = {},
): TransactionRecord {
  return {
    id: HEX.toLowerCase(),
    blockId: 'b'.repeat(64),
    version: 2,
    type,
    typeGroup: 1,
    amount: 0n,
    fee: 10n,
    sender: DEVNET_ADDRESS,
    senderPublicKey: KEY,
    recipient: DEVNET_ADDRESS,
    signature: 'aa',
    asset,
    confirmations: 3,
    timestamp: TIMESTAMP,
    nonce: 1n,
    ...extra,
  };
}

describe('transactionDetail: every Core asset readable', () => {
  it('votes and unvotes, with the delegate names that were found', () => {
    expect(voteTargets(['+a', '-b', 'c'])).toEqual([
      { action: 'vote', publicKey: 'a' },
      { action: 'unvote', publicKey: 'b' },
    ]);
    const detail = transactionDetail(tx(3, { votes: [`-${KEY}`, '+02ff'] }), {
      confirmed: true,
      blockHeight: 7,
      usernames: new Map([[KEY, 'genesis_3']]),
    });
    expect(detail).toMatchObject({ kind: 'vote', confirmed: true, blockHeight: 7, version: 2 });
    expect(detail.voteTargets).toEqual([
      { action: 'unvote', publicKey: KEY, username: 'genesis_3' },
      { action: 'vote', publicKey: '02ff' },
    ]);
  });
  it('multipayments as a list of amounts (decimal strings)', () => {
    const detail = transactionDetail(
      tx(6, { payments: [{ recipientId: DEVNET_ADDRESS, amount: '12345678901234567890' }] }),
      { confirmed: true },
    );
    expect(detail.payments).toEqual([{ recipientId: DEVNET_ADDRESS, amount: '12345678901234567890' }]);
  });
  it('HTLC lock, claim (with its secret) and refund', () => {
    const lock = transactionDetail(
      tx(8, { lock: { secretHash: 'ff'.repeat(32), expiration: { type: 2, value: 900 } } }, { amount: 5n }),
      { confirmed: true },
    );
    expect(lock).toMatchObject({
      kind: 'htlcLock',
      amount: '5',
      lock: { secretHash: 'ff'.repeat(32), expirationType: 'height', expirationValue: 900 },
    });
    const claim = transactionDetail(
      tx(9, { claim: { lockTransactionId: 'c'.repeat(64), unlockSecret: 's3cret' } }),
      {
        confirmed: true,
      },
    );
    expect(claim).toMatchObject({ kind: 'htlcClaim', lockId: 'c'.repeat(64), unlockSecret: 's3cret' });
    const refund = transactionDetail(tx(10, { refund: { lockTransactionId: 'd'.repeat(64) } }), {
      confirmed: false,
    });
    expect(refund).toMatchObject({ kind: 'htlcRefund', lockId: 'd'.repeat(64), confirmed: false });
  });
  it('second signature, multisignature, IPFS and the second signature of the sender', () => {
    expect(
      transactionDetail(tx(1, { signature: { publicKey: KEY } }), { confirmed: true }).secondPublicKey,
    ).toBe(KEY);
    expect(
      transactionDetail(tx(4, { multiSignature: { min: 2, publicKeys: [KEY, '02aa', 7] } }), {
        confirmed: true,
      }).multiSignature,
    ).toEqual({ min: 2, publicKeys: [KEY, '02aa'] });
    expect(transactionDetail(tx(5, { ipfs: 'QmHash' }), { confirmed: true }).ipfs).toBe('QmHash');
    expect(transactionDetail(tx(0, {}, { signSignature: 'bb' }), { confirmed: true }).secondSignature).toBe(
      'bb',
    );
  });
});

describe('blockDetail', () => {
  const block = {
    id: 'e'.repeat(64),
    version: 0,
    height: 1,
    previous: '0',
    forged: { reward: 0n, fee: 0n, amount: 10n, total: 10n },
    payload: { hash: 'f'.repeat(64), length: 32 },
    generator: { address: DEVNET_ADDRESS, publicKey: KEY },
    confirmations: 0,
    transactions: 1,
    timestamp: TIMESTAMP,
  };
  it('the genesis block has no previous block; the tip has no next one', () => {
    const detail = blockDetail(block);
    expect(detail.previousId).toBeUndefined();
    expect(detail.nextHeight).toBeUndefined();
    expect(detail).toMatchObject({ total: '10', payloadLength: 32 });
    expect(blockDetail({ ...block, height: 5, previous: 'a'.repeat(64), confirmations: 2 })).toMatchObject({
      previousId: 'a'.repeat(64),
      nextHeight: 6,
    });
  });
});
