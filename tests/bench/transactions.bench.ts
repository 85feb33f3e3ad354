import { bench, describe } from 'vitest';
import devnetVectors from '../fixtures/vectors/transactions-devnet.json';
import { fromHex } from '../../src/core/protocol/hex';
import { devnet } from '../../src/core/protocol/networks';
import {
  deserializeTransaction,
  serializeTransaction,
  signingHash,
  validateTransaction,
  verifyTransaction,
} from '../../src/core/protocol/transactions';

/** The node's hot path (bytes → validated, verified transaction) on the devnet transfer vector. */
const ctx = { network: devnet, height: 6000000 };
const bytes = fromHex(devnetVectors.vectors[0]!.serializedHex);
const tx = deserializeTransaction(bytes, ctx);

describe('transfer', () => {
  bench('deserialize + verify', () => {
    const decoded = deserializeTransaction(bytes, ctx);
    if (!verifyTransaction(decoded, ctx).verified) throw new Error('vector does not verify');
  });
  bench('deserialize (incl. schema)', () => {
    deserializeTransaction(bytes, ctx);
  });
  bench('validate (schema only)', () => {
    validateTransaction(tx, ctx);
  });
  bench('serialize', () => {
    serializeTransaction(tx);
  });
  bench('signing hash', () => {
    signingHash(tx);
  });
  bench('verify', () => {
    verifyTransaction(tx, ctx);
  });
});
