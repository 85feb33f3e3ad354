/**
 * The hardware signer against exchanges recorded from ARK's real Ledger app in speculos (tests/ledger records them
 * into tests/fixtures/ledger): the APDUs Votary sends must be the recorded ones byte for byte, and what it does
 * with each answer (a signature, a refusal, a disconnect) is checked.
 */
import { describe, expect, it } from 'vitest';
import {
  LedgerError,
  LedgerSigner,
  discoverAccounts,
  ledgerParticipantSigner,
  ledgerSenderSigner,
  type AddressUse,
  type DevicePrompt,
} from '../../../../src/core/ledger';
import { addressFromPublicKey } from '../../../../src/core/protocol/crypto';
import { verifySignedMessage } from '../../../../src/core/protocol/message';
import {
  draftFromJson,
  hashBytes,
  prepareTransaction,
  signingBytes,
  transactionFromJson,
  type TransactionData,
} from '../../../../src/core/protocol/transactions';
import { createTestChain } from '../../../node/support/chain-fixture';
import { loadRecording, ReplayTransport, type Recording } from '../../../support/ledger-apdu';

const chain = createTestChain();
const ctx = { network: chain.network, height: 2 };
const PATH = "44'/1'/0'/0/0";
const PUBLIC_KEY = '035a6f28253f35e2ff1ab0b086b8c87f731159661157e5be2ca98188369625dc32';
const account = { path: PATH, publicKey: PUBLIC_KEY };

function replay(recording: Recording | string): ReplayTransport {
  const r = typeof recording === 'string' ? loadRecording(recording) : recording;
  return new ReplayTransport(r.exchanges);
}

/** The transaction of a recording, signed, and the same without its signature and id (what was prepared). */
function recordedTransaction(name: string): { signed: TransactionData; prepared: TransactionData } {
  const signed = transactionFromJson(loadRecording(name).transaction, ctx);
  const { signature: _s, id: _i, ...prepared } = signed;
  return { signed, prepared };
}

async function failure(promise: Promise<unknown>): Promise<LedgerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return error as LedgerError;
}

describe('LedgerSigner with recorded exchanges', () => {
  it.each(['sign-transfer', 'sign-vote'])(
    '%s: sends the reviewed bytes and returns the device-signed transaction',
    async (name) => {
      const { signed, prepared } = recordedTransaction(name);
      const transport = replay(name);
      const prompts: DevicePrompt[] = [];
      const signer = new LedgerSigner(() => Promise.resolve(transport), account, {
        onDevicePrompt: (p) => prompts.push(p),
      });
      expect(await signer.signTransaction(prepared)).toEqual(signed);
      expect(transport.done).toBe(true);
      expect(transport.closed).toBe(true);
      expect(prompts).toHaveLength(1);
      expect(prompts[0]!.kind).toBe(name === 'sign-transfer' ? 'transfer' : 'vote');
    },
  );

  it('refuses a device signature that does not verify, and says nothing was sent', async () => {
    const recording = loadRecording('sign-transfer');
    const last = recording.exchanges[2]!;
    const answer = Buffer.from(last.answer!, 'hex');
    answer[10]! ^= 1;
    const tampered = {
      ...recording,
      exchanges: [...recording.exchanges.slice(0, 2), { ...last, answer: answer.toString('hex') }],
    };
    const transport = replay(tampered);
    const signer = new LedgerSigner(() => Promise.resolve(transport), account);
    const error = await failure(signer.signTransaction(recordedTransaction('sign-transfer').prepared));
    expect(error.code).toBe('ERR_LEDGER_BAD_SIGNATURE');
    expect(transport.closed).toBe(true);
  });

  it('sends nothing when the bytes are not the reviewed transaction’s', async () => {
    const { prepared } = recordedTransaction('sign-transfer');
    const transport = replay('sign-transfer');
    const signer = new LedgerSigner(() => Promise.resolve(transport), account);
    const other = signingBytes({ ...prepared, amount: prepared.amount + 1n });
    const error = await failure(signer.signTransactionBytes(prepared, other));
    expect(error.code).toBe('ERR_LEDGER_INVALID_DATA');
    expect(transport.sent).toEqual([]);
  });

  it('a refusal on the device (6985) is ERR_LEDGER_REJECTED', async () => {
    const transport = replay('reject');
    const signer = new LedgerSigner(() => Promise.resolve(transport), account);
    const prepared = prepareTransaction(draftFromJson(loadRecording('reject').transaction, ctx), ctx);
    const error = await failure(signer.signTransaction(prepared));
    expect(error.code).toBe('ERR_LEDGER_REJECTED');
    expect(error.message).toMatch(/rejected/);
    expect(transport.done && transport.closed).toBe(true);
  });

  it('a device that goes away during signing is ERR_LEDGER_DISCONNECTED', async () => {
    const transport = replay('disconnect');
    const signer = new LedgerSigner(() => Promise.resolve(transport), account);
    const prepared = prepareTransaction(draftFromJson(loadRecording('disconnect').transaction, ctx), ctx);
    const error = await failure(signer.signTransaction(prepared));
    expect(error.code).toBe('ERR_LEDGER_DISCONNECTED');
    expect(transport.done).toBe(true);
  });

  it('a device holding another key is ERR_LEDGER_WRONG_KEY before anything is signed', async () => {
    const transport = replay('sign-transfer');
    const other = { path: PATH, publicKey: chain.users[0]!.publicKey };
    const signer = new LedgerSigner(() => Promise.resolve(transport), other);
    const { prepared } = recordedTransaction('sign-transfer');
    const error = await failure(signer.signTransaction({ ...prepared, senderPublicKey: other.publicKey }));
    expect(error.code).toBe('ERR_LEDGER_WRONG_KEY');
    expect(transport.sent).toHaveLength(2); // version, public key: no signing request
  });

  it('an ARK app older than 2.3.0 is ERR_LEDGER_APP_TOO_OLD', async () => {
    // The recorded version exchange with the answer an app 2.2.0 gives (flags, major, minor, patch, 9000).
    const transport = new ReplayTransport([{ send: 'e006000000', answer: '000202009000' }]);
    const signer = new LedgerSigner(() => Promise.resolve(transport), account);
    const error = await failure(signer.signMessage('hello', 'core3'));
    expect(error.code).toBe('ERR_LEDGER_APP_TOO_OLD');
    expect(error.message).toContain('2.2.0');
  });

  it.each(['core3', 'arkvault'] as const)('signs a %s message that verifies', async (format) => {
    const recording = loadRecording(`message-${format}`);
    const transport = replay(recording);
    const signer = new LedgerSigner(() => Promise.resolve(transport), account);
    const document = await signer.signMessage(recording.message!, format);
    expect(document).toEqual(recording.document);
    expect(verifySignedMessage(document).verified).toBe(true);
    expect(transport.done).toBe(true);
  });
});

