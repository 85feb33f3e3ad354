/**
 * mapLimited (src/shared/lib/map-limited.ts): every item mapped, in order, never more than `limit` calls in flight,
 * and nothing started after the first failure.
 */
import { describe, expect, it } from 'vitest';
import { mapLimited } from '../../../src/shared/lib/map-limited';

/** A mapper that counts the calls in flight and the most at once; each call yields to the event loop first. */
function counting() {
  let inFlight = 0;
  let most = 0;
  const started: number[] = [];
  const map = async (item: number): Promise<number> => {
    started.push(item);
    inFlight += 1;
    most = Math.max(most, inFlight);
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
    if (item < 0) throw new Error(`bad item ${item}`);
    return item * 2;
  };
  return { map, most: () => most, started };
}

describe('mapLimited', () => {
  it('maps every item in order with at most `limit` calls in flight', async () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const mapper = counting();
    expect(await mapLimited(items, 4, mapper.map)).toEqual(items.map((i) => i * 2));
    expect(mapper.most()).toBe(4);
  });

  it('maps an empty list, and a list shorter than the limit all at once', async () => {
    expect(await mapLimited([], 4, counting().map)).toEqual([]);
    const mapper = counting();
    expect(await mapLimited([1, 2], 8, mapper.map)).toEqual([2, 4]);
    expect(mapper.most()).toBe(2);
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const mapper = counting();
    const items = [1, 2, -3, 4, 5, 6, 7, 8];
    await expect(mapLimited(items, 2, mapper.map)).rejects.toThrow('bad item -3');
    expect(mapper.started).not.toContain(6);
    expect(mapper.started.length).toBeLessThanOrEqual(4);
  });
});
