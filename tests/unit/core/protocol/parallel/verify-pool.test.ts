import { afterAll, describe, expect, it } from 'vitest';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { devnet } from '../../../../../src/core/protocol/networks';
import { VerifyPool } from '../../../../../src/core/protocol/parallel/verify-pool';
import { verifySerialized } from '../../../../../src/core/protocol/parallel/verify-serialized';
import negative from '../../../../fixtures/vectors/negative.json';
import devnetTx from '../../../../fixtures/vectors/transactions-devnet.json';

// The worker bundle is built by tests/global-setup.ts (scripts/build-cli.mjs).
const workerUrl = new URL('../../../../../dist/verify-worker.mjs', import.meta.url);
const ctx = { network: devnet, height: 6_000_000 };

describe('VerifyPool (deserialize + verify on worker threads)', () => {
  const pool = new VerifyPool({ workerUrl, size: 2 });
  afterAll(() => pool.close());

  const valid = devnetTx.vectors.filter((v) => v.deserializedVerified).map((v) => fromHex(v.serializedHex));
  const tampered = negative.vectors
    .filter((v) => v.outcome === 'deserialized' && v.isVerified === false)
    .map((v) => fromHex(v.serializedHex!));
  const malformed = negative.vectors.flatMap((v) =>
    v.outcome === 'threw' && v.serializedHex ? [fromHex(v.serializedHex)] : [],
  );

  it('gives the same outcomes as inline verification, in input order', async () => {
    const items = [...valid, ...tampered, ...malformed, ...valid];
    expect(items.length).toBeGreaterThan(16);
    const pooled = await pool.verifyMany(items, ctx);
    expect(pooled).toEqual(items.map((bytes) => verifySerialized(bytes, ctx)));
    expect(pooled.slice(0, valid.length).every((o) => o.verified)).toBe(true);
    expect(pooled.slice(valid.length, valid.length + tampered.length).some((o) => o.verified)).toBe(false);
  });

  it('reports malformed bytes as a typed outcome, not an exception', async () => {
    const outcomes = await pool.verifyMany([...malformed, ...malformed, ...malformed], ctx);
    for (const outcome of outcomes) {
      expect(outcome.verified).toBe(false);
      expect(outcome.reason).toMatch(/^ERR_[A-Z_]+: /);
    }
  });

  it('refuses work once closed', async () => {
    const closing = new VerifyPool({ workerUrl, size: 1 });
    await closing.close();
    await expect(closing.verifyMany(valid, ctx)).rejects.toThrow(/closed/);
  });
});
