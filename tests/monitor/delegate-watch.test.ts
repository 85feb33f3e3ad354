/**
 * DelegateWatch (core/monitor/delegate-watch.ts) and the delegate-rank / delegate-voters rules: the first reading
 * is a baseline, then a rank change, voters joining, leaving and moving at least the threshold are changes, the
 * largest first past the per-reading bound; a reading that may be cut short never says a voter left.
 */
import { describe, expect, it } from 'vitest';
import { DelegateWatch, VOTER_CHANGES_MAX, VOTER_PAGES_MAX } from '../../src/core/monitor/delegate-watch';

const TOKEN = 100_000_000n;
const KEY = '02'.padEnd(66, 'a');

describe('DelegateWatch', () => {
  it('reports a rank change after the first reading, for my delegates only', () => {
    const watch = new DelegateWatch();
    const mine = new Set([KEY]);
    expect(watch.ranksRead(mine, new Map([[KEY, 5]]))).toEqual([]);
    expect(watch.ranksRead(mine, new Map([[KEY, 5]]))).toEqual([]);
    expect(watch.ranksRead(mine, new Map([[KEY, 7]]))).toEqual([
      { kind: 'rank', publicKey: KEY, from: 5, to: 7 },
    ]);
    expect(watch.ranksRead(new Set(), new Map([[KEY, 3]]))).toEqual([]);
  });

  it('reports voters joining, leaving and moving at least the threshold', () => {
    const watch = new DelegateWatch();
    const threshold = 1_000n * TOKEN;
    expect(
      watch.votersRead(
        KEY,
        new Map([
          ['Dstays', 500n * TOKEN],
          ['Dleaves', 20n * TOKEN],
          ['Dmoves', 5_000n * TOKEN],
        ]),
        threshold,
      ),
    ).toEqual([]);
    const changes = watch.votersRead(
      KEY,
      new Map([
        ['Dstays', 1_400n * TOKEN],
        ['Dmoves', 3_900n * TOKEN],
        ['Djoins', 7n * TOKEN],
      ]),
      threshold,
    );
    expect(changes).toEqual([
      { kind: 'balance', publicKey: KEY, address: 'Dmoves', from: 5_000n * TOKEN, to: 3_900n * TOKEN },
      { kind: 'joined', publicKey: KEY, address: 'Djoins', balance: 7n * TOKEN },
      { kind: 'left', publicKey: KEY, address: 'Dleaves', balance: 20n * TOKEN },
    ]);
  });

  it('never says a voter left when the reading filled every page it reads', () => {
    const watch = new DelegateWatch();
    const full = new Map(Array.from({ length: VOTER_PAGES_MAX * 100 }, (_, i) => [`D${i}`, 1n] as const));
    watch.votersRead(KEY, new Map([...full, ['Dsmallest', 0n]]), TOKEN);
    expect(watch.votersRead(KEY, full, TOKEN)).toEqual([]);
  });

  it('keeps the largest changes past the bound and counts the rest', () => {
    const watch = new DelegateWatch();
    watch.votersRead(KEY, new Map(), TOKEN);
    const joined = new Map(
      Array.from({ length: VOTER_CHANGES_MAX + 5 }, (_, i) => [`D${i}`, BigInt(i)] as const),
    );
    const changes = watch.votersRead(KEY, joined, TOKEN);
    expect(changes).toHaveLength(VOTER_CHANGES_MAX + 1);
    expect(changes[0]).toMatchObject({ kind: 'joined', balance: BigInt(VOTER_CHANGES_MAX + 4) });
    expect(changes.at(-1)).toEqual({ kind: 'more', publicKey: KEY, count: 5 });
  });
});
