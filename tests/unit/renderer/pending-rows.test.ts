/** Pending follows the tip: live confirmation counts, and confirmed entries leave once settled. */
import { describe, expect, it } from 'vitest';
import type { PendingView } from '../../../src/shared/domain/transactions';
import {
  confirmationsAt,
  settledSplit,
  statusWords,
} from '../../../src/renderer/features/pending/pending-rows';

const entry = (id: string, over: Partial<PendingView> = {}): PendingView => ({
  id,
  networkId: 'localnet',
  sender: 'A',
  kind: 'transfer',
  amount: '1',
  fee: '1',
  nonce: '1',
  status: 'in-pool',
  statusText: 'In the pool, waiting for a block.',
  expiresAtHeight: 600,
  createdAt: 1,
  lastBroadcastAt: 1,
  broadcastCount: 1,
  ...over,
});
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
