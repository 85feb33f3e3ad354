/**
 * The rules around the device that need no recording: status words and transport failures in words, the paths ARK's
 * app takes (the same bytes as ARK's client), the kinds its v2.3.0 source signs, the USB module's absence, and the
 * deadline on a device that never answers.
 */
import { Bip44Path } from '@arkecosystem/ledger-transport/dist/bip44';
import { describe, expect, it } from 'vitest';
import {
  LedgerDevice,
  LedgerError,
  accountPath,
  checkDeviceCanSign,
  checkDeviceCanSignMessage,
  checkPath,
  pathBytes,
  statusWordError,
  toLedgerError,
  parseSpeculosAddress,
  speculosTransport,
  usbTransport,
  type ApduTransport,
} from '../../../../src/core/ledger';
import { devnet, mainnet, testnet } from '../../../../src/core/protocol/networks';
import {
  prepareTransaction,
  signingBytes,
  type TransactionDraft,
} from '../../../../src/core/protocol/transactions';
import { createTestChain } from '../../../node/support/chain-fixture';

const chain = createTestChain();
const ctx = { network: chain.network, height: 2 };
const sender = chain.users[0]!;

function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof LedgerError ? error.code : `not a LedgerError: ${String(error)}`;
  }
  return undefined;
}

describe('device states in words', () => {
  it.each([
    [0x6985, 'ERR_LEDGER_REJECTED'],
    [0x6982, 'ERR_LEDGER_LOCKED'],
    [0x5515, 'ERR_LEDGER_LOCKED'],
    [0x6e00, 'ERR_LEDGER_WRONG_APP'],
    [0x6d00, 'ERR_LEDGER_WRONG_APP'],
    [0x6e01, 'ERR_LEDGER_WRONG_APP'],
    [0x6511, 'ERR_LEDGER_WRONG_APP'],
    [0x6a80, 'ERR_LEDGER_INVALID_DATA'],
    [0x6b00, 'ERR_LEDGER_INVALID_DATA'],
    [0x6f00, 'ERR_LEDGER_DEVICE'],
  ])('status %s is %s with a sentence', (sw, expected) => {
    const error = statusWordError(sw);
    expect(error.code).toBe(expected);
    expect(error.message).toMatch(/^[A-Z].+\.$/);
  });

  it('reads transport errors by name and fields (several @ledgerhq/errors copies may be loaded)', () => {
    const named = (name: string, extra: object = {}) => Object.assign(new Error('x'), { name }, extra);
    expect(toLedgerError(named('TransportStatusError', { statusCode: 0x6985 })).code).toBe(
      'ERR_LEDGER_REJECTED',
    );
    expect(toLedgerError(named('DisconnectedDeviceDuringOperation')).code).toBe('ERR_LEDGER_DISCONNECTED');
    expect(toLedgerError(named('Error', { code: 'ECONNRESET' })).code).toBe('ERR_LEDGER_DISCONNECTED');
    expect(toLedgerError(named('TransportRaceCondition')).code).toBe('ERR_LEDGER_BUSY');
    expect(toLedgerError(named('Error', { code: 'ECONNREFUSED' })).code).toBe('ERR_LEDGER_NOT_CONNECTED');
    expect(toLedgerError(named('MessageAsciiError')).code).toBe('ERR_LEDGER_UNSUPPORTED');
    expect(toLedgerError('odd').code).toBe('ERR_LEDGER_DEVICE');
  });
});

