/**
 * messages:sign and messages:verify through AppCore's one dispatcher (real vault, real localnet), and the password
 * gate of signing with a real Keystore on a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { signMessageWithPassphrase, verifySignedMessage } from '../../src/core/protocol/message';
import { devnet } from '../../src/core/protocol/networks';
import type { AppCore } from '../../src/core/services';
import { messageHandlers, type MessageDeps } from '../../src/core/services/messages/handlers';
import { openKeystore, PASSWORD as KEYSTORE_PASSWORD, tempDataDir } from '../keystore/support';
import { call, openCore, PASSWORD, refusal, removeDir, tempDir } from './support';

const PASSPHRASE = 'message test passphrase with several words';
const LOCALNET_PUBKEYHASH = 30;

describe('message channels', () => {
  let dir: string;
  let core: AppCore;
  let walletId: string;
  let watchId: string;

  beforeAll(async () => {
    dir = tempDir();
    core = await openCore(dir);
    await call(core, 'vault:create', { password: PASSWORD });
    walletId = (await call(core, 'wallets:import-passphrase', { passphrase: PASSPHRASE })).id;
    watchId = (await call(core, 'wallets:add-watch-only', { address: 'DLDTrQETUSKXRnFhScPYS7p9z7D7KfJzY4' }))
      .id;
  });
  afterAll(async () => {
    await core.close();
    removeDir(dir);
  });

  const failure = (channel: 'messages:sign' | 'messages:verify', payload: unknown) =>
    refusal(core, channel, payload);

  it('signs in ARK Core 3’s form by default: the bytes Message.sign gives for the passphrase', async () => {
    const signed = await call(core, 'messages:sign', { walletId, message: 'I own this address' });
    const expected = signMessageWithPassphrase('I own this address', PASSPHRASE);
    expect(JSON.parse(signed.text)).toEqual(expected);
    expect(Object.keys(JSON.parse(signed.text) as object)).toEqual(['publicKey', 'signature', 'message']);
    expect(signed).toMatchObject({
      format: 'core3',
      publicKey: expected.publicKey,
      signature: expected.signature,
      address: addressFromPassphrase(PASSPHRASE, LOCALNET_PUBKEYHASH),
    });
  });

  it('signs in ArkVault’s form on request, and verify reads it back with the signer’s address', async () => {
    const signed = await call(core, 'messages:sign', { walletId, message: 'ünïcode ✓', format: 'arkvault' });
    const document = JSON.parse(signed.text) as Record<string, string>;
    expect(Object.keys(document)).toEqual(['message', 'signatory', 'signature']);
    expect(document).toEqual(signMessageWithPassphrase('ünïcode ✓', PASSPHRASE, 'arkvault'));
    const verdict = await call(core, 'messages:verify', { signed: signed.text });
    expect(verdict).toEqual({
      verified: true,
      format: 'arkvault',
      scheme: 'schnorr',
      message: 'ünïcode ✓',
      publicKey: document['signatory'],
      address: addressFromPassphrase(PASSPHRASE, LOCALNET_PUBKEYHASH),
    });
  });

  it('verifies without the vault: a locked vault still verifies', async () => {
    const signed = signMessageWithPassphrase('hello', 'someone else entirely');
    await call(core, 'vault:lock');
    try {
      const verdict = await call(core, 'messages:verify', { signed: JSON.stringify(signed) });
      expect(verdict.verified).toBe(true);
      expect((await failure('messages:sign', { walletId, message: 'x' })).code).toBe('ERR_LOCKED');
    } finally {
      await call(core, 'vault:unlock', { password: PASSWORD });
    }
  });

  it('says a changed message does not verify, and why', async () => {
    const signed = signMessageWithPassphrase('pay 10', PASSPHRASE);
    const verdict = await call(core, 'messages:verify', {
      signed: JSON.stringify({ ...signed, message: 'pay 100' }),
    });
    expect(verdict.verified).toBe(false);
    expect(verdict.reason).toBe('the signature does not match this message and public key');
  });

  it.each([
    ['text that is not JSON', '{"publicKey": ', 'ERR_JSON', /not JSON/],
    ['JSON without a signer', '{"message":"x","signature":"00"}', 'ERR_JSON', /names no signer/],
    ['a bad key', '{"publicKey":"02ab","signature":"00","message":"x"}', 'ERR_KEY', /"publicKey"/],
  ])('refuses %s with a typed error', async (_, signed, code, words) => {
    const error = await failure('messages:verify', { signed });
    expect(error.code).toBe(code);
    expect(error.message).toMatch(words);
  });

  it('refuses a watch-only wallet, an unknown format and an over-long message', async () => {
    expect((await failure('messages:sign', { walletId: watchId, message: 'x' })).code).toBe('ERR_WATCH_ONLY');
    expect((await failure('messages:sign', { walletId, message: 'x', format: 'bip322' })).code).toBe(
      'ERR_INVALID_REQUEST',
    );
    expect((await failure('messages:sign', { walletId, message: 'x'.repeat(20_001) })).code).toBe(
      'ERR_INVALID_REQUEST',
    );
  });
});

describe('messages:sign and the vault password', () => {
  it('asks for the password once it was last entered longer ago than the Signing setting', async () => {
    let clock = 1_000_000;
    const keystore = openKeystore(tempDataDir(), { now: () => clock });
    await keystore.create(KEYSTORE_PASSWORD);
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: PASSPHRASE });
    const services = {
      keystore,
      settings: { get: () => ({ signPasswordAfterMs: 60_000 }) },
      networks: { active: () => ({ pubKeyHash: devnet.network.pubKeyHash }) },
    } as unknown as MessageDeps;
    const sign = messageHandlers(services)['messages:sign'];
    const request = { walletId: wallet.id, message: 'hello', format: 'core3' as const };

    expect((await sign(request)).format).toBe('core3');
    clock += 61_000;
    await expect(sign(request)).rejects.toMatchObject({ code: 'ERR_PASSWORD_REQUIRED' });
    await expect(sign({ ...request, password: 'not the password' })).rejects.toMatchObject({
      code: 'ERR_WRONG_PASSWORD',
    });
    const signed = await sign({ ...request, password: KEYSTORE_PASSWORD });
    expect(verifySignedMessage(JSON.parse(signed.text)).verified).toBe(true);
    // Proven again just now: the next signature needs no password.
    expect((await sign(request)).text).toBe(signed.text);
  });
});
