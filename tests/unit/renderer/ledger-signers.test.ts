/**
 * A Ledger wallet on the signing screens: offered only for what ARK's Ledger app signs (the one table core/ledger
 * refuses by, shared/domain/ledger-signable.ts), left out elsewhere with the sentence saying why; the device mark
 * beside its name wherever a wallet is shown; and the review's "Check your Ledger" with the device's screens.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { LEDGER_SIGNABLE, type CoreTransactionKind } from '../../../src/shared/domain/ledger-signable';
import { CORE_TRANSACTION_KINDS } from '../../../src/shared/domain/transaction-kinds';
import type { TxPreview } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { signersFor, signerOf } from '../../../src/renderer/features/common/signing-wallet';
import { Dashboard } from '../../../src/renderer/features/dashboard/Dashboard';
import { DelegatePage } from '../../../src/renderer/features/delegate/DelegatePage';
import { deviceLines } from '../../../src/renderer/features/ledger/device-review';
import { LedgerReviewNotice } from '../../../src/renderer/features/ledger/LedgerReviewNotice';
import { LocksPage } from '../../../src/renderer/features/locks/LocksPage';
import { SignMessage } from '../../../src/renderer/features/messages/SignMessage';
import { StartRegistration } from '../../../src/renderer/features/multisig/StartRegistration';
import { PreviewFacts } from '../../../src/renderer/features/review/PreviewFacts';
import { SendPage } from '../../../src/renderer/features/send/SendPage';
import { VotePage } from '../../../src/renderer/features/vote/VotePage';
import { WalletPage } from '../../../src/renderer/features/wallet/WalletPage';
import { WalletsPage } from '../../../src/renderer/features/wallets/WalletsPage';
import { useVotary } from '../../../src/renderer/store';

const wallet = (id: string, name: string, kind: WalletView['kind']): WalletView => ({
  id,
  name,
  kind,
  networkId: 'embedded',
  network: 'localnet',
  nethash: 'n',
  address: `A${name}Address`,
  publicKey: `02${id.padEnd(64, '0')}`,
  hasSecondPassphrase: false,
  createdAt: '2026-12-06T00:00:00.000Z',
  ...(kind === 'ledger' ? { ledgerPath: "44'/1'/0'/0/0" } : {}),
});
const VAULT = wallet('vault', 'Vault', 'passphrase');
const DEVICE = wallet('device', 'Cold', 'ledger');
const WATCHED = wallet('watched', 'Watched', 'watch');

type State = ReturnType<typeof useVotary.getState>;
const initial = useVotary.getInitialState();
const saved = { wallets: initial.wallets, selectedWalletId: initial.selectedWalletId };
function render(state: Partial<Pick<State, 'wallets' | 'selectedWalletId'>>, page: () => unknown): string {
  Object.assign(initial, state);
  return renderToStaticMarkup(createElement(page as () => null));
}
afterEach(() => Object.assign(initial, saved));

const SIGNED_KINDS = ['transfer', 'vote', 'ipfs', 'htlcLock', 'htlcClaim', 'htlcRefund'];

describe('which forms offer a Ledger wallet', () => {
  it('offers it exactly for the kinds ARK’s app v2.3.0 signs, and for messages', () => {
    for (const kind of CORE_TRANSACTION_KINDS) {
      const { offered, refused } = signersFor([VAULT, DEVICE, WATCHED], kind);
      expect(offered.map((w) => w.id)).toEqual(SIGNED_KINDS.includes(kind) ? ['vault', 'device'] : ['vault']);
      expect(refused.map((r) => r.wallet.id)).toEqual(SIGNED_KINDS.includes(kind) ? [] : ['device']);
    }
    expect(signersFor([VAULT, DEVICE, WATCHED], 'message').offered).toEqual([VAULT, DEVICE]);
    // The only wallet that can sign a multipayment is the vault's, so there is nothing to choose.
    expect(signerOf([VAULT, DEVICE], undefined, 'multiPayment')).toBe(VAULT);
    expect(signerOf([VAULT, DEVICE], 'device', 'multiPayment')).toBe(VAULT);
    expect(signerOf([VAULT, DEVICE], 'device', 'transfer')).toBe(DEVICE);
  });

  it.each([
    ['Send', SendPage],
    ['Vote', VotePage],
    ['Locks', LocksPage],
    ['Messages', SignMessage],
  ])('%s offers the Ledger wallet, marked in its option', (_, page) => {
    const html = render({ wallets: [VAULT, DEVICE, WATCHED] }, page);
    expect(html).toContain(`<option value="device">Cold (Ledger) · ${DEVICE.address}</option>`);
    expect(html).not.toContain('is not offered here');
  });

  it('Delegate leaves the Ledger wallet out and says why; with it alone the vault wallet is the signer', () => {
    const html = render({ wallets: [VAULT, DEVICE] }, DelegatePage);
    expect(html).not.toContain('<option value="device"');
    expect(html).toContain(`<option value="vault" selected="">Vault · ${VAULT.address}</option>`);
    expect(html).toContain(
      'Cold (Ledger) is not offered here: ARK’s Ledger app does not sign delegate registrations: use a wallet kept in Votary’s vault for that.',
    );
  });

  it('a multisignature registration offers no Ledger participant (the Nano S app does not parse it)', () => {
    const html = render({ wallets: [VAULT, DEVICE] }, () => StartRegistration({ onStarted: () => {} }));
    expect(html).not.toContain('<option value="device"');
    expect(html).not.toContain('>Cold<');
    expect(html).toContain('Cold (Ledger) is not offered here: ARK’s Ledger app signs multisignature');
  });
});

describe('the device mark', () => {
  const marks = (html: string) => html.match(/data-testid="device-mark"/g)?.length ?? 0;

  it('is beside a Ledger wallet’s name in the wallet list, the dashboard and its own page, and nowhere else', () => {
    for (const page of [WalletsPage, Dashboard]) {
      const html = render({ wallets: [VAULT, DEVICE, WATCHED] }, page);
      expect(marks(html)).toBe(1);
      expect(html).toMatch(/Cold[\s\S]{0,200}data-testid="device-mark"[^>]*>[\s\S]*?Ledger<\/span>/);
    }
    expect(marks(render({ wallets: [DEVICE], selectedWalletId: 'device' }, WalletPage))).toBe(1);
    expect(marks(render({ wallets: [VAULT], selectedWalletId: 'vault' }, WalletPage))).toBe(0);
  });

  it('is read out as “Ledger”: the icon is hidden, the word is text', () => {
    const html = render({ wallets: [DEVICE] }, WalletsPage);
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(html).toContain(
      'Its key stays on the Ledger, at <span class="mono">44&#x27;/1&#x27;/0&#x27;/0/0</span>',
    );
  });
});

const preview = (over: Partial<TxPreview>): TxPreview => ({
  walletId: 'device',
  walletName: 'Cold',
  address: DEVICE.address,
  kind: 'transfer',
  what: 'Send 12 to someone',
  received: '0',
  sent: '1200000000',
  fee: '10000000',
  totalOut: '1210000000',
  locked: '0',
  unlocked: '0',
  balanceBefore: '5000000000',
  pendingOut: '0',
  spendable: '5000000000',
  balanceAfter: '3790000000',
  lockedBefore: '0',
  lockedAfter: '0',
  warnings: [],
  problems: [],
  ...over,
});

describe('the review of a Ledger wallet’s transaction', () => {
  const draft = { kind: 'transfer' as const, recipientId: 'DRecipientAddress', amount: '1200000000' };

  it('says “Check your Ledger”, what the device shows in its order with the review’s values, and what to press', () => {
    const html = renderToStaticMarkup(
      createElement(LedgerReviewNotice, {
        wallet: DEVICE,
        preview: preview({ memo: 'from a Ledger' }),
        draft,
      }),
    );
    expect(html).toContain('Check your Ledger');
    const text = html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/\s+/g, ' ');
    expect(text).toContain(
      'Operation Transfer Recipient DRecipientAddress Expiration Amount ARK: 12.00000000 Fee ARK: 0.10000000 VendorField from a Ledger',
    );
    expect(text).toContain('press both buttons on “Approve”');
    expect(text).toContain("account 44'/1'/0'/0/0");
  });

  it('is not shown for a wallet kept in the vault', () => {
    const html = renderToStaticMarkup(
      createElement(LedgerReviewNotice, { wallet: VAULT, preview: preview({ walletId: 'vault' }), draft }),
    );
    expect(html).toBe('');
  });

  it('lists a vote’s unvote and vote keys as signed, after the fee', () => {
    const lines = deviceLines(
      preview({
        kind: 'vote',
        sent: '0',
        votes: [
          { action: 'unvote', publicKey: '03aa' },
          { action: 'vote', publicKey: '02bb' },
        ] as TxPreview['votes'],
      }),
      { kind: 'vote', vote: '02bb', unvote: '03aa' } as never,
    );
    expect(lines).toEqual([
      { label: 'Operation', value: 'Vote' },
      { label: 'Fee', value: 'ARK: 0.10000000' },
      { label: 'Unvote', value: '03aa' },
      { label: 'Vote', value: '02bb' },
    ]);
    // A kind the app does not sign has no device screens at all.
    expect(deviceLines(preview({ kind: 'multiPayment' }))).toBeUndefined();
  });

  it('the review’s “From wallet” carries the device mark', () => {
    const html = render({ wallets: [VAULT, DEVICE] }, () => PreviewFacts({ preview: preview({}) }));
    expect(html).toMatch(
      /data-testid="review-from"><strong>Cold<\/strong> <span[^>]*data-testid="device-mark"/,
    );
  });

  it('the table names every Core kind once', () => {
    expect(Object.keys(LEDGER_SIGNABLE).sort()).toEqual([...CORE_TRANSACTION_KINDS].sort());
    const signs = (kind: CoreTransactionKind) => LEDGER_SIGNABLE[kind].signs;
    expect(CORE_TRANSACTION_KINDS.filter(signs)).toEqual(SIGNED_KINDS);
  });
});
