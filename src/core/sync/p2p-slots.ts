/**
 * Which listed P2P interfaces get the follower's few slots (docs/design/sync.md "P2P"). ARK Core keys its peers by
 * IP address (core-p2p `peer-repository.ts`: `peers.set(peer.ip, …)`; `network-monitor.ts` discoverPeers merges
 * the lists by `ip`), so an honest list never names one address twice — but a hostile list may name its own address
 * on as many ports as there are slots. So, while interfaces of other addresses are waiting, an address gets at most
 * MAX_P2P_PER_ADDRESS slots; its further ports are not discarded but wait behind them (a list may name an honest
 * node's address with a wrong port first: the right one is still probed), and they may take slots no other address
 * wants. Candidates never tried go before those tried already (probed, or given up their slot), so that what failed
 * once does not keep the slot from what was never asked.
 */
import { hostOf } from './peer-address';

/** Slots for an address while other addresses wait: one, as ARK Core keeps one peer per IP address. */
export const MAX_P2P_PER_ADDRESS = 1;

export interface SlotState {
  /** Every interface followed, configured and listed, oldest first. */
  followed: readonly string[];
  /** Those of `followed` a list named (the configured ones are the user's choice and keep their slot). */
  listed: ReadonlySet<string>;
  max: number;
}

function counts(urls: readonly string[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const url of urls) count.set(hostOf(url), (count.get(hostOf(url)) ?? 0) + 1);
  return count;
}

/**
 * The listed interfaces beyond their address's MAX_P2P_PER_ADDRESS slots, newest first: those that give up their
 * slot when an interface of another address is admitted in their stead (`replaced`).
 */
export function overAddressCap(state: SlotState): string[] {
  const count = counts(state.followed);
  const over: string[] = [];
  for (const url of [...state.followed].reverse()) {
    const host = hostOf(url);
    if (!state.listed.has(url) || count.get(host)! <= MAX_P2P_PER_ADDRESS) continue;
    count.set(host, count.get(host)! - 1);
    over.push(url);
  }
  return over;
}

/**
 * The candidates to probe now (at once: never more than `state.max`): first those of addresses below their cap —
 * untried before tried, each in the order given — as many as the free slots plus those an address holds beyond its
 * cap; then, for free slots only, the further ports of addresses at their cap.
 */
export function chooseProbes(
  state: SlotState,
  candidates: readonly string[],
  tried: (url: string) => boolean,
): string[] {
  const free = Math.max(0, state.max - state.followed.length);
  const room = free + overAddressCap(state).length;
  const count = counts(state.followed);
  const followed = new Set(state.followed);
  const ordered = [
    ...candidates.filter((url) => !tried(url)),
    ...candidates.filter((url) => tried(url)),
  ].filter((url, index, all) => !followed.has(url) && all.indexOf(url) === index);
  const probe: string[] = [];
  const waiting: string[] = [];
  for (const url of ordered) {
    if (probe.length >= room) break;
    const host = hostOf(url);
    if ((count.get(host) ?? 0) >= MAX_P2P_PER_ADDRESS) {
      waiting.push(url);
      continue;
    }
    count.set(host, (count.get(host) ?? 0) + 1);
    probe.push(url);
  }
  for (const url of waiting) {
    if (probe.length >= free) break;
    probe.push(url);
  }
  return probe;
}

/** The listed interfaces that give up their slot so that `admitted` fit within `state.max`: beyond their cap. */
export function replaced(state: SlotState, admitted: number): string[] {
  const excess = state.followed.length + admitted - state.max;
  return excess <= 0 ? [] : overAddressCap(state).slice(0, excess);
}

/**
 * URLs remembered as tried, at most `max` — the oldest forgotten first (it is then taken as never tried), so that a
 * hostile list naming ever new interfaces cannot grow it — each with when it may be probed again, if it gave up its
 * slot as unfit (core-p2p forgets such a peer and learns of it again at a later discovery round, `network-monitor.ts`).
 */
export class TriedUrls {
  private readonly urls = new Map<string, number>();

  constructor(
    private readonly max: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Tried; not to be probed again before `restUntil` (Unix ms; default: at once). */
  add(url: string, restUntil = 0): void {
    this.urls.delete(url);
    this.urls.set(url, restUntil);
    for (const oldest of this.urls.keys()) {
      if (this.urls.size <= this.max) break;
      this.urls.delete(oldest);
    }
  }

  has(url: string): boolean {
    return this.urls.has(url);
  }

  /** Whether it gave up its slot as unfit lately: not a candidate yet. */
  resting(url: string): boolean {
    return (this.urls.get(url) ?? 0) > this.now();
  }

  get size(): number {
    return this.urls.size;
  }
}
