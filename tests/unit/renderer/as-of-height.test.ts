/**
 * While the active network's node is not in sync, the chain figures say which block they are read at
 * (src/renderer/components/AsOfHeight.tsx): an own node catching up answers with verified figures, but of a past
 * height, and a balance of 0 at block 1,200 of 2,857 is not the wallet's balance now.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { OwnNodeView } from '../../../src/shared/domain/own-node';
import { AsOfHeight } from '../../../src/renderer/components/AsOfHeight';
import { Dashboard } from '../../../src/renderer/features/dashboard/Dashboard';
import { useVotary } from '../../../src/renderer/store';

const initial = useVotary.getInitialState();
const saved = {
  networks: initial.networks,
  ownNodes: initial.ownNodes,
  node: initial.node,
  connection: initial.connection,
};
afterEach(() => {
  Object.assign(initial, saved);
});

const network = { id: 'n', name: 'ARK mainnet', active: true, kind: 'remote' };
const syncing: OwnNodeView = {
  networkId: 'n',
  state: 'syncing',
  height: 1_200,
  target: 2_857,
  blocksBehind: 1_657,
  blocksPerSecond: 100,
  etaSeconds: 17,
  peers: [],
  error: null,
  apiUrl: null,
  directory: null,
};
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');

describe('figures while the node is not in sync', () => {
  it('say the block they are read at while the own node catches up', () => {
    Object.assign(initial, {
      networks: [network],
      ownNodes: { n: syncing },
      connection: { status: 'connected' },
    });
    const line = text(renderToStaticMarkup(createElement(AsOfHeight)));
    expect(line).toMatch(/^ ?As of block 1,200, not the network’s latest: /);
    expect(text(renderToStaticMarkup(createElement(Dashboard)))).toContain('As of block 1,200');
  });

  it('say nothing once it is in sync', () => {
    Object.assign(initial, {
      networks: [network],
      ownNodes: { n: { ...syncing, state: 'synced', height: 2_857, blocksBehind: 0 } },
      connection: { status: 'connected' },
    });
    expect(renderToStaticMarkup(createElement(AsOfHeight))).toBe('');
  });
});
