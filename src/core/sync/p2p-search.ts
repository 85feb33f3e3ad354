/**
 * Keeping the follower's P2P slots filled while it is far behind (docs/design/sync.md "P2P"): the peers' lists are
 * read (p2p-discovery.ts), candidates probed with getStatus, and those of the network's nethash followed — at most
 * MAX_LISTED_P2P in all, no more than MAX_P2P_PER_ADDRESS of an address while other addresses wait (p2p-slots.ts).
 * A listed interface that turned out unfit — banned, on another chain, failing again and again (the follower's
 * peer-faults.ts) — gives up its slot, as core-p2p drops such a peer (`network-monitor.ts` cleansePeers,
 * `peer-communicator.ts` after maxPeerSequentialErrors), so that one hostile list filling every slot holds them only
 * until it is found out.
 */
import type { PeerPool } from '../client';
import type { P2pPeerOptions, P2pPeers } from '../p2p';
import {
  admitP2pUrls,
  listedP2pUrls,
  MAX_LISTED_P2P,
  MAX_LISTS_READ,
  MAX_P2P_PER_LIST,
} from './p2p-discovery';
import { chooseProbes, overAddressCap, replaced, TriedUrls, type SlotState } from './p2p-slots';

/** How often the lists are asked again while a slot is free, or an address holds more than its share. */
export const P2P_SEARCH_EVERY_MS = 10 * 60_000;
/** How often `wanted` is asked until the first search. */
const WANTED_CHECK_MS = 1_000;
/** Probe rounds in one search (each at most MAX_LISTED_P2P at once), for slots the first round left free. */
const MAX_PROBE_ROUNDS = 3;
/** URLs remembered as tried: as many as one search's lists may name. */
const MAX_TRIED_P2P = MAX_LISTS_READ * MAX_P2P_PER_LIST;
/**
 * How long an interface that gave up its slot as unfit is not probed again: one search's time (a banned one, as long
 * as its ban lasts), so that a failing one that still answers getStatus does not take the slot back at once.
 */
const UNFIT_REST_MS = P2P_SEARCH_EVERY_MS;

export interface P2pSearchOptions {
  peerPool: PeerPool;
  /** The follower's P2P interfaces: those admitted are added to them, those unfit taken out of them. */
  p2p: P2pPeers;
  nethash: string;
  /** The peers the user configured (whether special addresses may be taken from lists). */
  configured: readonly string[];
  /**
   * Whether P2P is worth a search now: far behind the network. A follower at the tip gains nothing from it, and
   * the lists are asked of the peers the follower itself asks, within their budgets.
   */
  wanted: () => boolean;
  /** Whether the follower finds the interface of no use for now (Follower `unfit`): its slot is given to another. */
  unfit: (url: string) => boolean;
  log: (line: string) => void;
  everyMs?: number;
  /** The probes' options (tests: shorter timeouts). */
  probe?: P2pPeerOptions;
}

/**
 * Adds the P2P interfaces the peers list and that answer with the network's nethash to `p2p` — once the follower
 * is far behind (`wanted`), and again every `everyMs` while it still is (lists change as nodes come and go). The
 * interfaces `p2p` held before are the user's and keep their slots.
 */
export function searchP2p(options: P2pSearchOptions): { stop(): void } {
  let stopped = false;
  let searching = false;
  let lastSearch = -Infinity;
  const listed = new Set<string>();
  const tried = new TriedUrls(MAX_TRIED_P2P);
  const state = (): SlotState => ({
    followed: options.p2p.all().map((peer) => peer.url),
    listed,
    max: MAX_LISTED_P2P,
  });
  const follow = (before: SlotState, out: readonly string[], admitted: readonly string[], restUntil = 0) => {
    const kept = before.followed.filter((url) => !out.includes(url));
    const added = admitted.slice(0, Math.max(0, MAX_LISTED_P2P - kept.length));
    for (const url of out) {
      listed.delete(url);
      tried.add(url, restUntil);
    }
    for (const url of added) listed.add(url);
    options.p2p.setPeers([...kept, ...added]);
    return added;
  };

  const search = async () => {
    const unfit = state().followed.filter((url) => listed.has(url) && options.unfit(url));
    if (unfit.length > 0) {
      follow(state(), unfit, [], Date.now() + UNFIT_REST_MS);
      options.log(
        `P2P interface(s) banned, on another chain or failing again and again gave up their slot: ${unfit.join(', ')}`,
      );
    }
    const now = state();
    if (now.followed.length >= MAX_LISTED_P2P && overAddressCap(now).length === 0) return;
    const candidates = await listedP2pUrls(options.peerPool, {
      configured: options.configured,
      known: new Set(now.followed),
    });
    const probed = new Set<string>();
    for (let round = 0; round < MAX_PROBE_ROUNDS && !stopped; round++) {
      const left = candidates.filter((url) => !probed.has(url) && !tried.resting(url) && !options.unfit(url));
      const probe = chooseProbes(state(), left, (url) => tried.has(url));
      if (probe.length === 0) return;
      for (const url of probe) {
        probed.add(url);
        tried.add(url);
      }
      const admitted = await admitP2pUrls(probe, options.nethash, options.probe);
      if (stopped || admitted.length === 0) continue;
      const before = state();
      const out = replaced(before, admitted.length);
      const added = follow(before, out, admitted);
      options.log(
        `downloading blocks from ${added.length} P2P interface(s) the peers list too: ${added.join(', ')}`,
      );
      if (out.length > 0) {
        options.log(
          `P2P interface(s) of an address holding more than its share gave up their slot: ${out.join(', ')}`,
        );
      }
    }
  };
  const tick = () => {
    if (stopped || searching || Date.now() - lastSearch < (options.everyMs ?? P2P_SEARCH_EVERY_MS)) return;
    if (!options.wanted()) return;
    searching = true;
    lastSearch = Date.now();
    search()
      .catch((error: unknown) =>
        options.log(
          `looking for P2P interfaces failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => {
        searching = false;
      });
  };
  const timer = setInterval(tick, WANTED_CHECK_MS);
  timer.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}
