/**
 * The journeys a person makes with a Ledger, through the app's own channels on an AppCore with its embedded localnet
 * (on a fake clock: each block forged when the journey needs it): the device's state, accounts discovered with
 * their balances, one added as a wallet, a transfer and a vote signed on the device and forged, messages in both
 * forms, kinds the app cannot sign refused before the review, a refusal on the device and a device unplugged while
 * it shows the review — each leaving nothing pending and the same review signable — then that review signed.
 *
 * Run against ARK's app in speculos (tests/ledger/app-services.ledger.ts, which records every connection into
 * tests/fixtures/ledger/app-journey.json) and against that recording (tests/services/ledger-wallets.test.ts): the
 * device answers are the real app's, and the APDUs the core sends must equal the recorded ones byte for byte.
 */
import { expect } from 'vitest';
import type { AppCore } from '../../src/core/services';
import { verifySignedMessage, type SignedMessageDocument } from '../../src/core/protocol/message';
import type { LedgerPromptEvent } from '../../src/shared/domain/ledger';
import type { DraftInput } from '../../src/shared/domain/transactions';
import { call, refusal, type CoreClock } from '../services/support';

/** What the journey asks of the device while the core waits on it (speculos presses buttons; a replay does nothing). */
export interface JourneyDevice {
  /** The review is on the device: walk it and choose. */
  choose(label: 'Approve' | 'Reject'): Promise<void>;
  /** The device goes away while it shows the review. */
  unplugWhileShowing(): Promise<void>;
  /** The device is back (the ARK app open again). */
  plugIn(): Promise<void>;
}

const VTY = 100_000_000n;
/** Recipients from the interop chain's fixture users (any address of the localnet's network byte 30). */
const RECIPIENT = 'D9P5mpsvXv74rDbhfg8kQmrZZbnyew7quT';
const OTHER = 'DDnWdaamXvd5EHayJAPzfzhaYqtSqUDC1z';
export const MESSAGE = 'I own this address: signed on a Ledger';

export interface JourneyResult {
  prompts: LedgerPromptEvent[];
  messages: SignedMessageDocument[];
  address: string;
}

/** Runs `request` while the device is made to answer: both must settle. */
async function whileDevice<T>(request: Promise<T>, device: Promise<void>): Promise<T> {
  const [answer] = await Promise.all([request, device]);
  return answer;
}

