import { describe, expect, it } from 'vitest';
import blocks from '../fixtures/vectors/blocks.json';
import { runCli } from './run-cli';

describe('votary block', () => {
  it.each(blocks.vectors.map((v) => [v.description, v] as const))(
    'decodes and verifies: %s',
    (_d, vector) => {
      const decoded = runCli('block', 'decode', '--hex', vector.serializedHex, '--network', 'devnet');
      expect(decoded.stderr).toBe('');
      expect(decoded.code).toBe(0);
      const block = JSON.parse(decoded.stdout) as { id: string; height: number; transactions: unknown[] };
      expect(block.id).toBe(vector.id);
      expect(block.height).toBe(vector.headerJson.height);
      expect(block.transactions).toHaveLength(vector.headerJson.numberOfTransactions);

      const verified = runCli('block', 'verify', '--hex', vector.serializedHex, '--network', 'devnet');
      expect(verified.code).toBe(0);
      expect(JSON.parse(verified.stdout)).toMatchObject({ id: vector.id, verified: true, errors: [] });
    },
  );

  it.each(blocks.negative.map((v) => [v.description, v] as const))(
    'exits 1 for a tampered block: %s',
    (_d, vector) => {
      const result = runCli('block', 'verify', '--hex', vector.serializedHex, '--network', 'devnet');
      expect(result.code).toBe(1);
      const output = JSON.parse(result.stdout) as { verified: boolean; errors: string[] };
      expect(output.verified).toBe(false);
      expect(output.errors.length).toBeGreaterThan(0);
    },
  );

  it('exits 1 with one line for truncated block bytes', () => {
    const result = runCli('block', 'decode', '--hex', blocks.vectors[0]!.serializedHex.slice(0, 100));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^votary: ERR_(BYTES|BLOCK): /);
  });
});
