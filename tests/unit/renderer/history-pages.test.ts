import { describe, expect, it } from 'vitest';
import {
  MAX_IN_FLIGHT,
  MAX_KEPT_PAGES,
  PAGE_SIZE,
  emptyHistory,
  pageOfRow,
  pagesAround,
  pagesOfRows,
  pagesToFetch,
  rowAt,
  withPage,
  type HistoryPages,
} from '../../../src/renderer/lib/reads/history-pages';

const TOTAL = 100_000;
const rowsOf = (page: number) => Array.from({ length: PAGE_SIZE }, (_, i) => (page - 1) * PAGE_SIZE + i);

describe('history pages (a 100,000-transaction history in bounded memory)', () => {
  it('maps rows to pages and reads the last row of a 100,000-row history', () => {
    expect(pageOfRow(0)).toBe(1);
    expect(pageOfRow(99)).toBe(1);
    expect(pageOfRow(100)).toBe(2);
    expect(pagesOfRows([95, 99, 100, 180, 201])).toEqual([1, 2, 3]);
    const history = withPage(emptyHistory<number>(), 1000, rowsOf(1000), TOTAL, [1000]);
    expect(rowAt(history, TOTAL - 1)).toBe(TOTAL - 1);
    expect(rowAt(history, 0)).toBeUndefined();
  });

  it('keeps at most MAX_KEPT_PAGES pages, dropping those farthest from the screen', () => {
    let history: HistoryPages<number> = emptyHistory();
    for (let page = 1; page <= 400; page++) history = withPage(history, page, rowsOf(page), TOTAL, [page]);
    expect(history.pages.size).toBe(MAX_KEPT_PAGES);
    expect([...history.pages.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: MAX_KEPT_PAGES }, (_, i) => 400 - MAX_KEPT_PAGES + 1 + i),
    );
  });

  it('drops every other page when the total changes (new transactions shift the rows)', () => {
    let history = withPage(emptyHistory<number>(), 5, rowsOf(5), TOTAL, [5]);
    history = withPage(history, 6, rowsOf(6), TOTAL, [5, 6]);
    history = withPage(history, 1, rowsOf(1), TOTAL + 1, [5, 6]);
    expect([...history.pages.keys()]).toEqual([1]);
    expect(history.total).toBe(TOTAL + 1);
  });

  it('wants the pages on screen first, then their neighbours within the history', () => {
    expect(pagesAround([150, 250], TOTAL)).toEqual([2, 3, 1, 4]);
    expect(pagesAround([0, 30], TOTAL)).toEqual([1, 2]);
    expect(pagesAround([99_950, 99_999], TOTAL)).toEqual([1000, 999]);
    expect(pagesAround([], 0)).toEqual([1]);
  });

  it('asks only for wanted pages not held nor under way, within the in-flight limit', () => {
    const history = withPage(emptyHistory<number>(), 1, rowsOf(1), TOTAL, [1]);
    expect(pagesToFetch(history, [1, 2, 3, 4], new Set())).toEqual([2, 3].slice(0, MAX_IN_FLIGHT));
    expect(pagesToFetch(history, [1, 2, 3], new Set([2]))).toEqual([3]);
    expect(pagesToFetch(history, [700, 701], new Set([2, 3]))).toEqual([]);
  });
});
