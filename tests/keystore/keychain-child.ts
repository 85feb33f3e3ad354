/**
 * Child process of keychain-real.test.ts, run inside `dbus-run-session` with an unlocked gnome-keyring. Each
 * step is its own process, so the keychain entry is proven to outlive the process that wrote it. Prints one
 * JSON line: what the step observed.
 *
 *   node keychain-child.mjs enable  <dataDir>   create a vault, import a wallet, enable device unlock
 *   node keychain-child.mjs unlock  <dataDir>   unlock without the password, list and sign
 *   node keychain-child.mjs disable <dataDir>   disable device unlock; the keychain entry is gone
 */
import { isKeystoreError, Keystore, keytarKeychain } from '../../src/core/keystore';
import { devnet } from '../../src/core/protocol/networks';
import { verifyTransaction } from '../../src/core/protocol/transactions';

const PROFILE = 'keychain-test';
const PASSWORD = 'keychain test password';
const PASSPHRASE = 'keychain test wallet passphrase';
const ctx = { network: devnet, height: 6_000_000 };

const [step, dataDir] = process.argv.slice(2);
if (dataDir === undefined) throw new Error('usage: keychain-child <enable|unlock|disable> <dataDir>');
const keychain = keytarKeychain();
const keystore = new Keystore({ dataDir, profile: PROFILE, keychain, scrypt: { N: 1024, r: 8, p: 1 } });

async function run(): Promise<Record<string, unknown>> {
  const status = await keystore.keychainStatus();
  if (!status.available) return { step, status };
  if (step === 'enable') {
    await keystore.create(PASSWORD);
    const wallet = await keystore.importPassphrase({ network: devnet, passphrase: PASSPHRASE });
    await keystore.enableDeviceUnlock();
    keystore.lock();
    return {
      step,
      status,
      address: wallet.address,
      enabled: await keystore.deviceUnlockEnabled(),
      entry: (await keychain.getSecret(PROFILE)) !== null,
    };
  }
  if (step === 'unlock') {
    await keystore.unlockWithDevice();
    const [wallet] = keystore.listWallets();
    const signed = keystore.signDraft(wallet!.id, { type: 0, amount: 1n, recipientId: wallet!.address }, ctx);
    return { step, status, address: wallet?.address, verified: verifyTransaction(signed, ctx).verified };
  }
  if (step === 'disable') {
    await keystore.disableDeviceUnlock();
    let unlockAfter = 'resolved';
    try {
      await keystore.unlockWithDevice();
    } catch (error) {
      unlockAfter = isKeystoreError(error) ? error.code : String(error);
    }
    await keystore.unlock(PASSWORD);
    return {
      step,
      status,
      enabled: await keystore.deviceUnlockEnabled(),
      entry: (await keychain.getSecret(PROFILE)) !== null,
      unlockAfter,
      wallets: keystore.listWallets().length,
    };
  }
  throw new Error(`unknown step ${String(step)}`);
}

process.stdout.write(`${JSON.stringify(await run())}\n`);
