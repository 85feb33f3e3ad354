/**
 * Ledger wallets in the vault: a kind of their own that keeps the device's path, public key and address and no
 * key material; the vault refuses to sign, reveal or add a second passphrase for one (the device signs:
 * core/ledger), and removing one needs no password (no key is lost).
 */
import { describe, expect, it } from 'vitest';
import { addressFromPublicKey } from '../../src/core/protocol/crypto';
import { devnet } from '../../src/core/protocol/networks';
import keys from '../fixtures/vectors/keys.json';
import { codeOf, DEVNET_CTX, newVault, PASSWORD } from './support';

/** The key ARK's Ledger app gives at 44'/1'/0'/0/0 for the public test seed (tests/fixtures/ledger/public-keys.json). */
const DEVICE_KEY = '035a6f28253f35e2ff1ab0b086b8c87f731159661157e5be2ca98188369625dc32';
const PATH = "44'/1'/0'/0/0";

describe('Ledger wallets in the vault', () => {
  it('stores the path, public key and address, and keeps them across lock and unlock', async () => {
    const keystore = await newVault();
    const info = await keystore.addLedgerWallet({
      network: devnet,
      publicKey: DEVICE_KEY,
      path: PATH,
      name: 'Nano',
    });
    expect(info).toMatchObject({
      kind: 'ledger',
      name: 'Nano',
      publicKey: DEVICE_KEY,
      address: addressFromPublicKey(DEVICE_KEY, devnet.network.pubKeyHash),
      ledgerPath: PATH,
      hasSecondPassphrase: false,
    });
    expect(keystore.ledgerAccount(info.id)).toEqual({
      path: PATH,
      publicKey: DEVICE_KEY,
      address: info.address,
    });
    keystore.lock();
    await keystore.unlock(PASSWORD);
    expect(keystore.listWallets()).toEqual([info]);
    expect(
      await codeOf(() => keystore.addLedgerWallet({ network: devnet, publicKey: DEVICE_KEY, path: PATH })),
    ).toBe('ERR_WALLET_EXISTS');
  });

  it('refuses malformed keys and paths', async () => {
    const keystore = await newVault();
    for (const [publicKey, path] of [
      ['02' + '00'.repeat(32), PATH],
      ['nope', PATH],
      [DEVICE_KEY, "44'/1'/0'/0"],
      [DEVICE_KEY, 'm/0/1'],
    ]) {
      expect(
        await codeOf(() => keystore.addLedgerWallet({ network: devnet, publicKey: publicKey!, path: path! })),
      ).toBe('ERR_INVALID_INPUT');
    }
  });

  it('never signs, reveals or takes a second passphrase in the vault, and is removed without a password', async () => {
    const keystore = await newVault();
    const wallet = await keystore.addLedgerWallet({ network: devnet, publicKey: DEVICE_KEY, path: PATH });
    const transfer = { type: 0, nonce: 1n, amount: 1n, recipientId: keys.keys[1]!.networks.devnet.address };
    expect(await codeOf(() => keystore.signDraft(wallet.id, transfer, DEVNET_CTX))).toBe(
      'ERR_HARDWARE_WALLET',
    );
    expect(await codeOf(() => keystore.signMessage(wallet.id, 'hello'))).toBe('ERR_HARDWARE_WALLET');
    expect(await codeOf(() => keystore.revealRecoveryPhrase(wallet.id, PASSWORD))).toBe(
      'ERR_HARDWARE_WALLET',
    );
    expect(
      await codeOf(() => keystore.setSecondPassphrase(wallet.id, { secondPassphrase: 'second passphrase' })),
    ).toBe('ERR_HARDWARE_WALLET');
    const other = await keystore.importPassphrase({ network: devnet, passphrase: keys.keys[1]!.passphrase });
    expect(await codeOf(() => Promise.resolve(keystore.ledgerAccount(other.id)))).toBe('ERR_INVALID_INPUT');
    await keystore.removeWallet(wallet.id);
    expect(keystore.listWallets()).toEqual([other]);
  });
});