describe('paths', () => {
  it('uses coin 111 on ARK mainnet and 1 on devnet, testnet and other networks', () => {
    expect(accountPath(mainnet, 2)).toBe("44'/111'/2'/0/0");
    expect(accountPath(devnet, 0)).toBe("44'/1'/0'/0/0");
    expect(accountPath(testnet, 5)).toBe("44'/1'/5'/0/0");
    expect(accountPath(chain.network, 1)).toBe("44'/1'/1'/0/0");
  });

  it('encodes a path as ARK’s client does', () => {
    for (const path of ["44'/111'/0'/0/0", "44'/1'/7'/1/12", "44'/1'/3'"]) {
      expect(pathBytes(path).toString('hex')).toBe(Bip44Path.fromString(path).toBytes().toString('hex'));
    }
    expect(checkPath("m/44'/1'/0'/0/0")).toBe("44'/1'/0'/0/0");
  });

  it.each(["44'/1'/0'/0", "45'/1'/0'/0/0", "44'/1'/0'/0/0/0", "44'/1'/4294967296'/0/0", 'abc', ''])(
    'refuses %j with ERR_LEDGER_INVALID_PATH',
    (path) => expect(code(() => checkPath(path))).toBe('ERR_LEDGER_INVALID_PATH'),
  );
});

describe('what ARK’s app v2.3.0 signs', () => {
  const check = (draft: TransactionDraft, extra: { hasSecondPublicKey?: boolean } = {}) => {
    const tx = prepareTransaction({ ...draft, senderPublicKey: sender.publicKey }, ctx);
    return checkDeviceCanSign(tx, signingBytes(tx), extra);
  };
  const lock = {
    amount: 1n,
    recipientId: chain.users[1]!.address,
    asset: { lock: { secretHash: 'ab'.repeat(32), expiration: { type: 2 as const, value: 100 } } },
  };

  it.each([
    ['transfer', { type: 0, nonce: 1n, amount: 1n, recipientId: chain.users[1]!.address }],
    ['vote', { type: 3, nonce: 1n, asset: { votes: [`+${chain.delegates[0]!.publicKey}`] } }],
    ['IPFS', { type: 5, nonce: 1n, asset: { ipfs: 'QmR45FmbVVrixReBwJkhEKde2qwHYaQzGxu4ZoDeswuF9w' } }],
    ['HTLC lock', { type: 8, nonce: 1n, ...lock }],
    [
      'HTLC claim',
      {
        type: 9,
        nonce: 1n,
        asset: { claim: { lockTransactionId: 'cd'.repeat(32), unlockSecret: 'ef'.repeat(32) } },
      },
    ],
    ['HTLC refund', { type: 10, nonce: 1n, asset: { refund: { lockTransactionId: 'cd'.repeat(32) } } }],
  ] as [string, TransactionDraft][])('signs a %s', (kind, draft) => {
    expect(check(draft).kind).toBe(kind);
  });

  it.each([
    [
      'second signature',
      { type: 1, nonce: 1n, asset: { signature: { publicKey: chain.users[1]!.publicKey } } },
    ],
    ['delegate registration', { type: 2, nonce: 1n, asset: { delegate: { username: 'someone' } } }],
    [
      'multipayment',
      {
        type: 6,
        nonce: 1n,
        asset: {
          payments: [
            { amount: 1n, recipientId: chain.users[1]!.address },
            { amount: 1n, recipientId: chain.users[2]!.address },
          ],
        },
      },
    ],
    ['delegate resignation', { type: 7, nonce: 1n }],
    [
      'multisignature registration',
      {
        type: 4,
        nonce: 1n,
        asset: { multiSignature: { min: 1, publicKeys: [sender.publicKey, chain.users[1]!.publicKey] } },
      },
    ],
    [
      'Magistrate transaction',
      {
        typeGroup: 2,
        type: 6,
        nonce: 1n,
        asset: { type: 0, subType: 0, action: 0, data: { name: 'business' } },
      },
    ],
    [
      'memo with non-ASCII text',
      { type: 0, nonce: 1n, amount: 1n, recipientId: chain.users[1]!.address, vendorField: 'café' },
    ],
    [
      'memo with a line break',
      { type: 0, nonce: 1n, amount: 1n, recipientId: chain.users[1]!.address, vendorField: 'a\nb' },
    ],
  ] as [string, TransactionDraft][])('refuses a %s before the review', (_kind, draft) => {
    expect(code(() => check(draft))).toBe('ERR_LEDGER_UNSUPPORTED');
  });

  it('refuses a sender with a second passphrase registered on chain', () => {
    const transfer = { type: 0, nonce: 1n, amount: 1n, recipientId: chain.users[1]!.address };
    expect(code(() => check(transfer, { hasSecondPublicKey: true }))).toBe('ERR_LEDGER_UNSUPPORTED');
  });

  it('refuses a transaction longer than the Nano S takes (704 bytes)', () => {
    const tx = prepareTransaction(
      {
        type: 0,
        nonce: 1n,
        amount: 1n,
        recipientId: chain.users[1]!.address,
        senderPublicKey: sender.publicKey,
      },
      ctx,
    );
    expect(code(() => checkDeviceCanSign(tx, new Uint8Array(705)))).toBe('ERR_LEDGER_UNSUPPORTED');
  });

  it('refuses messages the device cannot show', () => {
    expect(code(() => checkDeviceCanSignMessage('plain text'))).toBeUndefined();
    expect(code(() => checkDeviceCanSignMessage('naïve'))).toBe('ERR_LEDGER_UNSUPPORTED');
    expect(code(() => checkDeviceCanSignMessage('two\nlines'))).toBe('ERR_LEDGER_UNSUPPORTED');
    expect(code(() => checkDeviceCanSignMessage('x'.repeat(256)))).toBe('ERR_LEDGER_UNSUPPORTED');
    expect(code(() => checkDeviceCanSignMessage(''))).toBe('ERR_LEDGER_UNSUPPORTED');
  });
});

