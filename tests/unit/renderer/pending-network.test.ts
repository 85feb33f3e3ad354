/**
 * Pending lists the active network's entries only (src/renderer/features/pending/PendingPage.tsx): their
 * confirmations are counted from that network's tip and their amounts written in its token. Another network's
 * entries are counted apart, in words. Before, a transfer confirmed on localnet one block ago, seen while devnet
 * (height 5,000,000) was active, was "settled (confirmed over ten minutes ago)", and its 1.5 VTY read 1.5 DARK.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { PendingView } from '../../../src/shared/domain/transactions';
import { PendingPage } from '../../../src/renderer/features/pending/PendingPage';
import { useVotary } from '../../../src/renderer/store';

const onLocalnet: PendingView = {
  id: 'a'.repeat(64),
  networkId: 'embedded',
  sender: 'DSender',
  kind: 'transfer',
  amount: '150000000',
  fee: '10000000',
  nonce: '1',
  recipient: 'DRecipient',
  status: 'in-pool',
  statusText: 'In the pool.',
  expiresAtHeight: 550,
  createdAt: 1,
  lastBroadcastAt: 1,
  broadcastCount: 1,
  confirmationFinal: false,
};
const onDevnet: PendingView = {
  ...onLocalnet,
  id: 'b'.repeat(64),
  networkId: 'devnet-id',
  amount: '250000000',
};

const initial = useVotary.getInitialState();
const saved = {
  pending: initial.pending,
  node: initial.node,
  configuration: initial.configuration,
  networks: initial.networks,
};
afterEach(() => {
  Object.assign(initial, saved);
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');

describe('Pending with entries on two networks', () => {
  it("shows the active network's entries in its token and counts the others apart", () => {
    Object.assign(initial, {
      pending: [onLocalnet, { ...onLocalnet, id: 'c'.repeat(64), status: 'confirmed', height: 50 }, onDevnet],
      node: {
        networkId: 'devnet-id',
        height: 5_000_000,
        blockId: 'x',
        synced: true,
        syncing: false,
        blocksBehind: 0,
        progress: 1,
      },
      configuration: { token: 'DARK', constants: { blocktime: 8 } },
    });
    const html = renderToStaticMarkup(createElement(PendingPage));
    const page = text(html);
    expect(html).toContain(`pending-${onDevnet.id}`);
    expect(html).not.toContain(`pending-${onLocalnet.id}`);
    expect(page).toContain('2.5 DARK');
    expect(page).not.toContain('1.5 DARK');
    expect(page).not.toContain('confirmed over ten minutes ago');
    expect(page).toContain('2 transactions sent on other networks: shown when that network is active.');
  });

  it('before the node has answered, the network list names the active network; knowing neither, shows every entry', () => {
    Object.assign(initial, {
      pending: [onLocalnet, onDevnet],
      node: undefined,
      networks: [
        { id: 'devnet-id', name: 'devnet', active: true },
        { id: 'embedded', name: 'localnet', active: false },
      ],
      configuration: { token: 'DARK', constants: { blocktime: 8 } },
    });
    let html = renderToStaticMarkup(createElement(PendingPage));
    expect(html).toContain(`pending-${onDevnet.id}`);
    expect(html).not.toContain(`pending-${onLocalnet.id}`);
    Object.assign(initial, { networks: [] });
    html = renderToStaticMarkup(createElement(PendingPage));
    expect(html).toContain(`pending-${onDevnet.id}`);
    expect(html).toContain(`pending-${onLocalnet.id}`);
    expect(text(html)).not.toContain('other networks');
  });
});
