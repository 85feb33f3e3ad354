/**
 * `npm run test:ledger`: Votary's Ledger code against ARK's real Ledger app (v2.3.0) in Ledger's emulator
 * (scripts/ledger/test-ledger.sh builds it once and starts this suite). The journeys a person makes: add accounts,
 * send and vote signed on the device and applied by Votary's node in forged blocks, messages in both ARK forms
 * verified by Votary and by the reference library, a refusal on the device, a timeout, a device unplugged in the
 * middle of signing, and kinds the app cannot sign refused before the device is asked.
 * With LEDGER_RECORD=1 the exchanges are written to tests/fixtures/ledger for the unit tests' replays.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LedgerDevice,
  LedgerError,
  LedgerSigner,
  accountPath,
  discoverAccounts,
  readCustomAccount,
  type AddressUse,
  type DevicePrompt,
} from '../../src/core/ledger';
import { schnorrVerify } from '../../src/core/protocol/crypto';
import { fromHex } from '../../src/core/protocol/hex';
import { verifySignedMessage } from '../../src/core/protocol/message';
import {
  multiSignatureSigningHash,
  prepareTransaction,
  transactionToJson,
  validateTransaction,
  type TransactionDraft,
} from '../../src/core/protocol/transactions';
import { addBlock, createTestChain, openStore, sign, TOKEN } from '../node/support/chain-fixture';
import { FIXTURES, type RecordedExchange, type Recording } from '../support/ledger-apdu';
import { SEED, Speculos } from './speculos';

const RECORD = process.env.LEDGER_RECORD === '1';
const chain = createTestChain();
const ctx = { network: chain.network, height: 2 };
const store = openStore(chain);
const speculos = new Speculos();
const root = HDKey.fromMasterSeed(mnemonicToSeedSync(SEED));
const bip32Key = (path: string) => Buffer.from(root.derive(`m/${path}`).publicKey!).toString('hex');

const lookup = (address: string): Promise<AddressUse> => {
  const wallet = store.state().wallet(address);
  return Promise.resolve({ balance: wallet.balance, used: wallet.balance > 0n || wallet.nonce > 0n });
};

function save(
  name: string,
  note: string,
  exchanges: RecordedExchange[],
  extra: Partial<Recording> = {},
): void {
  if (!RECORD) return;
  const recording: Recording = { name, note, exchanges, ...extra };
  writeFileSync(join(FIXTURES, `${name}.json`), JSON.stringify(recording, null, 2) + '\n');
}

/** The device's screens as label → value, a value paged over "Label: (1/3)"… screens joined back. */
function shownFields(screens: string[][]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [title, value] of screens) {
    if (title === undefined || value === undefined) continue;
    const label = title.replace(/\s*\(\d+\/\d+\)\s*$/, '').replace(/:$/, '');
    const page = /\((\d+)\/\d+\)/.exec(title)?.[1];
    fields[label] = page !== undefined && page !== '1' ? (fields[label] ?? '') + value : value;
  }
  return fields;
}

/** A transport opener that records into `log`. */
const opener = (log?: RecordedExchange[]) => () => speculos.open(log);

async function expectLedgerError(promise: Promise<unknown>, code: string): Promise<LedgerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  expect((error as LedgerError).code, (error as Error).message).toBe(code);
  return error as LedgerError;
}

const PATH0 = accountPath(chain.network, 0);
let account0: { path: string; publicKey: string; address: string };

beforeAll(async () => {
  await speculos.start();
});
afterAll(async () => {
  await speculos.stop();
  store.close();
});

