/**
 * Paging through a list the host serves in pages (the delegate list: `chain:delegates` answers at most 100 per
 * page, ARK's API limit), so that every entry is reachable however long the list is.
 */
import type { PageMetaView } from '../../../shared/domain/common';

export interface PagerState {
  page: number;
  pageCount: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** "Page 2 of 3 · 251 delegates". */
  label: string;
}

export function pagerState(meta: PageMetaView | undefined, noun: string): PagerState {
  if (meta === undefined) {
    return { page: 1, pageCount: 1, hasPrevious: false, hasNext: false, label: '…' };
  }
  const pageCount = Math.max(1, meta.pageCount);
  const page = Math.min(Math.max(1, meta.page), pageCount);
  return {
    page,
    pageCount,
    hasPrevious: page > 1,
    hasNext: page < pageCount,
    label: `Page ${page} of ${pageCount} · ${meta.totalCount} ${noun}`,
  };
}