export async function ledgerJourney(
  core: AppCore,
  clock: CoreClock,
  device: JourneyDevice,
): Promise<JourneyResult> {
  const prompts: LedgerPromptEvent[] = [];
  const stop = core.subscribe((event, payload) => {
    if (event === 'ledger:prompt') prompts.push(payload as LedgerPromptEvent);
  });
  try {
    // The device's state in words.
    const status = await call(core, 'ledger:status');
    expect(status).toMatchObject({ state: 'ready', appVersion: '2.3.0', minimumVersion: '2.3.0' });

    // A fresh localnet: account 0 is unused, offered as the next new account.
    const fresh = await call(core, 'ledger:discover', {});
    expect(fresh).toMatchObject({ networkId: 'embedded', coinType: 1, complete: true });
    expect(fresh.accounts).toHaveLength(1);
    expect(fresh.accounts[0]).toMatchObject({ path: "44'/1'/0'/0/0", index: 0, balance: '0', used: false });
    const [account0] = fresh.accounts;
    const account1 = await call(core, 'ledger:read-path', { path: "m/44'/1'/1'/0/0" });
    expect(account1).toMatchObject({ path: "44'/1'/1'/0/0", index: 1, used: false });

    // Funded by forged blocks, accounts 0 and 1 are used: discovery walks on to account 2.
    const funds = [
      await call(core, 'localnet:fund', { address: account0!.address, amount: (1_000n * VTY).toString() }),
      await call(core, 'localnet:fund', { address: account1.address, amount: (5n * VTY).toString() }),
    ];
    await clock.confirmAll(
      core,
      funds.map((f) => f.transactionId),
    );
    const funded = await call(core, 'ledger:discover', {});
    expect(funded.accounts.map((a) => [a.path, a.balance, a.used])).toEqual([
      ["44'/1'/0'/0/0", (1_000n * VTY).toString(), true],
      ["44'/1'/1'/0/0", (5n * VTY).toString(), true],
      ["44'/1'/2'/0/0", '0', false],
    ]);

    // Added as a wallet of kind ledger: the key read from the device again, none kept.
    const wallet = await call(core, 'ledger:add', {
      path: account0!.path,
      publicKey: account0!.publicKey,
      name: 'Ledger 1',
    });
    expect(wallet).toMatchObject({
      kind: 'ledger',
      ledgerPath: "44'/1'/0'/0/0",
      address: account0!.address,
      publicKey: account0!.publicKey,
      hasSecondPassphrase: false,
    });
    const listed = await call(core, 'ledger:discover', { limit: 1 });
    expect(listed).toMatchObject({ complete: false, accounts: [{ walletId: wallet.id }] });

    // Refused before any review, without asking the device: a second passphrase, kinds and memos the app cannot sign.
    expect(
      await refusal(core, 'wallets:set-second-passphrase', {
        walletId: wallet.id,
        secondPassphrase: 'x y z',
      }),
    ).toMatchObject({ code: 'ERR_HARDWARE_WALLET' });
    const unsupported: [DraftInput, RegExp][] = [
      [{ kind: 'delegateRegistration', username: 'ledgerdelegate' }, /does not sign delegate registrations/],
      [{ kind: 'secondSignature', secondPassphrase: 'a second one' }, /second-signature registrations/],
      [{ kind: 'transfer', recipientId: RECIPIENT, amount: '100', memo: 'café' }, /plain ASCII/],
      [
        { kind: 'multiSignature', min: 2, publicKeys: [account0!.publicKey, account1.publicKey] },
        /only on the Nano X/,
      ],
    ];
    for (const [draft, reason] of unsupported) {
      const refused = await refusal(core, 'tx:preview', { walletId: wallet.id, draft });
      expect(refused.code).toBe('ERR_LEDGER_UNSUPPORTED');
      expect(refused.message).toMatch(reason);
    }

    // A transfer: the review, then the device signs exactly its bytes; the node accepts it and forges it.
    const transfer = await call(core, 'tx:preview', {
      walletId: wallet.id,
      draft: {
        kind: 'transfer',
        recipientId: RECIPIENT,
        amount: (12n * VTY).toString(),
        fee: '10000000',
        memo: 'from a Ledger',
      },
    });
    expect(transfer.prepared?.nonce).toBe('1');
    const sent = await whileDevice(
      call(core, 'tx:send', { preparedId: transfer.prepared!.id }),
      device.choose('Approve'),
    );
    expect(sent.accepted, sent.error?.message).toBe(true);
    expect(prompts.slice(-2)).toMatchObject([
      {
        phase: 'confirm',
        walletId: wallet.id,
        preparedId: transfer.prepared!.id,
        subject: 'transaction',
        kind: 'transfer',
        path: "44'/1'/0'/0/0",
        tokenNote: expect.stringMatching(/“ARK”.*VTY/) as unknown,
      },
      { phase: 'finished', outcome: 'signed' },
    ]);
    expect(prompts.at(-2)!.instruction).toMatch(/Check your Ledger’s screen.*Approve/);
    await clock.confirm(core, sent.id);
    expect((await call(core, 'chain:wallet', { address: RECIPIENT })).balance).toBe((12n * VTY).toString());

    // A vote for the first delegate, forged: the chain says the Ledger wallet votes for it.
    const [delegate] = (await call(core, 'chain:delegates', { page: 1, limit: 1 })).data;
    const vote = await call(core, 'tx:preview', {
      walletId: wallet.id,
      draft: { kind: 'vote', vote: delegate!.publicKey, fee: (1n * VTY).toString() },
    });
    const voted = await whileDevice(
      call(core, 'tx:send', { preparedId: vote.prepared!.id }),
      device.choose('Approve'),
    );
    expect(voted.accepted, voted.error?.message).toBe(true);
    await clock.confirm(core, voted.id);
    expect((await call(core, 'chain:wallet', { address: wallet.address })).vote).toBe(delegate!.publicKey);

    // Messages in both forms, signed on the device; verified by Votary here, by ARK's library in the interop suite.
    const messages: SignedMessageDocument[] = [];
    for (const format of ['core3', 'arkvault'] as const) {
      const signed = await whileDevice(
        call(core, 'messages:sign', { walletId: wallet.id, message: MESSAGE, format }),
        device.choose('Approve'),
      );
      const document = JSON.parse(signed.text) as SignedMessageDocument;
      expect(verifySignedMessage(document, 30)).toMatchObject({ verified: true, address: wallet.address });
      messages.push(document);
    }
    expect(prompts.at(-2)).toMatchObject({ subject: 'message', kind: 'message', message: MESSAGE });

    // Rejected on the device: a typed error, nothing pending, and the same review can be confirmed again.
    const pendingBefore = (await call(core, 'tx:pending')).length;
    const last = await call(core, 'tx:preview', {
      walletId: wallet.id,
      draft: { kind: 'transfer', recipientId: OTHER, amount: VTY.toString(), fee: '10000000' },
    });
    expect(last.prepared?.nonce).toBe('3');
    const preparedId = last.prepared!.id;
    const [rejected] = await Promise.all([refusal(core, 'tx:send', { preparedId }), device.choose('Reject')]);
    expect(rejected.code).toBe('ERR_LEDGER_REJECTED');
    expect(prompts.at(-1)).toMatchObject({
      phase: 'finished',
      outcome: 'rejected',
      code: 'ERR_LEDGER_REJECTED',
    });
    expect(await call(core, 'tx:pending')).toHaveLength(pendingBefore);

    // Unplugged while it shows the review: a typed error, nothing pending, the nonce still free.
    const [cut] = await Promise.all([refusal(core, 'tx:send', { preparedId }), device.unplugWhileShowing()]);
    expect(cut.code).toBe('ERR_LEDGER_DISCONNECTED');
    expect(await call(core, 'tx:pending')).toHaveLength(pendingBefore);
    const gone = await call(core, 'ledger:status');
    expect(gone).toMatchObject({ state: 'not-connected', code: 'ERR_LEDGER_NOT_CONNECTED' });

    // Back, the same review is signed with the nonce it was prepared with.
    await device.plugIn();
    const resent = await whileDevice(call(core, 'tx:send', { preparedId }), device.choose('Approve'));
    expect(resent.accepted, resent.error?.message).toBe(true);
    const confirmed = await clock.confirm(core, resent.id);
    expect(confirmed.nonce).toBe('3');
    // Signed once: the id answers so from now on.
    expect(await refusal(core, 'tx:send', { preparedId })).toMatchObject({ code: 'ERR_PREPARED_SIGNED' });
    return { prompts, messages, address: wallet.address };
  } finally {
    stop();
  }
}