describe('the device as a signer of the prepared-transaction flow', () => {
  it('answers a sender’s signature over exactly the handed bytes', async () => {
    const { signed, prepared } = recordedTransaction('sign-transfer');
    const ledger = new LedgerSigner(() => Promise.resolve(replay('sign-transfer')), account);
    const signer = ledgerSenderSigner(ledger, 'Nano');
    expect(await signer.sign({ transaction: prepared, bytes: signingBytes(prepared) })).toEqual({
      signature: signed.signature,
    });
  });

  it('answers a participant’s hex2(index) ‖ signature over the bytes without any signature', async () => {
    const recording = loadRecording('sign-participant');
    const transaction = prepareTransaction(draftFromJson(recording.transaction, ctx), ctx);
    const { publicKeys, signatures } = recording.document as { publicKeys: string[]; signatures: string[] };
    const ledger = new LedgerSigner(() => Promise.resolve(replay(recording)), account);
    const signer = ledgerParticipantSigner(ledger, 'participant 2 (Nano)', 1, publicKeys);
    const bytes = hashBytes(transaction, {
      excludeSignature: true,
      excludeSecondSignature: true,
      excludeMultiSignatures: true,
    });
    expect(await signer.sign({ transaction, bytes })).toEqual({ participant: signatures[0] });
    await expect(
      signer.sign({ transaction, bytes: signingBytes({ ...transaction, fee: 1n }) }),
    ).rejects.toMatchObject({
      code: 'ERR_LEDGER_INVALID_DATA',
    });
  });
});

describe('discoverAccounts with recorded exchanges', () => {
  it('reads accounts 0, 1, 2… and stops at the first unused one', async () => {
    const transport = replay('discovery');
    const balances = new Map<string, bigint>();
    const key = (n: number) => loadRecording('discovery').exchanges[1 + n]!.answer!.slice(2, 68);
    balances.set(addressFromPublicKey(key(0), 30), 1_000n);
    balances.set(addressFromPublicKey(key(1), 30), 5n);
    const lookup = (address: string): Promise<AddressUse> =>
      Promise.resolve({ balance: balances.get(address) ?? 0n, used: balances.has(address) });
    const accounts = await discoverAccounts(() => Promise.resolve(transport), chain.network, lookup);
    expect(accounts.map((a) => [a.path, a.balance, a.used])).toEqual([
      ["44'/1'/0'/0/0", 1_000n, true],
      ["44'/1'/1'/0/0", 5n, true],
      ["44'/1'/2'/0/0", 0n, false],
    ]);
    expect(accounts[0]!.publicKey).toBe(PUBLIC_KEY);
    expect(transport.done && transport.closed).toBe(true);
  });
});
