/**
 * Pending says which of the person's wallets sent each transaction, and names a recipient that is one of their
 * contacts; the multisignature review names the recipient too, and warns about one nobody named.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactView } from '../../../src/shared/domain/contacts';
import type { PendingView, TxPreview } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { MultisigReview } from '../../../src/renderer/features/multisig/MultisigReview';
import { PendingPage } from '../../../src/renderer/features/pending/PendingPage';
import { useVotary } from '../../../src/renderer/store';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const ALICE = 'DAliceAddressAliceAddressAliceAddr';
const STRANGER = 'DStrangerAddressStrangerAddressStr';

const wallet: WalletView = {
  id: 'w3',
  name: 'Third',
  kind: 'passphrase',
  networkId: 'localnet',
  network: 'localnet',
  nethash: 'n',
  address: 'DThirdAddressThirdAddressThirdAddr',
  hasSecondPassphrase: false,
  createdAt: '2026-12-06T00:00:00.000Z',
};
const alice = { id: 'c1', name: 'Alice', address: ALICE, note: '' } as ContactView;
const entry: PendingView = {
  id: 'ab'.repeat(32),
  networkId: 'localnet',
  walletId: 'w3',
  sender: wallet.address,
  kind: 'transfer',
  amount: '100000000',
  fee: '10000000',
  nonce: '1',
  recipient: ALICE,
  status: 'in-pool',
  statusText: 'In the pool, waiting for a block.',
  expiresAtHeight: 600,
  confirmationFinal: false,
  createdAt: 0,
  lastBroadcastAt: 0,
  broadcastCount: 1,
};

type State = ReturnType<typeof useVotary.getState>;
const initial = useVotary.getInitialState();
const saved = {
  wallets: initial.wallets,
  pending: initial.pending,
  contacts: initial.contacts,
  contactsNetworkId: initial.contactsNetworkId,
  node: initial.node,
};
function renderWith(state: Partial<State>, element: ReturnType<typeof createElement>): string {
  Object.assign(initial, state);
  return text(renderToStaticMarkup(element));
}
afterEach(() => {
  Object.assign(initial, saved);
});

const names = {
  wallets: [wallet],
  contacts: [alice],
  contactsNetworkId: 'localnet',
  node: { networkId: 'localnet', height: 10 } as State['node'],
};

describe('Pending', () => {
  it('says which wallet sent it, by name, and names the contact it pays', () => {
    const page = renderWith({ ...names, pending: [entry] }, createElement(PendingPage));
    expect(page).toContain('from Third');
    expect(page).toContain('contact “Alice”');
  });
});

describe('the multisignature review', () => {
  const preview = {
    walletName: 'Third',
    address: wallet.address,
    what: `Send 1 VTY from DMultisig to ${ALICE}`,
    received: '0',
    sent: '100000000',
    fee: '10000000',
    totalOut: '110000000',
    balanceBefore: '500000000',
    pendingOut: '0',
    balanceAfter: '390000000',
    lockedBefore: '0',
    lockedAfter: '0',
    warnings: [],
    problems: [],
  } as unknown as TxPreview;
  const review = (recipient: string) =>
    createElement(MultisigReview, {
      preview,
      action: 'Sign',
      onConfirm: () => Promise.resolve(),
      onCancel: () => undefined,
      recipients: [recipient],
    });

  it('names a recipient that is a contact', () => {
    expect(renderWith(names, review(ALICE))).toContain('contact “Alice”');
  });

  it('warns about a recipient nobody named', () => {
    expect(renderWith(names, review(STRANGER))).toContain(
      'is neither one of your contacts nor one of your wallets',
    );
  });
});