describe('transports', () => {
  it('says why when the USB module cannot load', async () => {
    const open = usbTransport(() => Promise.reject(new Error('Cannot find module node-hid')));
    const error = await open().then(
      () => undefined,
      (e: unknown) => e as LedgerError,
    );
    expect(error?.code).toBe('ERR_LEDGER_USB_UNAVAILABLE');
    expect(error?.message).toContain('Cannot find module node-hid');
  });

  it('no device on USB is ERR_LEDGER_NOT_CONNECTED', async () => {
    const open = usbTransport(() =>
      Promise.resolve({ default: { open: () => Promise.reject(new Error('NoDevice')) } }),
    );
    await expect(open()).rejects.toMatchObject({ code: 'ERR_LEDGER_NOT_CONNECTED' });
  });

  it('reaches the emulator only on loopback, and says so when nothing answers there', async () => {
    expect(parseSpeculosAddress('127.0.0.1:24011')).toEqual({ host: '127.0.0.1', port: 24011 });
    expect(parseSpeculosAddress('[::1]:9999')).toEqual({ host: '::1', port: 9999 });
    for (const bad of [
      '10.0.0.5:24011',
      'example.com:24011',
      '127.0.0.1',
      '127.0.0.1:0',
      '127.0.0.1:70000',
    ]) {
      expect(() => parseSpeculosAddress(bad), bad).toThrow(/loopback address/);
    }
    let asked: unknown;
    const open = speculosTransport('127.0.0.1:24011', () =>
      Promise.resolve({
        default: {
          open: (options: unknown) => {
            asked = options;
            return Promise.reject(new Error('connect ECONNREFUSED'));
          },
        },
      }),
    );
    await expect(open()).rejects.toMatchObject({ code: 'ERR_LEDGER_NOT_CONNECTED' });
    expect(asked).toEqual({ apduPort: 24011, host: '127.0.0.1' });
  });

  it('a device that never answers is ERR_LEDGER_TIMEOUT, and its transport is closed', async () => {
    let closed = false;
    const silent: ApduTransport = {
      send: () => new Promise<Buffer>(() => undefined),
      close: () => {
        closed = true;
        return Promise.resolve();
      },
      decorateAppAPIMethods: () => undefined,
    };
    const device = new LedgerDevice(silent, { quickMs: 50, approvalMs: 50 });
    await expect(device.version()).rejects.toMatchObject({ code: 'ERR_LEDGER_TIMEOUT' });
    expect(closed).toBe(true);
    await expect(device.version()).rejects.toMatchObject({ code: 'ERR_LEDGER_DISCONNECTED' });
  });
});