describe('ARK Ledger app v2.3.0 in speculos', () => {
  it('answers its version, and public keys equal to BIP32 derivation of its seed', async () => {
    const log: RecordedExchange[] = [];
    const device = new LedgerDevice(await speculos.open(log));
    try {
      expect(await device.checkApp()).toBe('2.3.0');
      for (const path of ["44'/1'/0'/0/0", "44'/111'/0'/0/0", "44'/1'/3'/0/7"]) {
        expect(await device.publicKey(path)).toBe(bip32Key(path));
      }
    } finally {
      await device.close();
    }
    save('public-keys', "checkApp, then public keys at 44'/1'/0'/0/0, 44'/111'/0'/0/0, 44'/1'/3'/0/7", log);
  });

  it('discovers accounts until the first unused one, and reads a custom path', async () => {
    const fresh = await discoverAccounts(opener(), chain.network, lookup);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ path: PATH0, publicKey: bip32Key(PATH0), used: false, balance: 0n });
    account0 = fresh[0]!;

    // Fund accounts 0 and 1 on the node (a user's transfers in a forged block); discovery then walks to account 2.
    const user = chain.users[0]!;
    const account1 = await readCustomAccount(opener(), chain.network, accountPath(chain.network, 1), lookup);
    addBlock(chain, store, [
      sign(
        chain,
        { type: 0, nonce: 1n, amount: 1_000n * TOKEN, recipientId: account0.address },
        user.passphrase,
      ),
      sign(chain, { type: 0, nonce: 2n, amount: 5n * TOKEN, recipientId: account1.address }, user.passphrase),
    ]);
    const log: RecordedExchange[] = [];
    const accounts = await discoverAccounts(opener(log), chain.network, lookup);
    expect(accounts.map((a) => [a.path, a.balance, a.used])).toEqual([
      ["44'/1'/0'/0/0", 1_000n * TOKEN, true],
      ["44'/1'/1'/0/0", 5n * TOKEN, true],
      ["44'/1'/2'/0/0", 0n, false],
    ]);
    save('discovery', 'discoverAccounts on a test network (coin 1): accounts 0 and 1 used, 2 unused', log);

    const custom = await readCustomAccount(opener(), chain.network, "m/44'/1'/9'/0/4", lookup);
    expect(custom.publicKey).toBe(bip32Key("44'/1'/9'/0/4"));
  });

  /** Signs a draft from account 0 on the device (approving it) and returns it with the device's screens. */
  async function signOnDevice(draft: TransactionDraft, log: RecordedExchange[]) {
    const prompts: DevicePrompt[] = [];
    const signer = new LedgerSigner(opener(log), account0, { onDevicePrompt: (p) => prompts.push(p) });
    const prepared = prepareTransaction({ ...draft, senderPublicKey: account0.publicKey }, ctx);
    const signing = signer.signTransaction(prepared);
    const screens = await speculos.choose('Approve');
    const signed = await signing;
    return { prepared, signed, screens, prompts };
  }

  it('signs a transfer on the device that the node accepts and forges', async () => {
    const log: RecordedExchange[] = [];
    const recipient = chain.users[1]!;
    const before = store.state().wallet(recipient.address).balance;
    const { signed, screens, prompts } = await signOnDevice(
      {
        type: 0,
        nonce: 1n,
        amount: 12n * TOKEN,
        fee: 10_000_000n,
        recipientId: recipient.address,
        vendorField: 'from a Ledger',
      },
      log,
    );
    expect(prompts[0]).toMatchObject({ kind: 'transfer', subject: 'transaction' });
    expect(shownFields(screens)).toMatchObject({
      Operation: 'Transfer',
      Recipient: recipient.address,
      Amount: 'ARK: 12.00000000',
      Fee: 'ARK: 0.10000000',
      VendorField: 'from a Ledger',
    });
    validateTransaction(signed, ctx);
    addBlock(chain, store, [signed]);
    expect(store.state().wallet(recipient.address).balance).toBe(before + 12n * TOKEN);
    expect(store.state().wallet(account0.address).nonce).toBe(1n);
    save('sign-transfer', 'LedgerSigner.signTransaction of a transfer, approved on the device', log, {
      transaction: transactionToJson(signed),
      screens,
    });
  });

  it('signs a vote on the device that the node accepts and forges', async () => {
    const log: RecordedExchange[] = [];
    const delegate = chain.delegates[3]!;
    const { signed, screens } = await signOnDevice(
      { type: 3, nonce: 2n, fee: 100_000_000n, asset: { votes: [`+${delegate.publicKey}`] } },
      log,
    );
    expect(shownFields(screens)).toMatchObject({ Operation: 'Vote', Fee: 'ARK: 1.00000000' });
    expect(screens.flat().join('')).toContain(delegate.publicKey.slice(0, 12));
    validateTransaction(signed, ctx);
    addBlock(chain, store, [signed]);
    expect(store.state().wallet(account0.address).vote).toBe(delegate.publicKey);
    save('sign-vote', 'LedgerSigner.signTransaction of a vote, approved on the device', log, {
      transaction: transactionToJson(signed),
      screens,
    });
  });

  it('signs as a multisignature participant: the bytes without any signature, verified by Votary', async () => {
    const log: RecordedExchange[] = [];
    const other = chain.users[3]!;
    const publicKeys = [other.publicKey, account0.publicKey];
    const tx = prepareTransaction(
      {
        type: 0,
        nonce: 1n,
        amount: 3n * TOKEN,
        recipientId: chain.users[1]!.address,
        senderPublicKey: other.publicKey,
      },
      ctx,
    );
    const signer = new LedgerSigner(opener(log), account0);
    const signing = signer.signParticipant(tx, 1, publicKeys);
    const screens = await speculos.choose('Approve');
    const signed = await signing;
    const entry = signed.signatures![0]!;
    expect(entry.slice(0, 2)).toBe('01');
    expect(
      schnorrVerify(multiSignatureSigningHash(tx), fromHex(entry.slice(2)), fromHex(account0.publicKey)),
    ).toBe(true);
    save(
      'sign-participant',
      'LedgerSigner.signParticipant as participant 1 of 2, approved on the device',
      log,
      {
        transaction: transactionToJson(tx),
        screens,
        document: { publicKeys, signatures: signed.signatures },
      },
    );
  });

  it('signs messages in both ARK forms, verified by Votary and by @arkecosystem/crypto', async () => {
    const { Crypto } = createRequire(import.meta.url)('@arkecosystem/crypto') as {
      Crypto: {
        Message: { verify(m: { message: string; publicKey: string; signature: string }): boolean };
        Hash: { verifySchnorr(hash: Buffer, signature: string, publicKey: string): boolean };
        HashAlgorithms: { sha256(m: string): Buffer };
      };
    };
    const message = 'I own this address: signed on a Ledger';
    for (const format of ['core3', 'arkvault'] as const) {
      const log: RecordedExchange[] = [];
      const signer = new LedgerSigner(opener(log), account0);
      const signing = signer.signMessage(message, format);
      const screens = await speculos.choose('Approve');
      const document = await signing;
      const verdict = verifySignedMessage(document, chain.network.network.pubKeyHash);
      expect(verdict.verified).toBe(true);
      expect(verdict.address).toBe(account0.address);
      if ('publicKey' in document) {
        expect(Crypto.Message.verify(document)).toBe(true);
      } else {
        expect(
          Crypto.Hash.verifySchnorr(
            Crypto.HashAlgorithms.sha256(message),
            document.signature,
            document.signatory,
          ),
        ).toBe(true);
      }
      save(`message-${format}`, `LedgerSigner.signMessage(…, '${format}') approved on the device`, log, {
        message,
        document,
        screens,
      });
    }
  });

  /** A transfer from account 0 that the device never signs (refused on it, or cut off while it is shown). */
  const transferNeverSigned = () =>
    prepareTransaction(
      {
        type: 0,
        nonce: 3n,
        amount: TOKEN,
        recipientId: chain.users[2]!.address,
        senderPublicKey: account0.publicKey,
      },
      ctx,
    );

  it('a refusal on the device is ERR_LEDGER_REJECTED and nothing is signed', async () => {
    const log: RecordedExchange[] = [];
    const signer = new LedgerSigner(opener(log), account0);
    const prepared = transferNeverSigned();
    const signing = expectLedgerError(signer.signTransaction(prepared), 'ERR_LEDGER_REJECTED');
    await speculos.choose('Reject');
    await signing;
    save('reject', 'a transfer rejected on the device (status 6985)', log, {
      transaction: transactionToJson(prepared),
    });
  });

  it('kinds the app cannot sign are refused before the device is asked', async () => {
    const log: RecordedExchange[] = [];
    const signer = new LedgerSigner(opener(log), account0);
    const delegate = prepareTransaction(
      {
        type: 2,
        nonce: 3n,
        asset: { delegate: { username: 'ledgerdelegate' } },
        senderPublicKey: account0.publicKey,
      },
      ctx,
    );
    await expectLedgerError(signer.signTransaction(delegate), 'ERR_LEDGER_UNSUPPORTED');
    await expectLedgerError(signer.signMessage('café', 'core3'), 'ERR_LEDGER_UNSUPPORTED');
    expect(log).toEqual([]);
  });

  it('a device that does not answer in time is ERR_LEDGER_TIMEOUT', async () => {
    const signer = new LedgerSigner(opener(), account0, { timeouts: { quickMs: 5000, approvalMs: 1500 } });
    await expectLedgerError(signer.signMessage('nobody presses a button', 'arkvault'), 'ERR_LEDGER_TIMEOUT');
    // The review is still on the device's screen: clear it as a person would.
    await speculos.choose('Reject');
  });

  it('a device unplugged in the middle of signing is ERR_LEDGER_DISCONNECTED, then works again', async () => {
    const log: RecordedExchange[] = [];
    const signer = new LedgerSigner(opener(log), account0);
    const prepared = transferNeverSigned();
    const signing = expectLedgerError(signer.signTransaction(prepared), 'ERR_LEDGER_DISCONNECTED');
    for (let i = 0; i < 40 && !(await speculos.screen()).some((t) => /Transfer|Recipient/.test(t)); i++) {
      await new Promise((r) => setTimeout(r, 150));
    }
    await speculos.stop();
    await signing;
    save('disconnect', 'a transfer whose device went away while it was on the review', log, {
      transaction: transactionToJson(prepared),
    });
    await speculos.start();
    const device = new LedgerDevice(await speculos.open());
    expect(await device.checkApp()).toBe('2.3.0');
    await device.close();
  });

  it('no device at all is ERR_LEDGER_NOT_CONNECTED', async () => {
    await speculos.stop();
    const signer = new LedgerSigner(opener(), account0);
    await expectLedgerError(signer.signMessage('hello', 'core3'), 'ERR_LEDGER_NOT_CONNECTED');
    await speculos.start();
  });
});
