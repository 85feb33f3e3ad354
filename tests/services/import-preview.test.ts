/** wallets:preview-import: the address an import gives and whether a phrase is BIP39, before anything is stored. */
import { describe, expect, it } from 'vitest';
import { wifFromPassphrase } from '../../src/core/protocol/crypto';
import { call, coreWithVault } from './support';

describe('import preview', () => {
  const core = coreWithVault({ forging: false });

  it('says the address, and whether a phrase is valid BIP39 (one misspelled word is not)', async () => {
    const created = await call(core(), 'wallets:create-mnemonic', {});
    await call(core(), 'wallets:cancel-pending', { pendingId: created.pendingId });
    expect(await call(core(), 'wallets:preview-import', { passphrase: created.mnemonic })).toEqual({
      address: created.address,
      bip39: true,
    });
    const words = created.words.slice();
    words[3] = `${words[3]}x`;
    const typo = await call(core(), 'wallets:preview-import', { passphrase: words.join(' ') });
    expect(typo.bip39).toBe(false);
    expect(typo.address).not.toBe(created.address);
    expect(await call(core(), 'wallets:list')).toEqual([]);
  });

  it('gives the same address as the import for a WIF, and a typed error for a bad one', async () => {
    // The localnet's WIF version byte is 170.
    const wif = wifFromPassphrase('import preview wif source', 170);
    const preview = await call(core(), 'wallets:preview-import', { wif });
    const imported = await call(core(), 'wallets:import-wif', { wif });
    expect(preview).toEqual({ address: imported.address });
    expect(await core().handleRequest('wallets:preview-import', { wif: 'not a wif' })).toMatchObject({
      ok: false,
      error: { code: 'ERR_INVALID_INPUT' },
    });
  });
});
