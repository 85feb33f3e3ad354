/**
 * The pages of a wallet's history the virtual list holds (docs/design/architecture.md "Rules": every list is
 * paginated end to end).
 * A 100,000-transaction history must scroll from the first row to the last without the renderer
 * keeping every row it ever showed: only the pages around the viewport are kept, at most MAX_KEPT_PAGES, and
 * pages are fetched for the rows on screen now — a page that scrolled away before its turn is never asked for.
 */
export const PAGE_SIZE = 100;
/** 1,500 rows: a few screens either side of the viewport. */
export const MAX_KEPT_PAGES = 15;
/** Requests at a time: the next page is already asked for while one is answered, no backlog beyond that. */
export const MAX_IN_FLIGHT = 2;

export interface HistoryPages<Row> {
  /** The history's length, from the last page answered; undefined before the first answer. */
  total: number | undefined;
  pages: ReadonlyMap<number, readonly Row[]>;
}

export function emptyHistory<Row>(): HistoryPages<Row> {
  return { total: undefined, pages: new Map() };
}

/** The 1-based page holding row `index` (0-based). */
export function pageOfRow(index: number): number {
  return Math.floor(index / PAGE_SIZE) + 1;
}

export function rowAt<Row>(history: HistoryPages<Row>, index: number): Row | undefined {
  return history.pages.get(pageOfRow(index))?.[index % PAGE_SIZE];
}

/** The pages of the given rows, in order of first appearance, without repeats. */
export function pagesOfRows(indices: readonly number[]): number[] {
  return [...new Set(indices.map(pageOfRow))];
}

/**
 * The pages to have, most urgent first: those of the rows on screen, then the page just before and just after
 * them, so scrolling at reading speed finds the next page already there.
 */
export function pagesAround(indices: readonly number[], total: number): number[] {
  const shown = pagesOfRows(indices);
  if (shown.length === 0) return [1];
  const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const neighbours = [Math.min(...shown) - 1, Math.max(...shown) + 1].filter(
    (page) => page >= 1 && page <= last && !shown.includes(page),
  );
  return [...shown, ...neighbours];
}

/**
 * The history with `page` answered. A changed total means transactions arrived (or went) at the top and every
 * older row moved: the other pages no longer hold what they say, so they are dropped and fetched again. Beyond
 * MAX_KEPT_PAGES, the pages farthest from `wanted` (the pages on screen) go first.
 */
export function withPage<Row>(
  history: HistoryPages<Row>,
  page: number,
  rows: readonly Row[],
  total: number,
  wanted: readonly number[],
): HistoryPages<Row> {
  const pages = new Map(history.total === total ? history.pages : []);
  pages.set(page, rows);
  if (pages.size > MAX_KEPT_PAGES) {
    const near = wanted.length === 0 ? [page] : wanted;
    const distance = (p: number) => Math.min(...near.map((w) => Math.abs(w - p)));
    const byDistance = [...pages.keys()].sort((a, b) => distance(b) - distance(a));
    for (const far of byDistance.slice(0, pages.size - MAX_KEPT_PAGES)) pages.delete(far);
  }
  return { total, pages };
}

/** The wanted pages to ask for next: not held, not already asked for, within the in-flight limit. */
export function pagesToFetch(
  history: HistoryPages<unknown>,
  wanted: readonly number[],
  inFlight: ReadonlySet<number>,
): number[] {
  const room = MAX_IN_FLIGHT - inFlight.size;
  if (room <= 0) return [];
  return wanted.filter((page) => !history.pages.has(page) && !inFlight.has(page)).slice(0, room);
}
