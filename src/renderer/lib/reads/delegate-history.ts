/**
 * The data behind a delegate's history chart: when its blocks were forged, read newest first from
 * `/delegates/{id}/blocks` until the window's start. The read is capped (a fast localnet forges thousands of blocks
 * a day); when the cap stops it, `since` says how far back the times really go, so the chart leaves the older
 * hours empty instead of showing them as zero.
 */
import type { BlockView } from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';

export interface BlockTimes {
  /** Unix ms of each block at or after `from`. */
  times: number[];
  /** Unix ms from which `times` is complete. */
  since: number;
}

export async function blockTimesSince(
  fetchPage: (page: number) => Promise<PageView<BlockView>>,
  from: number,
  maxPages: number,
): Promise<BlockTimes> {
  const times: number[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const answer = await fetchPage(page);
    for (const block of answer.data) {
      const at = block.timestamp.unix * 1000;
      if (at < from) return { times, since: from };
      times.push(at);
    }
    if (page >= answer.meta.pageCount || answer.data.length === 0) return { times, since: from };
  }
  // Stopped by the cap: complete only from the oldest block read.
  return { times, since: times.length === 0 ? from : Math.min(...times) };
}
