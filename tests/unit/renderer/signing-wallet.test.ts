/**
 * Every form that signs (Send, Vote, Locks, Delegate) says which wallet signs and makes the person choose it when
 * more than one can: never the last wallet page opened, silently. The review shows the signer by name and address.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { TxPreview } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { signerOf } from '../../../src/renderer/features/common/signing-wallet';
import { DelegatePage } from '../../../src/renderer/features/delegate/DelegatePage';
import { LocksPage } from '../../../src/renderer/features/locks/LocksPage';
import { PreviewFacts } from '../../../src/renderer/features/review/PreviewFacts';
import { SendPage } from '../../../src/renderer/features/send/SendPage';
import { VotePage } from '../../../src/renderer/features/vote/VotePage';
import { useVotary } from '../../../src/renderer/store';

const wallet = (id: string, name: string, kind: WalletView['kind'] = 'passphrase'): WalletView => ({
  id,
  name,
  kind,
  networkId: 'embedded',
  network: 'localnet',
  nethash: 'n',
  address: `A${name}Address`,
  hasSecondPassphrase: false,
  createdAt: '2026-11-25T00:00:00.000Z',
});
const MAIN = wallet('main', 'Main');
const SAVINGS = wallet('savings', 'Savings');
const WATCHED = wallet('watched', 'Watched', 'watch');

type State = ReturnType<typeof useVotary.getState>;
/** Server rendering reads the store's initial state: render with these fields in it, put back afterwards. */
const initial = useVotary.getInitialState();
const saved = {
  wallets: initial.wallets,
  selectedWalletId: initial.selectedWalletId,
  route: initial.route,
  signingChoice: initial.signingChoice,
};
function renderWith(
  state: Pick<State, 'wallets' | 'selectedWalletId'> & Partial<Pick<State, 'route' | 'signingChoice'>>,
  page: () => unknown,
): string {
  Object.assign(initial, state);
  return renderToStaticMarkup(createElement(page as () => null));
}
afterEach(() => {
  Object.assign(initial, saved);
});

describe('the signing wallet', () => {
  it('is the person’s choice among the wallets that can sign, or the only one', () => {
    expect(signerOf([MAIN, SAVINGS], undefined, 'transfer')).toBeUndefined();
    expect(signerOf([MAIN, SAVINGS], 'savings', 'transfer')).toBe(SAVINGS);
    expect(signerOf([MAIN, WATCHED], undefined, 'transfer')).toBe(MAIN);
    expect(signerOf([MAIN, WATCHED], 'watched', 'transfer')).toBe(MAIN);
    expect(signerOf([MAIN, SAVINGS], 'gone', 'transfer')).toBeUndefined();
  });

  it.each([
    ['Send', SendPage, 'From wallet'],
    ['Vote', VotePage, 'Voting wallet'],
    ['Locks', LocksPage, 'From wallet'],
    ['Delegate', DelegatePage, 'From wallet'],
  ])('%s starts at “Choose a wallet…”, not at the wallet page opened last', (_, page, label) => {
    const html = renderWith({ wallets: [MAIN, SAVINGS, WATCHED], selectedWalletId: 'savings' }, page);
    expect(html).toContain(label);
    expect(html).toContain('<option value="" selected="">Choose a wallet…</option>');
    expect(html).toContain(`<option value="main">Main · ${MAIN.address}</option>`);
    expect(html).toContain(`<option value="savings">Savings · ${SAVINGS.address}</option>`);
    expect(html).not.toContain(WATCHED.address);
  });

  it('keeps the choice through the lock gate (which unmounts the form), and forgets it when the person leaves', () => {
    const store = useVotary;
    store.setState({ route: 'dashboard', signingChoice: undefined, wallets: [MAIN, SAVINGS] });
    store.getState().navigate('vote');
    store.getState().chooseSigner('savings');
    // Locked: the wallets are cleared and every screen unmounted; unlocked: they are read again.
    store.setState({ wallets: [] });
    store.setState({ wallets: [MAIN, SAVINGS] });
    const { route, signingChoice } = store.getState();
    const html = renderWith(
      { wallets: [MAIN, SAVINGS], selectedWalletId: undefined, route, signingChoice },
      VotePage,
    );
    expect(html).toContain(`<option value="savings" selected="">Savings · ${SAVINGS.address}</option>`);
    // Another form does not take it, and coming back after leaving starts at the choice again.
    store.getState().navigate('send');
    expect(store.getState().signingChoice).toBeUndefined();
    store.getState().navigate('vote');
    const again = store.getState();
    expect(
      renderWith(
        {
          wallets: [MAIN, SAVINGS],
          selectedWalletId: undefined,
          route: again.route,
          signingChoice: again.signingChoice,
        },
        VotePage,
      ),
    ).toContain('<option value="" selected="">Choose a wallet…</option>');
    store.setState({ route: 'dashboard', signingChoice: undefined, wallets: [] });
  });

  it.each([
    ['Vote', VotePage],
    ['Locks', LocksPage],
    ['Delegate', DelegatePage],
  ])('%s with one wallet that can sign names it, with nothing to choose', (_, page) => {
    const html = renderWith({ wallets: [WATCHED, MAIN], selectedWalletId: 'watched' }, page);
    expect(html).toContain(`<option value="main" selected="">Main · ${MAIN.address}</option>`);
    expect(html).not.toContain('Choose a wallet…');
  });

  it('the review names the signing wallet and its address', () => {
    const preview = {
      walletId: 'main',
      walletName: 'Main',
      address: MAIN.address,
      kind: 'vote',
      what: 'Vote for genesis_1',
      received: '0',
      sent: '0',
      fee: '100000000',
      totalOut: '100000000',
      locked: '0',
      unlocked: '0',
      balanceBefore: '500000000',
      pendingOut: '0',
      spendable: '500000000',
      balanceAfter: '400000000',
      lockedBefore: '0',
      lockedAfter: '0',
      warnings: [],
      problems: [],
    } as unknown as TxPreview;
    const html = renderToStaticMarkup(createElement(PreviewFacts, { preview }));
    expect(html).toMatch(
      new RegExp(`data-testid="review-from"><strong>Main</strong> · <span[^>]*>${MAIN.address}<`),
    );
  });
});
