import { describe, expect, it } from 'vitest';
import { keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { signMessageWithPassphrase, verifySignedMessage } from '../../src/core/protocol/message';
import { toHex } from '../../src/core/protocol/hex';
import {
  signTransaction,
  verifySecondSignature,
  verifyTransaction,
  type TransactionDraft,
} from '../../src/core/protocol/transactions';
import { devnet } from '../../src/core/protocol/networks';
import keys from '../fixtures/vectors/keys.json';
import { codeOf, DEVNET_CTX, MAINNET_CTX, newVault, PASSWORD } from './support';

const KEY = keys.keys[1]!;
const RECIPIENT = keys.keys[2]!.networks.devnet.address;
const SECOND = 'second passphrase used for the signing tests';
const SECOND_PUBLIC_KEY = toHex(keyPairFromPassphrase(SECOND).publicKey);

const transfer: TransactionDraft = {
  type: 0,
  nonce: 3n,
  amount: 125_000_000n,
  fee: 10_000_000n,
  recipientId: RECIPIENT,
  vendorField: 'rent for June',
};

describe('signDraft', () => {
  it('signs a transfer that verifies and equals signTransaction with the passphrase', async () => {
    const keystore = await newVault();
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: KEY.passphrase });
    const signed = keystore.signDraft(wallet.id, transfer, DEVNET_CTX);
    expect(verifyTransaction(signed, DEVNET_CTX)).toEqual({ verified: true });
    expect(signed).toEqual(signTransaction(transfer, { passphrase: KEY.passphrase }, DEVNET_CTX));
    expect(signed.senderPublicKey).toBe(KEY.publicKey);
    expect(signed.secondSignature).toBeUndefined();
  });

  it('signs the same bytes from a WIF wallet and from a created mnemonic wallet', async () => {
    const keystore = await newVault();
    const wif = await keystore.importWif({ network: devnet, wif: KEY.networks.devnet.wif });
    expect(keystore.signDraft(wif.id, transfer, DEVNET_CTX)).toEqual(
      signTransaction(transfer, { passphrase: KEY.passphrase }, DEVNET_CTX),
    );
    const created = keystore.createMnemonicWallet({ network: devnet });
    const info = await keystore.confirmWallet(
      created.pendingId,
      created.confirmPositions.map((p) => created.words[p - 1]!),
    );
    const signed = keystore.signDraft(info.id, transfer, DEVNET_CTX);
    expect(signed).toEqual(signTransaction(transfer, { passphrase: created.mnemonic }, DEVNET_CTX));
    expect(verifyTransaction(signed, DEVNET_CTX).verified).toBe(true);
  });

  it('adds the second signature when the wallet holds a second passphrase', async () => {
    const keystore = await newVault();
    const wallet = await keystore.importPassphrase({
      network: devnet,
      passphrase: KEY.passphrase,
      secondPassphrase: SECOND,
      secondPublicKey: SECOND_PUBLIC_KEY,
    });
    const signed = keystore.signDraft(wallet.id, transfer, DEVNET_CTX);
    expect(signed).toEqual(
      signTransaction(transfer, { passphrase: KEY.passphrase, secondPassphrase: SECOND }, DEVNET_CTX),
    );
    expect(verifySecondSignature(signed, SECOND_PUBLIC_KEY)).toBe(true);
    expect(verifyTransaction(signed, DEVNET_CTX).verified).toBe(true);
    // Explicitly without it (the account has not registered it yet).
    expect(
      keystore.signDraft(wallet.id, transfer, DEVNET_CTX, { secondSignature: false }).secondSignature,
    ).toBeUndefined();
  });

  it('signs the second-signature registration with the first key only', async () => {
    const keystore = await newVault();
    const wallet = await keystore.importPassphrase({
      network: devnet,
      passphrase: KEY.passphrase,
      secondPassphrase: SECOND,
    });
    const registration: TransactionDraft = {
      type: 1,
      nonce: 1n,
      asset: { signature: { publicKey: SECOND_PUBLIC_KEY } },
    };
    const signed = keystore.signDraft(wallet.id, registration, DEVNET_CTX);
    expect(signed.secondSignature).toBeUndefined();
    expect(signed).toEqual(signTransaction(registration, { passphrase: KEY.passphrase }, DEVNET_CTX));
  });

  it('refuses watch-only wallets, other networks, foreign sender keys and invalid drafts', async () => {
    const keystore = await newVault();
    const watch = await keystore.addWatchOnly({ network: devnet, address: RECIPIENT });
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: KEY.passphrase });
    expect(await codeOf(() => keystore.signDraft(watch.id, transfer, DEVNET_CTX))).toBe('ERR_WATCH_ONLY');
    expect(await codeOf(() => keystore.signMessage(watch.id, 'hello'))).toBe('ERR_WATCH_ONLY');
    expect(await codeOf(() => keystore.signDraft(wallet.id, transfer, MAINNET_CTX))).toBe(
      'ERR_NETWORK_MISMATCH',
    );
    const foreign = { ...transfer, senderPublicKey: keys.keys[2]!.publicKey };
    expect(await codeOf(() => keystore.signDraft(wallet.id, foreign, DEVNET_CTX))).toBe('ERR_INVALID_DRAFT');
    for (const bad of [
      null,
      'transfer',
      { ...transfer, senderPublicKey: 42 },
      { ...transfer, amount: '5' },
    ]) {
      expect(
        await codeOf(() => keystore.signDraft(wallet.id, bad as unknown as TransactionDraft, DEVNET_CTX)),
      ).toBe('ERR_INVALID_DRAFT');
    }
    const longMemo = { ...transfer, vendorField: 'x'.repeat(300) };
    expect(await codeOf(() => keystore.signDraft(wallet.id, longMemo, DEVNET_CTX))).toBe('ERR_INVALID_DRAFT');
    expect(
      await codeOf(() => keystore.signDraft(wallet.id, transfer, DEVNET_CTX, { secondSignature: true })),
    ).toBe('ERR_INVALID_INPUT');
    keystore.lock();
    expect(await codeOf(() => keystore.signDraft(wallet.id, transfer, DEVNET_CTX))).toBe('ERR_LOCKED');
  });
});

