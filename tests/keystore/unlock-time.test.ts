/**
 * The production KDF cost on the real unlock path: N=2^17 (docs/design/security.md "Key store"), under about a
 * second here. The bounds are loose so a busy CI machine passes, but a cost accidentally dropped (or multiplied)
 * fails; the figure itself is logged, not asserted.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCRYPT } from '../../src/core/keystore';
import { openKeystore, PASSWORD, tempDataDir } from './support';

describe('unlock time with the default scrypt cost', () => {
  it('stores N=2^17 r=8 p=1 and unlocks on the real path', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ N: 131_072, r: 8, p: 1 });
    const dataDir = tempDataDir();
    const keystore = openKeystore(dataDir, { scrypt: DEFAULT_SCRYPT });
    await keystore.create(PASSWORD);
    keystore.lock();
    const file = JSON.parse(readFileSync(keystore.vaultPath, 'utf8')) as { kdf: unknown };
    expect(file.kdf).toMatchObject({ name: 'scrypt', N: 131_072, r: 8, p: 1, dkLen: 32 });

    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const start = performance.now();
      await keystore.unlock(PASSWORD);
      times.push(performance.now() - start);
      keystore.lock();
    }
    const median = times.sort((a, b) => a - b)[1]!;
    console.log(
      `keystore unlock (scrypt N=2^17 r=8 p=1): median ${median.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')}`,
    );
    expect(median).toBeGreaterThan(50);
    expect(median).toBeLessThan(3_000);
  });
});
