import { describe, expect, it } from 'vitest';
import { describeDifference, paths } from './shape-diff';

const ok = (body: unknown) => ({ status: 200, body });

describe('the interop shape comparison', () => {
  it('lists the key paths of an answer, a list by its first item', () => {
    expect(paths({ data: [{ id: 'a', asset: { votes: ['+k'] } }], meta: {} })).toEqual([
      'data[].id',
      'data[].asset.votes[]',
      'meta{}',
    ]);
    expect(paths({ data: [] })).toEqual(['data[]']);
  });

  it('finds a key one side has and the other lacks, a status and an error message', () => {
    expect(describeDifference('/r', ok({ data: { a: 1 } }), ok({ data: { a: 1, b: 2 } }))).toEqual([
      '/r: only ARK Core has data.b',
    ]);
    expect(describeDifference('/r', ok({ data: { a: 1, c: 3 } }), ok({ data: { a: 1 } }))).toEqual([
      '/r: only Votary has data.c',
    ]);
    expect(describeDifference('/r', { status: 200, body: {} }, { status: 422, body: {} })).toEqual([
      '/r: status 200 (Votary) vs 422 (ARK Core)',
    ]);
    expect(
      describeDifference(
        '/r',
        { status: 404, body: { message: 'Block not found' } },
        { status: 404, body: { message: 'Not Found' } },
      ),
    ).toEqual(['/r: message "Block not found" (Votary) vs "Not Found" (ARK Core)']);
  });

  it('takes an empty list or object on either side as no data of that kind, not as a difference', () => {
    // A fresh ARK Core testnet has no version-2 vote yet where localnet's genesis has some.
    expect(describeDifference('/votes', ok({ data: [{ id: 'x', asset: {} }] }), ok({ data: [] }))).toEqual(
      [],
    );
    expect(describeDifference('/votes', ok({ data: [] }), ok({ data: [{ id: 'x' }] }))).toEqual([]);
    // A fresh localnet's fees are {} where ARK Core's testnet has some.
    expect(describeDifference('/fees', ok({ data: {} }), ok({ data: { transfer: { avg: '1' } } }))).toEqual(
      [],
    );
    // An empty list elsewhere does not hide a difference beside it.
    expect(
      describeDifference('/r', ok({ data: [], meta: { a: 1 } }), ok({ data: [{ id: 'x' }], meta: {} })),
    ).toEqual([]);
    expect(
      describeDifference('/r', ok({ data: [], meta: 1 }), ok({ data: [{ id: 'x' }], other: 1 })),
    ).toEqual(['/r: only ARK Core has other', '/r: only Votary has meta']);
  });
});
