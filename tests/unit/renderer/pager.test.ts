import { describe, expect, it } from 'vitest';
import { pagerState } from '../../../src/renderer/features/vote/pager';

const meta = (page: number, totalCount: number, limit = 100) => ({
  page,
  limit,
  count: Math.min(limit, Math.max(0, totalCount - (page - 1) * limit)),
  totalCount,
  pageCount: Math.ceil(totalCount / limit),
});

describe('delegate pager', () => {
  it('reaches every page of a list longer than one page', () => {
    expect(pagerState(meta(1, 251), 'delegates')).toEqual({
      page: 1,
      pageCount: 3,
      hasPrevious: false,
      hasNext: true,
      label: 'Page 1 of 3 · 251 delegates',
    });
    expect(pagerState(meta(2, 251), 'delegates')).toMatchObject({ hasPrevious: true, hasNext: true });
    expect(pagerState(meta(3, 251), 'delegates')).toMatchObject({ hasPrevious: true, hasNext: false });
  });

  it('one page, an empty search result, and nothing loaded yet', () => {
    expect(pagerState(meta(1, 21), 'delegates')).toMatchObject({
      hasPrevious: false,
      hasNext: false,
      label: 'Page 1 of 1 · 21 delegates',
    });
    expect(pagerState(meta(1, 0), 'delegates')).toMatchObject({ pageCount: 1, hasNext: false });
    expect(pagerState(undefined, 'delegates')).toMatchObject({ hasPrevious: false, hasNext: false });
  });

  it('a page beyond the end (the list shrank) is shown as the last page', () => {
    expect(pagerState({ ...meta(4, 251), page: 4 }, 'delegates')).toMatchObject({
      page: 3,
      hasNext: false,
      hasPrevious: true,
    });
  });
});
