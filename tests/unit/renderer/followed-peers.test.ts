/**
 * The Node screen's own-node panel (FollowedPeers): a peer's height is its claim. When the follower does not believe
 * it (docs/design/sync.md "Claims"), the row says so with the follower's reason, and the own node is not "behind" it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { OwnNodeView } from '../../../src/shared/domain/own-node';
import { FollowedPeers } from '../../../src/renderer/features/follower/FollowedPeers';

const doubt = 'it claims height 5000000, but one block per slot since our tip allows at most 1003';

const view: OwnNodeView = {
  networkId: 'ark-mainnet',
  state: 'synced',
  height: 1_000,
  target: 1_000,
  blocksBehind: 0,
  blocksPerSecond: 0,
  etaSeconds: null,
  peers: [
    {
      url: 'http://honest.example:4003',
      height: 1_000,
      latencyMs: 40,
      banned: null,
      lastError: null,
      claimBelieved: true,
      claimDoubt: null,
      diverged: null,
    },
    {
      url: 'http://liar.example:4003',
      height: 5_000_000,
      latencyMs: 35,
      banned: null,
      lastError: null,
      claimBelieved: false,
      claimDoubt: doubt,
      diverged: null,
    },
  ],
  error: null,
  reason: 'In sync at height 1,000: no peer has shown a higher block. Not believed: liar.example (…).',
  apiUrl: 'http://127.0.0.1:41003/api',
  directory: '/tmp/followed',
};

/** The liar's table row, tags stripped. */
function liarRow(html: string): string {
  const rows = html.split('<tr>').filter((row) => row.includes('liar.example'));
  return (rows[0] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');
}

function honestRow(html: string): string {
  const rows = html.split('<tr>').filter((row) => row.includes('honest.example'));
  return (rows[0] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/\s+/g, ' ');
}

describe('FollowedPeers and a peer whose height the follower does not believe', () => {
  it('shows the claim as a claim, with the reason, and no distance to the own node', () => {
    const html = renderToStaticMarkup(createElement(FollowedPeers, { view }));
    const row = liarRow(html);
    expect(row).toContain('5,000,000');
    expect(row).toContain('claimed, not believed');
    expect(row).toContain(`Not believed: ${doubt}`);
    expect(row).not.toMatch(/behind/);
    expect(honestRow(html)).toContain('same height');
  });

  it('writes a believed peer’s distance with thousands separators', () => {
    const ahead = {
      ...view,
      height: 1_000,
      peers: [{ ...view.peers[0]!, height: 1_235_000 }],
    };
    expect(honestRow(renderToStaticMarkup(createElement(FollowedPeers, { view: ahead })))).toContain(
      '1,234,000 behind',
    );
  });
});
