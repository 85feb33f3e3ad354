/** Pending follows the tip: live confirmation counts, and confirmed entries leave once settled. */
import { describe, expect, it } from 'vitest';
import {
  canRebroadcast,
  confirmationsAt,
  reasonBesideStatus,
  settledSplit,
  STATUS_WORDS,
  statusWords,
} from '../../../src/renderer/features/pending/pending-rows';
import { pendingView } from './store-fixtures';

const entry = pendingView;
const confirmed = (id: string, height: number) =>
  entry(id, {
    status: 'confirmed',
    height,
    confirmations: 1,
    statusText: `Confirmed in block ${height} (1 confirmation).`,
  });

describe('pending rows', () => {
  it('count confirmations from the current tip, not from when the host last spoke', () => {
    const tx = confirmed('a', 100);
    expect(confirmationsAt(tx, 100)).toBe(1);
    expect(statusWords(tx, 104)).toBe('Confirmed in block 100 (5 confirmations).');
    expect(statusWords(entry('b'), 104)).toBe('In the pool, waiting for a block.');
  });

  it("say a remote node's claim as that node's report, not as a fact", () => {
    const claim = { ...confirmed('c', 100), reportedBy: 'node.example:4003' };
    expect(statusWords(claim, 102)).toBe('node.example:4003 reports it in block 100 (3 confirmations).');
  });

  it('move confirmed entries out after about ten minutes of blocks; others stay whatever their age', () => {
    const list = [
      confirmed('old', 100),
      confirmed('new', 170),
      entry('waiting'),
      entry('refused', { status: 'rejected' }),
    ];
    // 8-second blocks: 75 blocks make ten minutes.
    const { shown, settled } = settledSplit(list, 180, 8);
    expect(settled.map((e) => e.id)).toEqual(['old']);
    expect(shown.map((e) => e.id)).toEqual(['new', 'waiting', 'refused']);
    expect(settledSplit(list, 180, 1).settled).toEqual([]);
  });
});

describe('a refused transaction on Pending', () => {
  const refused = entry('r', {
    status: 'rejected',
    reason: 'The fee is lower than this node accepts.',
    statusText: 'Refused. The fee is lower than this node accepts.',
  });

  it('says its reason once: the status words carry it, no second line', () => {
    expect(reasonBesideStatus(refused)).toBeUndefined();
    const stuck = entry('s', { reason: 'It has waited in the pool for 4 blocks.' });
    expect(reasonBesideStatus(stuck)).toBe('It has waited in the pool for 4 blocks.');
  });

  it('offers Rebroadcast only where sending the same bytes again can help', () => {
    expect(canRebroadcast(refused)).toBe(false);
    expect(canRebroadcast(confirmed('c', 5))).toBe(false);
    expect(canRebroadcast(entry('p'))).toBe(true);
    expect(canRebroadcast(entry('e', { status: 'expired' }))).toBe(true);
  });

  it('names its status in words, not the host status names', () => {
    expect(STATUS_WORDS.rejected).toBe('refused');
    expect(STATUS_WORDS['in-pool']).toBe('in pool');
    expect(STATUS_WORDS.broadcast).toBe('sent');
  });
});
