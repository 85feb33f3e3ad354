/**
 * Signing with a Ledger wallet on the screens: a device refusal or failure (rejected on the device, disconnected,
 * timed out) opens the same review again with the device's sentence and "Try again on the Ledger" — the host gave
 * the review back unsigned, so the retry sends the same prepared id and nothing was half-done; the prompt while the
 * device signs (`ledger:prompt`) shows what the device shows with the review's values and how to cancel there, and
 * closes on its own signing's end only; "Add a Ledger wallet" says each device state in words and lists the accounts.
 * The host is replaced: whatever would reach it is recorded, and it answers as the core does.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerPromptEvent, LedgerState } from '../../../src/shared/domain/ledger';
import type { DraftInput } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { VotaryError } from '../../../src/shared/ipc/errors';

const sent = vi.hoisted(() => [] as { channel: string; request: unknown }[]);
/** What tx:send answers, in turn: an error code and sentence, or the broadcast. */
const sendAnswers = vi.hoisted(() => [] as ({ code: string; message: string } | 'ok')[]);
const PREPARED_ID = vi.hoisted(() => '0123456789abcdef0123456789abcdef');
const accepted = { id: 'tx', accepted: true, pending: { id: 'tx', createdAt: 1, statusText: 'Broadcast' } };
vi.mock('../../../src/renderer/services/call', () => ({
  call: vi.fn((channel: string, request: unknown) => {
    sent.push({ channel, request });
    if (channel === 'tx:preview')
      return Promise.resolve({
        walletId: 'cold',
        kind: 'transfer',
        what: 'Send 12',
        sent: '1200000000',
        fee: '10000000',
        problems: [],
        warnings: [],
        prepared: { id: PREPARED_ID, unsignedHash: 'ab'.repeat(32), nonce: '7' },
      });
    if (channel === 'tx:send') {
      const next = sendAnswers.shift() ?? 'ok';
      return next === 'ok'
        ? Promise.resolve(accepted)
        : Promise.reject(new VotaryError({ code: next.code, message: next.message }));
    }
    return Promise.reject(new Error(`unexpected ${channel}`));
  }),
}));
const { reviewAndSend } = await import('../../../src/renderer/features/review/review-and-send');
const { onReview } = await import('../../../src/renderer/features/review/review-queue');
const { useVotary } = await import('../../../src/renderer/store');
const { LedgerPromptView } = await import('../../../src/renderer/features/ledger/LedgerPrompt');
const { DeviceState, AccountList, STATE_HEADINGS } =
  await import('../../../src/renderer/features/ledger/LedgerParts');

const cold = {
  id: 'cold',
  name: 'Cold',
  kind: 'ledger',
  address: 'DCold',
  ledgerPath: "44'/1'/0'/0/0",
} as WalletView;
const vault = { ...cold, id: 'vault', kind: 'mnemonic' } as WalletView;
const draft = { kind: 'transfer', recipientId: 'DRecipient', amount: '1200000000' } as DraftInput;
const REJECTED = {
  code: 'ERR_LEDGER_REJECTED',
  message: 'You refused on the Ledger: nothing was signed.',
};

/** Answers each review as it opens, recording what it showed. */
function answerReviews(answers: boolean[]): { shown: { problem?: string }[]; stop: () => void } {
  const shown: { problem?: string }[] = [];
  const stop = onReview((open) => {
    if (open === undefined) return;
    shown.push(open.request.deviceProblem === undefined ? {} : { problem: open.request.deviceProblem });
    const confirmed = answers.shift() ?? false;
    queueMicrotask(() => open.decide(confirmed));
  });
  return { shown, stop };
}
const sends = () => sent.filter((s) => s.channel === 'tx:send').map((s) => s.request);

beforeEach(() => {
  sent.length = 0;
  sendAnswers.length = 0;
  useVotary.setState({ error: undefined, ledgerPrompt: undefined });
});

describe('a device refusal at signing', () => {
  it('opens the same review again with the device’s sentence; the retry signs the same prepared id', async () => {
    sendAnswers.push(REJECTED, 'ok');
    const reviews = answerReviews([true, true]);
    expect(await reviewAndSend(cold, draft)).toEqual(accepted);
    reviews.stop();
    expect(reviews.shown).toEqual([{}, { problem: REJECTED.message }]);
    expect(sends()).toEqual([{ preparedId: PREPARED_ID }, { preparedId: PREPARED_ID }]);
    // Prepared once: the retry is the reviewed transaction, never the form again.
    expect(sent.filter((s) => s.channel === 'tx:preview')).toHaveLength(1);
  });

  it.each([
    ['disconnected', 'ERR_LEDGER_DISCONNECTED', 'The Ledger was disconnected while it signed.'],
    ['timed out', 'ERR_LEDGER_TIMEOUT', 'The Ledger did not answer in time: nothing was signed.'],
  ])('%s: the sentence, and cancelling the retry sends nothing more', async (_, code, message) => {
    sendAnswers.push({ code, message });
    const reviews = answerReviews([true, false]);
    expect(await reviewAndSend(cold, draft)).toBeUndefined();
    reviews.stop();
    expect(reviews.shown).toEqual([{}, { problem: message }]);
    expect(sends()).toHaveLength(1);
  });

  it('a vault wallet’s failure does not reopen the review', async () => {
    // A device code on a vault wallet is no device retry (an ERR_PREPARED_* refusal is: a new review, by design).
    sendAnswers.push({ code: 'ERR_LEDGER_REJECTED', message: 'Refused on the Ledger.' });
    const reviews = answerReviews([true, true]);
    expect(await reviewAndSend(vault, draft)).toBeUndefined();
    reviews.stop();
    expect(reviews.shown).toHaveLength(1);
  });
});

