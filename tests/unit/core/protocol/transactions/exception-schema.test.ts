/**
 * A transaction of the network's exceptions list is kept whatever the schema says, as ARK's factory keeps it
 * (crypto `transactions/factory.ts` fromSerialized: `if (error && !isException(value)) throw …`); devnet's listed
 * history holds transfers of amount 0, which `votary block verify` refused with "data.amount must be at least 1".
 * Any other transaction still meets the schema.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../../../../src/core/protocol/hash';
import { toHex } from '../../../../../src/core/protocol/hex';
import type { Network } from '../../../../../src/core/protocol/networks';
import {
  deserializeTransaction,
  serializeTransaction,
  signTransaction,
} from '../../../../../src/core/protocol/transactions';
import { codeOf, ctx, PASSPHRASE, RECIPIENT } from './support';

const signed = signTransaction(
  { type: 0, typeGroup: 1, nonce: 1n, fee: 10_000_000n, amount: 1n, recipientId: RECIPIENT },
  { passphrase: PASSPHRASE },
  ctx,
);
/** The same transfer with amount 0 (what the schema refuses), and the id its bytes hash to. */
const zeroBytes = serializeTransaction({ ...signed, amount: 0n });
const zeroId = toHex(sha256(zeroBytes));

describe('the schema and the exceptions list', () => {
  it('refuses a transfer of amount 0 that is not on the list', () => {
    expect(codeOf(() => deserializeTransaction(zeroBytes, ctx))).toBe('ERR_SCHEMA');
  });

  it('keeps a transfer of amount 0 whose id is on the list, with that id', () => {
    const network: Network = { ...ctx.network, exceptions: { transactions: [zeroId] } };
    const tx = deserializeTransaction(zeroBytes, { ...ctx, network });
    expect(tx.id).toBe(zeroId);
    expect(tx.amount).toBe(0n);
  });

  it('a list naming another id does not exempt it', () => {
    const network: Network = { ...ctx.network, exceptions: { transactions: [signed.id!] } };
    expect(codeOf(() => deserializeTransaction(zeroBytes, { ...ctx, network }))).toBe('ERR_SCHEMA');
  });
});
