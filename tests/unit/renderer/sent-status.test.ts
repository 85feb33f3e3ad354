/**
 * What a screen says of the transaction it just sent (src/renderer/features/pending/SentStatus.tsx, on Vote,
 * Delegate, Locks, Wallets' and Localnet's faucet): its id from the moment it was broadcast, and its state as the
 * store's pending list follows it, so "Confirmed in block N" appears without a reload. Before, only the state was
 * said: the id of a vote or a lock was nowhere on the screen that sent it.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { SentStatus } from '../../../src/renderer/features/pending/SentStatus';
import { useVotary } from '../../../src/renderer/store';
import { pendingView } from './store-fixtures';

const initial = useVotary.getInitialState();
const saved = initial.pending;
afterEach(() => {
  initial.pending = saved;
});

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const id = 'ab'.repeat(32);
const sent = pendingView(id, {
  status: 'broadcast',
  statusText: 'Sent to the network; waiting to see it in a pool.',
});

describe('SentStatus', () => {
  it('says the broadcast transaction’s id with its state', () => {
    initial.pending = [sent];
    const shown = text(renderToStaticMarkup(createElement(SentStatus, { sent, what: 'Vote' })));
    expect(shown).toMatch(/^Vote: Sent to the network/);
    expect(shown).toContain(`Transaction ${id}`);
  });

  it('follows the pending entry to its block, still with the id', () => {
    initial.pending = [
      { ...sent, status: 'confirmed', height: 42, statusText: 'Confirmed in block 42 (1 confirmation).' },
    ];
    const shown = text(renderToStaticMarkup(createElement(SentStatus, { sent })));
    expect(shown).toMatch(/^Confirmed in block 42/);
    expect(shown).toContain(id);
  });

  it('leaves the id out where the screen says it already', () => {
    initial.pending = [sent];
    const shown = text(renderToStaticMarkup(createElement(SentStatus, { sent, withId: false })));
    expect(shown).not.toContain(id);
  });
});