const prompt = (over: Partial<LedgerPromptEvent> = {}): LedgerPromptEvent => ({
  id: 'p1',
  phase: 'confirm',
  walletId: 'cold',
  address: 'DCold',
  preparedId: PREPARED_ID,
  subject: 'transaction',
  kind: 'transfer',
  screens: ['Transfer', 'Recipient', 'Expiration', 'Amount', 'Fee'],
  path: "44'/1'/0'/0/0",
  instruction: 'Check your Ledger’s screen: compare each page with the review, then Approve or Reject.',
  ...over,
});
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the prompt while the device signs', () => {
  it('opens on confirm and closes on its own signing’s end only', () => {
    const state = () => useVotary.getState();
    state().ledgerPromptChanged(prompt());
    expect(state().ledgerPrompt?.id).toBe('p1');
    state().ledgerPromptChanged(prompt({ id: 'older', phase: 'finished', outcome: 'failed' }));
    expect(state().ledgerPrompt?.id).toBe('p1');
    state().ledgerPromptChanged(
      prompt({ phase: 'finished', outcome: 'rejected', code: 'ERR_LEDGER_REJECTED' }),
    );
    expect(state().ledgerPrompt).toBeUndefined();
  });

  it('lists what the device shows with the values of the review just confirmed, and how to cancel', async () => {
    // Confirming the review keeps its device lines by prepared id; the prompt names that id.
    sendAnswers.push('ok');
    const reviews = answerReviews([true]);
    await reviewAndSend(cold, draft);
    reviews.stop();
    const shown = text(renderToStaticMarkup(createElement(LedgerPromptView, { prompt: prompt() })));
    expect(shown).toContain('Check your Ledger');
    expect(shown).toContain(
      'Operation Transfer Recipient DRecipient Expiration Amount ARK: 12.00000000 Fee ARK: 0.10000000',
    );
    expect(shown).toContain(
      'press both buttons on “Reject” on the Ledger: nothing is signed and nothing is sent',
    );
    expect(shown).toContain("44'/1'/0'/0/0");
  });

  it('without a known review it lists the device’s labels; for a message, the message', () => {
    const labels = text(
      renderToStaticMarkup(createElement(LedgerPromptView, { prompt: prompt({ preparedId: 'unknown' }) })),
    );
    expect(labels).toContain('Transfer Recipient Expiration Amount Fee');
    const message = text(
      renderToStaticMarkup(
        createElement(LedgerPromptView, {
          prompt: prompt({
            subject: 'message',
            kind: 'message',
            message: 'I own DCold',
            preparedId: undefined,
          }),
        }),
      ),
    );
    expect(message).toContain('Message I own DCold');
  });
});

describe('Add a Ledger wallet: the device first, in words', () => {
  it.each(Object.keys(STATE_HEADINGS).filter((s) => s !== 'ready') as LedgerState[])(
    '%s: its heading, the host’s sentence and “Check again”',
    (state) => {
      const html = renderToStaticMarkup(
        createElement(DeviceState, {
          status: {
            state,
            minimumVersion: '2.3.0',
            transport: 'usb',
            message: `The sentence for ${state}.`,
          },
          checking: false,
          onCheck: () => {},
        }),
      );
      expect(html).toContain(STATE_HEADINGS[state]);
      expect(html).toContain(`The sentence for ${state}.`);
      expect(html).toContain('Check again');
    },
  );

  it('ready: the host’s sentence with the app version, nothing to check again', () => {
    const html = renderToStaticMarkup(
      createElement(DeviceState, {
        status: {
          state: 'ready',
          appVersion: '2.3.0',
          minimumVersion: '2.3.0',
          transport: 'usb',
          message: 'The Ledger is ready: ARK app 2.3.0 is open.',
        },
        checking: false,
        onCheck: () => {},
      }),
    );
    expect(text(html)).toContain('Ledger ready The Ledger is ready: ARK app 2.3.0 is open.');
    expect(html).not.toContain('Check again');
  });

  it('lists each account with path, address and balance; a used one, the new one, one already added', () => {
    const account = (index: number, over: object = {}) => ({
      path: `44'/1'/${index}'/0/0`,
      index,
      publicKey: `02${String(index).padStart(64, '0')}`,
      address: `DAddress${index}`,
      balance: '0',
      used: false,
      ...over,
    });
    const accounts = [
      account(0, { balance: '2500000000', used: true, walletId: 'w0' }),
      account(1, { balance: '100000000', used: true }),
      account(2),
    ];
    const html = renderToStaticMarkup(
      createElement(AccountList, {
        accounts,
        chosen: new Map([[accounts[1]!.path, { account: accounts[1]!, name: 'Ledger 2' }]]),
        symbol: 'DѦ',
        onToggle: () => {},
        onName: () => {},
      }),
    );
    const rows = html.split('data-testid="ledger-account"').slice(1).map(text);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("44'/1'/0'/0/0 DAddress0 25 DѦ · already a wallet here");
    expect(rows[1]).toContain("44'/1'/1'/0/0 DAddress1 1 DѦ");
    expect(rows[2]).toContain('new, never used');
    // The one chosen has its name field; the one already a wallet cannot be chosen again.
    expect(html).toContain('value="Ledger 2"');
    expect(html.split('data-testid="ledger-account"')[1]).toMatch(/<input type="checkbox" disabled=""/);
  });
});
