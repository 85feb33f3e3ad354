import { describe, expect, it } from 'vitest';
import type { Keystore } from '../../src/core/keystore';
import { isValidMnemonic, keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { devnet, mainnet } from '../../src/core/protocol/networks';
import keys from '../fixtures/vectors/keys.json';
import { codeOf, newVault, PASSWORD } from './support';

const KEY = keys.keys[1]!;
const OTHER = keys.keys[2]!;
const PUBLIC_FIELDS = [
  'address',
  'createdAt',
  'hasSecondPassphrase',
  'id',
  'kind',
  'name',
  'nethash',
  'network',
  'publicKey',
];

/** Creates and confirms a 24-word wallet, as the UI would after the person wrote the phrase down. */
async function createConfirmed(keystore: Keystore, name?: string) {
  const created = keystore.createMnemonicWallet({ network: devnet, ...(name ? { name } : {}) });
  const words = created.confirmPositions.map((p) => created.words[p - 1]!);
  const info = await keystore.confirmWallet(created.pendingId, words);
  return { created, info };
}

describe('mnemonic wallets with a confirmation step', () => {
  it('shows a fresh valid 24-word phrase once, and stores nothing until confirmed', async () => {
    const keystore = await newVault();
    const created = keystore.createMnemonicWallet({ network: devnet, name: 'Savings' });
    expect(created.words).toHaveLength(24);
    expect(created.words.join(' ')).toBe(created.mnemonic);
    expect(isValidMnemonic(created.mnemonic)).toBe(true);
    expect(created.confirmPositions).toHaveLength(3);
    expect(new Set(created.confirmPositions).size).toBe(3);
    expect([...created.confirmPositions].sort((a, b) => a - b)).toEqual(created.confirmPositions);
    for (const p of created.confirmPositions) expect(p >= 1 && p <= 24).toBe(true);
    expect(keystore.listWallets()).toEqual([]);

    const words = created.confirmPositions.map((p) => created.words[p - 1]!);
    const info = await keystore.confirmWallet(
      created.pendingId,
      words.map((w) => ` ${w.toUpperCase()} `),
    );
    expect(info).toMatchObject({
      name: 'Savings',
      kind: 'mnemonic',
      network: 'devnet',
      address: created.address,
    });
    expect(info.publicKey).toBe(toHex(keyPairFromPassphrase(created.mnemonic).publicKey));
    expect(keystore.listWallets()).toEqual([info]);
    // Confirmed once: the pending entry is gone.
    expect(await codeOf(() => keystore.confirmWallet(created.pendingId, words))).toBe(
      'ERR_PENDING_NOT_FOUND',
    );
  });

  it('refuses wrong words, wrong order, too few words; the pending wallet survives for another try', async () => {
    const keystore = await newVault();
    const created = keystore.createMnemonicWallet({ network: devnet });
    const right = created.confirmPositions.map((p) => created.words[p - 1]!);
    const wrongWord = created.words.find((w) => !right.includes(w)) ?? 'zoo';
    const attempts = [
      [wrongWord, right[1]!, right[2]!],
      [right[0]!, right[1]!, wrongWord],
      [...right].reverse(),
      right.slice(0, 2),
      [...right, right[0]!],
    ];
    for (const words of attempts) {
      if (words.join() === right.join()) continue; // a reversed palindrome of equal words
      expect(await codeOf(() => keystore.confirmWallet(created.pendingId, words))).toBe(
        'ERR_CONFIRMATION_MISMATCH',
      );
    }
    expect(keystore.listWallets()).toEqual([]);
    await keystore.confirmWallet(created.pendingId, right);
    expect(keystore.listWallets()).toHaveLength(1);
  });

  it('forgets pending phrases on lock and on cancel', async () => {
    const keystore = await newVault();
    const a = keystore.createMnemonicWallet({ network: devnet });
    const b = keystore.createMnemonicWallet({ network: devnet });
    expect(a.mnemonic).not.toBe(b.mnemonic);
    keystore.cancelPendingWallet(a.pendingId);
    const wordsOf = (c: typeof a) => c.confirmPositions.map((p) => c.words[p - 1]!);
    expect(await codeOf(() => keystore.confirmWallet(a.pendingId, wordsOf(a)))).toBe('ERR_PENDING_NOT_FOUND');
    keystore.lock();
    await keystore.unlock('correct horse battery');
    expect(await codeOf(() => keystore.confirmWallet(b.pendingId, wordsOf(b)))).toBe('ERR_PENDING_NOT_FOUND');
  });
});

describe('imported and watch-only wallets', () => {
  it('imports a passphrase with the vector address and public key', async () => {
    const keystore = await newVault();
    const info = await keystore.importPassphrase({
      network: devnet,
      passphrase: KEY.passphrase,
      name: ' Cold ',
    });
    expect(info).toMatchObject({
      name: 'Cold',
      kind: 'passphrase',
      network: 'devnet',
      nethash: devnet.network.nethash,
      address: KEY.networks.devnet.address,
      publicKey: KEY.publicKey,
      hasSecondPassphrase: false,
    });
    expect(Object.keys(info).sort()).toEqual(PUBLIC_FIELDS);
  });

  it('imports any ARK passphrase, not only BIP39 ones, exactly as given', async () => {
    const keystore = await newVault();
    const odd = '  Ünïcode passphrase — not BIP39, with spaces  ';
    const info = await keystore.importPassphrase({ network: devnet, passphrase: odd });
    expect(info.publicKey).toBe(toHex(keyPairFromPassphrase(odd).publicKey));
    expect(await codeOf(() => keystore.importPassphrase({ network: devnet, passphrase: '   ' }))).toBe(
      'ERR_INVALID_INPUT',
    );
  });

  it('imports a WIF to the same key as its passphrase, and refuses it twice or for another network', async () => {
    const byWif = await newVault();
    const wif = await byWif.importWif({ network: devnet, wif: KEY.networks.devnet.wif });
    const byPassphrase = await newVault();
    const pass = await byPassphrase.importPassphrase({ network: devnet, passphrase: KEY.passphrase });
    expect(wif.kind).toBe('wif');
    expect({ address: wif.address, publicKey: wif.publicKey }).toEqual({
      address: pass.address,
      publicKey: pass.publicKey,
    });

    expect(await codeOf(() => byWif.importPassphrase({ network: devnet, passphrase: KEY.passphrase }))).toBe(
      'ERR_WALLET_EXISTS',
    );
    expect(await codeOf(() => byWif.importWif({ network: devnet, wif: KEY.networks.testnet.wif }))).toBe(
      'ERR_INVALID_INPUT',
    );
    expect(await codeOf(() => byWif.importWif({ network: devnet, wif: 'not-a-wif' }))).toBe(
      'ERR_INVALID_INPUT',
    );
    // The same key on another network is another wallet.
    const onMainnet = await byWif.importWif({ network: mainnet, wif: KEY.networks.mainnet.wif });
    expect(onMainnet.address).toBe(KEY.networks.mainnet.address);
    expect(byWif.listWallets()).toHaveLength(2);
    expect(byWif.listWallets({ nethash: mainnet.network.nethash })).toEqual([onMainnet]);
  });

  it('watches an address of the network and refuses other networks’ and malformed addresses', async () => {
    const keystore = await newVault();
    const watch = await keystore.addWatchOnly({
      network: devnet,
      address: KEY.networks.devnet.address,
      name: 'Exchange',
    });
    expect(watch).toMatchObject({
      kind: 'watch',
      address: KEY.networks.devnet.address,
      hasSecondPassphrase: false,
    });
    expect(watch.publicKey).toBeUndefined();
    expect(
      await codeOf(() => keystore.addWatchOnly({ network: devnet, address: KEY.networks.mainnet.address })),
    ).toBe('ERR_INVALID_INPUT');
    expect(
      await codeOf(() => keystore.addWatchOnly({ network: devnet, address: 'D' + 'x'.repeat(33) })),
    ).toBe('ERR_INVALID_INPUT');
    expect(
      await codeOf(() => keystore.importPassphrase({ network: devnet, passphrase: KEY.passphrase })),
    ).toBe('ERR_WALLET_EXISTS');
  });

  it('keeps several wallets per network, renames and removes them, and persists it all', async () => {
    const keystore = await newVault();
    const { info: created } = await createConfirmed(keystore, 'New');
    const a = await keystore.importPassphrase({ network: devnet, passphrase: KEY.passphrase });
    const b = await keystore.importWif({ network: devnet, wif: OTHER.networks.devnet.wif });
    const w = await keystore.addWatchOnly({
      network: devnet,
      address: keys.keys[3]!.networks.devnet.address,
    });
    expect(keystore.listWallets().map((x) => x.id)).toEqual([created.id, a.id, b.id, w.id]);

    const renamed = await keystore.renameWallet(a.id, 'Renamed');
    expect(renamed.name).toBe('Renamed');
    expect(await codeOf(() => keystore.renameWallet(a.id, ''))).toBe('ERR_INVALID_INPUT');
    expect(await codeOf(() => keystore.renameWallet(a.id, 'x'.repeat(65)))).toBe('ERR_INVALID_INPUT');
    await keystore.removeWallet(b.id, PASSWORD);
    expect(await codeOf(() => keystore.removeWallet(b.id, PASSWORD))).toBe('ERR_WALLET_NOT_FOUND');
    expect(await codeOf(() => keystore.getWallet('nope'))).toBe('ERR_WALLET_NOT_FOUND');

    keystore.lock();
    expect(await codeOf(() => keystore.listWallets())).toBe('ERR_LOCKED');
    await keystore.unlock('correct horse battery');
    expect(keystore.listWallets()).toEqual([created, renamed, w]);
  });

  it('runs concurrent changes one after another without losing any', async () => {
    const keystore = await newVault();
    const passphrases = Array.from({ length: 8 }, (_, i) => `concurrent wallet number ${i}`);
    await Promise.all(
      passphrases.map((passphrase) => keystore.importPassphrase({ network: devnet, passphrase })),
    );
    keystore.lock();
    await keystore.unlock('correct horse battery');
    expect(keystore.listWallets()).toHaveLength(8);
  });
});

describe('second passphrases', () => {
  const second = 'my second passphrase for signing';
  const secondPublicKey = toHex(keyPairFromPassphrase(second).publicKey);

  it('accepts a second passphrase that matches the registered second public key, refuses one that does not', async () => {
    const keystore = await newVault();
    expect(
      await codeOf(() =>
        keystore.importPassphrase({
          network: devnet,
          passphrase: KEY.passphrase,
          secondPassphrase: 'some other second passphrase',
          secondPublicKey,
        }),
      ),
    ).toBe('ERR_SECOND_PASSPHRASE_MISMATCH');
    const info = await keystore.importPassphrase({
      network: devnet,
      passphrase: KEY.passphrase,
      secondPassphrase: second,
      secondPublicKey,
    });
    expect(info.hasSecondPassphrase).toBe(true);
  });

  it('adds, replaces and removes a second passphrase later; never on a watch-only wallet', async () => {
    const keystore = await newVault();
    const wif = await keystore.importWif({ network: devnet, wif: KEY.networks.devnet.wif });
    expect(
      await codeOf(() =>
        keystore.setSecondPassphrase(wif.id, { secondPassphrase: 'wrong one', secondPublicKey }),
      ),
    ).toBe('ERR_SECOND_PASSPHRASE_MISMATCH');
    expect(
      (await keystore.setSecondPassphrase(wif.id, { secondPassphrase: second, secondPublicKey }))
        .hasSecondPassphrase,
    ).toBe(true);
    expect((await keystore.removeSecondPassphrase(wif.id)).hasSecondPassphrase).toBe(false);
    const watch = await keystore.addWatchOnly({ network: devnet, address: OTHER.networks.devnet.address });
    expect(await codeOf(() => keystore.setSecondPassphrase(watch.id, { secondPassphrase: second }))).toBe(
      'ERR_WATCH_ONLY',
    );
  });
});
