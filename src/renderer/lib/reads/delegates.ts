/**
 * The delegates' reads: pages of delegates by rank, the names history rows and the dashboard show, one delegate by
 * name, its forged blocks, its voters and its history. Each key names what it asks for and the tick of what it
 * moves with (store/host-changes.ts): blocks, paced, and at once a vault wallet's chain state (its vote confirmed
 * moves the votes shown). The same page at the same tick is one read (shared-read.ts): the Delegates and Vote pages
 * and the names all read page 1 of `chain:delegates`.
 */
import { useMemo } from 'react';
import type { BlockView, ChainWallet, DelegateView } from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { changeTick, pacedBlockTick } from '../../store/host-changes';
import type { VotaryState } from '../../store/types';
import { useLatest } from '../use-read';
import { useThrottled } from '../use-throttled';
import { blockTimesSince, type BlockTimes } from './delegate-history';
import { readMissedSlots, readProductivity } from './monitor';
import { sharedRead, useSharedLatest } from './shared-read';

/** Votes and ranks move with blocks: a table of delegates is read again at most once per 10 s of blocks. */
export const DELEGATES_PACE_MS = 10_000;
/** Names change when a delegate registers: read again once per minute of blocks. */
export const NAMES_PACE_MS = 60_000;
/** The names: the forging set and standby, the first 300 by rank. */
export const NAME_PAGES = 3;
/** A delegate's own page (its history reads up to ten pages of blocks): at most once per 15 s. */
export const DELEGATE_PAGE_PACE_MS = 15_000;

type TickState = Pick<
  VotaryState,
  'lastBlock' | 'node' | 'pending' | 'wallets' | 'chainWallets' | 'chainWalletsNetworkId'
>;

/** What a table of delegates moves with: blocks (paced), and a vault wallet's chain state at once. */
export function delegatesTick(state: TickState): string {
  return `${pacedBlockTick(state, DELEGATES_PACE_MS)}|${changeTick(state, ['balances'])}`;
}

/** What the names move with: the active network, and its blocks once a minute. */
export function namesTick(state: TickState): string {
  return pacedBlockTick(state, NAMES_PACE_MS);
}

/** One page of delegates by rank, or of those whose name starts with `search`, at `tick`. */
export function readDelegatesPage(
  page: number,
  search: string,
  tick: string,
): Promise<PageView<DelegateView>> {
  return sharedRead(`chain:delegates:${page}:${search}#${tick}`, () =>
    call('chain:delegates', { page, limit: 100, ...(search === '' ? {} : { search }) }),
  );
}

/** One page of delegates (100), or of those whose name holds `search`; one read per pause in typing. */
export function useDelegatePage(
  at: { page: number; search: string },
  report: (error: unknown) => void,
  delayMs = 150,
): PageView<DelegateView> | undefined {
  const tick = useVotary(delegatesTick);
  const search = at.search.trim();
  return useLatest(() => readDelegatesPage(at.page, search, tick), `${at.page}:${search}#${tick}`, {
    report,
    delayMs,
  }).value;
}

/** The first NAME_PAGES pages by rank at `tick`, each page shared. */
export async function readDelegateList(tick: string): Promise<DelegateView[]> {
  const list: DelegateView[] = [];
  for (let page = 1; page <= NAME_PAGES; page += 1) {
    const answer = await readDelegatesPage(page, '', tick);
    list.push(...answer.data);
    if (page >= answer.meta.pageCount) break;
  }
  return list;
}

/**
 * The active network's first 300 delegates, for names; undefined until this network's answer arrives (another
 * network's list is never shown under this one's addresses).
 */
export function useDelegateList(report: (error: unknown) => void): DelegateView[] | undefined {
  const tick = useVotary(namesTick);
  const networkId = useVotary((s) => s.node?.networkId);
  const latest = useLatest(
    networkId === undefined ? undefined : () => readDelegateList(tick).then((list) => ({ networkId, list })),
    tick,
    { report },
  ).value;
  return latest?.networkId === networkId ? latest?.list : undefined;
}

/** Delegate names by public key (a vote is a public key). */
export function useDelegateNames(report: (error: unknown) => void): Record<string, string> {
  const list = useDelegateList(report);
  return useMemo(
    () => (list === undefined ? NO_NAMES : Object.fromEntries(list.map((d) => [d.publicKey, d.username]))),
    [list],
  );
}

const NO_NAMES: Record<string, string> = {};

/** What a delegate's own page moves with: blocks and the monitor's block records, at most every 15 s. */
export function useDelegatePageTick(): string {
  return useThrottled(
    useVotary((s) => changeTick(s, ['block', 'monitor-blocks'])),
    DELEGATE_PAGE_PACE_MS,
  );
}

/**
 * The delegate named `name` (the node searches by a name's start, at most 20 characters; this picks it), at
 * `tick`. The answer carries its name: `found` undefined means no delegate has that name.
 */
export function useDelegateNamed(name: string | undefined, tick: string) {
  return useLatest(
    name === undefined
      ? undefined
      : () =>
          readDelegatesPage(1, name.slice(0, 20), tick).then((page) => ({
            name,
            found: page.data.find((delegate) => delegate.username === name),
          })),
    `${name}#${tick}`,
  );
}

/** A page of 25 of a delegate's forged blocks, newest first, at `tick`. */
export function useDelegateBlocks(
  publicKey: string,
  page: number,
  tick: string,
  report: (error: unknown) => void,
): PageView<BlockView> | undefined {
  return useLatest(
    () => call('chain:delegate-blocks', { delegate: publicKey, page, limit: 25 }),
    `${publicKey}:${page}#${tick}`,
    { report },
  ).value;
}

/** A page of 25 of the wallets voting for a delegate, at `tick`. */
export function useDelegateVoters(
  publicKey: string,
  page: number,
  tick: string,
  report: (error: unknown) => void,
): PageView<ChainWallet> | undefined {
  return useLatest(
    () => call('chain:delegate-voters', { delegate: publicKey, page, limit: 25 }),
    `${publicKey}:${page}#${tick}`,
    { report },
  ).value;
}

const DAY = 86_400_000;
/** A full missed list may be cut short: it is complete only from its oldest entry. */
export const HISTORY_MISSED_LIMIT = 500;

export interface DelegateHistoryData {
  to: number;
  blocks: BlockTimes;
  missed: Awaited<ReturnType<typeof readMissedSlots>>;
  coveredSince: number | undefined;
}

/** A delegate's last day: its blocks' times (up to ten pages), its missed slots and the monitor's day, at `tick`. */
export function useDelegateHistory(publicKey: string, tick: string) {
  return useSharedLatest(async (): Promise<DelegateHistoryData> => {
    const to = Date.now();
    const [blocks, missed, day] = await Promise.all([
      blockTimesSince(
        (page) => call('chain:delegate-blocks', { delegate: publicKey, page, limit: 100 }),
        to - DAY,
        10,
      ),
      readMissedSlots(publicKey, HISTORY_MISSED_LIMIT, tick),
      readProductivity('day', tick),
    ]);
    return { to, blocks, missed, coveredSince: day.coveredSince };
  }, `delegate-history:${publicKey}#${tick}`);
}
