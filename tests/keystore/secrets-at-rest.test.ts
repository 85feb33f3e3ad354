/**
 * Issue 5 §2 evidence: after creating and using wallets of every kind, no file under the data directory holds a
 * passphrase, a mnemonic word sequence, a private key or a WIF in clear — and no key-store function except the
 * two sanctioned ones (the one-time phrase display, revealRecoveryPhrase) returned any of them.
 */
import { describe, expect, it } from 'vitest';
import { privateKeyFromPassphrase, wifFromPrivateKey } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { devnet } from '../../src/core/protocol/networks';
import keys from '../fixtures/vectors/keys.json';
import { DEVNET_CTX, filesUnder, newVault, PASSWORD, tempDataDir } from './support';
import { MemoryKeychain } from '../support/memory-keychain';

const IMPORTED = 'a plain imported passphrase that is not bip39 at all';
const SECOND = 'the second passphrase of the imported wallet';
const WIF_KEY = keys.keys[4]!;
const NEW_PASSWORD = 'the changed vault password';

/** Every 3-word window of a phrase: any one of them in a file would leak part of the phrase. */
function wordTriples(phrase: string): string[] {
  const words = phrase.split(/\s+/).filter(Boolean);
  return words.slice(0, -2).map((_, i) => words.slice(i, i + 3).join(' '));
}

function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

describe('secrets at rest', () => {
  it('leaves no passphrase, mnemonic sequence, private key or WIF in the data directory or in API results', async () => {
    const dataDir = tempDataDir();
    const keychain = new MemoryKeychain();
    const keystore = await newVault({ dataDir, keychain });
    const results: unknown[] = [];

    const created = keystore.createMnemonicWallet({ network: devnet, name: 'Created' });
    const words = created.confirmPositions.map((p) => created.words[p - 1]!);
    results.push(await keystore.confirmWallet(created.pendingId, words));
    const second = keystore.createMnemonicWallet({ network: devnet });
    results.push(
      await keystore.confirmWallet(
        second.pendingId,
        second.confirmPositions.map((p) => second.words[p - 1]!),
      ),
    );
    const imported = await keystore.importPassphrase({
      network: devnet,
      passphrase: IMPORTED,
      secondPassphrase: SECOND,
      name: 'Imported',
    });
    const wif = await keystore.importWif({ network: devnet, wif: WIF_KEY.networks.devnet.wif });
    const watch = await keystore.addWatchOnly({
      network: devnet,
      address: keys.keys[5]!.networks.devnet.address,
    });
    results.push(imported, wif, watch, keystore.listWallets(), keystore.getWallet(imported.id));

    for (const wallet of keystore.listWallets().filter((w) => w.kind !== 'watch')) {
      const draft = { type: 0, nonce: 1n, amount: 5n, recipientId: watch.address };
      results.push(keystore.signDraft(wallet.id, draft, DEVNET_CTX));
      results.push(keystore.signMessage(wallet.id, `message from ${wallet.name}`));
    }
    results.push(await keystore.renameWallet(wif.id, 'Paper wallet'));
    results.push(await keystore.keychainStatus());
    await keystore.enableDeviceUnlock();
    await keystore.changePassword(PASSWORD, NEW_PASSWORD);
    keystore.lock();
    await keystore.unlockWithDevice();
    results.push(keystore.listWallets());
    keystore.lock();

    const phrases = [created.mnemonic, second.mnemonic, IMPORTED, SECOND];
    const privateKeys = [
      ...phrases.map((p) => privateKeyFromPassphrase(p)),
      Buffer.from(WIF_KEY.privateKeyHex, 'hex'),
    ];
    const needles: { what: string; text: string }[] = [
      ...phrases.map((text) => ({ what: 'passphrase', text })),
      ...phrases.flatMap(wordTriples).map((text) => ({ what: 'three consecutive words', text })),
      ...privateKeys.flatMap((key) => [
        { what: 'private key hex', text: toHex(key) },
        { what: 'private key HEX', text: toHex(key).toUpperCase() },
        { what: 'private key base64', text: Buffer.from(key).toString('base64') },
        { what: 'WIF', text: wifFromPrivateKey(key, devnet.network.wif) },
      ]),
      { what: 'vault password', text: PASSWORD },
      { what: 'vault password', text: NEW_PASSWORD },
    ];
    expect(needles.length).toBeGreaterThan(60);

    const files = filesUnder(dataDir);
    expect(files.map((f) => f.path.slice(dataDir.length))).toEqual(['/profiles/default/vault.json']);
    for (const { path, bytes } of files) {
      const text = bytes.toString('utf8');
      for (const { what, text: needle } of needles) {
        expect(text.includes(needle), `${path} contains a ${what}`).toBe(false);
      }
      for (const key of privateKeys)
        expect(bytes.includes(Buffer.from(key)), `${path} contains raw key bytes`).toBe(false);
    }

    const returned = jsonOf(results);
    for (const { what, text: needle } of needles) {
      expect(returned.includes(needle), `an API result contains a ${what}`).toBe(false);
    }
  });

  it('keeps only a random device key in the keychain, which is not any wallet secret', async () => {
    const keychain = new MemoryKeychain();
    const keystore = await newVault({ dataDir: tempDataDir(), keychain });
    await keystore.importPassphrase({ network: devnet, passphrase: IMPORTED });
    await keystore.enableDeviceUnlock();
    const stored = [...keychain.entries.values()];
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]!, 'base64')).toHaveLength(32);
    expect(stored[0]).not.toContain(IMPORTED);
    expect(stored[0]).not.toBe(toHex(privateKeyFromPassphrase(IMPORTED)));
  });
});
