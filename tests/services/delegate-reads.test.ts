/**
 * The delegate page's reads: chain:delegate-blocks and chain:delegate-voters against a real embedded
 * node on a fake clock, by username, public key and address; an unknown delegate is a typed error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import { call, openClockedCore, removeDir, tempDir } from './support';

describe('delegate blocks and voters', () => {
  let dir: string;
  let core: AppCore;
  let forger = '';

  beforeAll(async () => {
    dir = tempDir();
    const clocked = await openClockedCore(dir);
    core = clocked.core;
    // Two forged blocks; the delegate under test is the one that forged height 2.
    clocked.clock.forge(core, 2);
    forger = (await call(core, 'chain:block', { height: 2 })).generator.username ?? '';
  }, 60_000);
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  it('lists only the blocks the delegate forged, newest first, by any of its names', async () => {
    const delegate = (await call(core, 'chain:delegates', { search: forger, limit: 100 })).data.find(
      (d) => d.username === forger,
    );
    expect(delegate).toBeDefined();
    const byName = await call(core, 'chain:delegate-blocks', { delegate: forger, limit: 100 });
    expect(byName.data.length).toBeGreaterThan(0);
    expect(byName.data.every((block) => block.generator.publicKey === delegate?.publicKey)).toBe(true);
    const heights = byName.data.map((block) => block.height);
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(byName.meta).toMatchObject({ page: 1, limit: 100, totalCount: delegate?.producedBlocks });

    const byKey = await call(core, 'chain:delegate-blocks', { delegate: delegate?.publicKey ?? '' });
    const byAddress = await call(core, 'chain:delegate-blocks', { delegate: delegate?.address ?? '' });
    expect(byKey.data[0]?.id).toBe(byName.data[0]?.id);
    expect(byAddress.data[0]?.id).toBe(byName.data[0]?.id);
  });

  it('lists the wallets voting for the delegate (the genesis delegates vote for themselves)', async () => {
    const voters = await call(core, 'chain:delegate-voters', { delegate: forger });
    expect(voters.meta.totalCount).toBeGreaterThan(0);
    expect(voters.data.every((wallet) => BigInt(wallet.balance) >= 0n)).toBe(true);
    expect(voters.data.some((wallet) => wallet.delegate?.username === forger)).toBe(true);
  });

  it('an unknown delegate or a malformed name is a typed error', async () => {
    const missing = await core.handleRequest('chain:delegate-blocks', { delegate: 'nobody_here' });
    expect(!missing.ok && missing.error.code).toMatch(/^ERR_/);
    const malformed = await core.handleRequest('chain:delegate-voters', { delegate: 'a/b' });
    expect(!malformed.ok && malformed.error.code).toBe('ERR_INVALID_REQUEST');
  });
});
