/**
 * The production KDF cost on the real unlock path: N=2^17 (docs/design/security.md "Key store") is what a new vault
 * stores and what unlocking it derives with. How long that takes is a figure of `npm run bench:latency`
 * (docs/benchmarks.md "Latency"), not asserted here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT } from '../../src/core/keystore';
import { openKeystore, PASSWORD, tempDataDir } from './support';

describe('the default scrypt cost', () => {
  it('stores N=2^17 r=8 p=1 and unlocks on the real path', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 131_072, r: 8, p: 1 });
    const dataDir = tempDataDir();
    const keystore = openKeystore(dataDir, { scrypt: DEFAULT_SCRYPT });
    await keystore.create(PASSWORD);
    keystore.lock();
    const file = JSON.parse(readFileSync(keystore.vaultPath, 'utf8')) as { kdf: unknown };
    expect(file.kdf).toMatchObject({ name: 'scrypt', N: 131_072, r: 8, p: 1, dkLen: 32 });

    await keystore.unlock(PASSWORD);
    expect(keystore.isUnlocked()).toBe(true);
    // The unlock kept the vault at the default cost (a lower one would be re-wrapped, never a higher one lowered).
    const after = JSON.parse(readFileSync(keystore.vaultPath, 'utf8')) as { kdf: unknown };
    expect(after.kdf).toMatchObject({ N: 131_072, r: 8, p: 1 });
  });
});