describe('signMessage and revealRecoveryPhrase', () => {
  it('signs messages exactly as the protocol library does, from passphrase and WIF wallets', async () => {
    const keystore = await newVault();
    const pass = await keystore.importPassphrase({ network: devnet, passphrase: KEY.passphrase });
    const signed = keystore.signMessage(pass.id, 'I own this address');
    expect(signed).toEqual(signMessageWithPassphrase('I own this address', KEY.passphrase));
    expect(verifySignedMessage(signed).verified).toBe(true);
    await keystore.removeWallet(pass.id, PASSWORD);
    const wif = await keystore.importWif({ network: devnet, wif: KEY.networks.devnet.wif });
    expect(keystore.signMessage(wif.id, 'I own this address')).toEqual(signed);
  });

  it('reveals the phrase only with the password, and never for watch-only wallets', async () => {
    const keystore = await newVault();
    const created = keystore.createMnemonicWallet({ network: devnet });
    const mnemonic = await keystore.confirmWallet(
      created.pendingId,
      created.confirmPositions.map((p) => created.words[p - 1]!),
    );
    const pass = await keystore.importPassphrase({
      network: devnet,
      passphrase: KEY.passphrase,
      secondPassphrase: SECOND,
    });
    const wif = await keystore.importWif({ network: devnet, wif: keys.keys[3]!.networks.devnet.wif });
    const watch = await keystore.addWatchOnly({ network: devnet, address: RECIPIENT });

    expect(await codeOf(() => keystore.revealRecoveryPhrase(mnemonic.id, 'wrong password'))).toBe(
      'ERR_WRONG_PASSWORD',
    );
    expect(await keystore.revealRecoveryPhrase(mnemonic.id, PASSWORD)).toEqual({
      kind: 'mnemonic',
      secret: created.mnemonic,
    });
    expect(await keystore.revealRecoveryPhrase(pass.id, PASSWORD)).toEqual({
      kind: 'passphrase',
      secret: KEY.passphrase,
      secondPassphrase: SECOND,
    });
    expect(await keystore.revealRecoveryPhrase(wif.id, PASSWORD)).toEqual({
      kind: 'wif',
      secret: keys.keys[3]!.networks.devnet.wif,
    });
    expect(await codeOf(() => keystore.revealRecoveryPhrase(watch.id, PASSWORD))).toBe('ERR_WATCH_ONLY');
    // A wrong password here does not lock or otherwise disturb the session.
    expect(keystore.isUnlocked()).toBe(true);
  });
});
