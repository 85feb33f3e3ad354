/**
 * The offline commands read a network as the node and the follower do, with the exceptions list Votary ships for it
 * (src/cli/network-option.ts, protocol/networks/presets.ts withPresetExceptions): ARK mainnet's transaction of
 * `transactionIdFixTable` (tests/fixtures/vectors/ark-history/README.md) has the id ARK gives it, and verifies.
 */
import { describe, expect, it } from 'vitest';
import fixed from '../fixtures/vectors/ark-history/mainnet-id-fix-transaction.json';
import { runCli } from './run-cli';

describe('votary tx on a network with exceptions', () => {
  const at = ['--network', 'mainnet', '--height', String(fixed.height)];

  it('decodes the mainnet transaction of transactionIdFixTable to its chain id, not the computed one', () => {
    const result = runCli('tx', 'decode', '--hex', fixed.hex, ...at);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const tx = JSON.parse(result.stdout) as { id: string };
    expect(tx.id).toBe(fixed.id);
    expect(tx.id).not.toBe(fixed.computedId);
  });

  it('verifies it as ARK Core does (its signature covers v1 bytes holding the sender’s address)', () => {
    const result = runCli('tx', 'verify', '--hex', fixed.hex, ...at);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ verified: true, id: fixed.id });
  });
});
