/**
 * A network's own node in words (the shell's header, Settings, the node screen): its state, how far it is, and a
 * peer it refused — the things a person watching it sync wants to read at a glance.
 */
import type { OwnNodeView } from '../../../shared/domain/own-node';
import { withoutUrls } from '../../lib/plain-reason';
import { durationWords, type DurationUnit } from '../../../shared/lib/duration-words';

/** Below this many blocks behind, a following node is "behind" rather than syncing (ARK polls every ~8 s). */
const BEHIND_BLOCKS = 10;

export type OwnNodeTone = 'ok' | 'busy' | 'warn' | 'bad' | 'off';

export function ownNodeTone(view: OwnNodeView): OwnNodeTone {
  switch (view.state) {
    case 'off':
      return 'off';
    case 'starting':
    case 'syncing':
      return view.blocksBehind > 0 && view.blocksBehind <= BEHIND_BLOCKS ? 'warn' : 'busy';
    case 'synced':
      return view.blocksBehind > 1 ? 'warn' : 'ok';
    case 'stalled':
      return 'warn';
    case 'failed':
      return 'bad';
  }
}

/**
 * One line: "Syncing 42% · 1,200 verified of 2,857 claimed · 390 blocks/s · about 5 s left". The network's height
 * is the highest its peers claim that the follower believes (within the slot bound, not yet disproved): a claim
 * until the node has verified up to it, and said so.
 */
export function ownNodeSummary(view: OwnNodeView): string {
  switch (view.state) {
    case 'off':
      return 'Own node off';
    case 'starting':
      return 'Own node starting: asking the peers for the network…';
    case 'syncing':
      if (view.blocksBehind > 0 && view.blocksBehind <= BEHIND_BLOCKS) {
        return `Own node ${view.blocksBehind} block${view.blocksBehind === 1 ? '' : 's'} behind (height ${count(view.height)})`;
      }
      return [
        `Syncing ${percent(view)}`,
        `${count(view.height)} verified of ${count(view.target)} claimed`,
        `${count(Math.round(view.blocksPerSecond))} blocks/s`,
        ...(view.etaSeconds === null ? [] : [`about ${duration(view.etaSeconds)} left`]),
      ].join(' · ');
    case 'synced':
      return view.blocksBehind > 1
        ? `Own node ${view.blocksBehind} blocks behind (height ${count(view.height)})`
        : `Own node in sync · height ${count(view.height)} · verified`;
    case 'stalled':
      return `Own node stalled at ${count(view.height)}: ${ownNodeReason(view) ?? 'no peer answers'}`;
    case 'failed':
      return `Own node stopped: ${ownNodeReason(view) ?? 'it could not go on'}`;
  }
}

/**
 * Why it stalls or stopped, in words: the follower's own sentence (`reason`) when it gives one, else its error's
 * message; either with every URL cut to its host.
 */
export function ownNodeReason(view: Pick<OwnNodeView, 'error' | 'reason'>): string | undefined {
  const text = view.reason ?? view.error?.message;
  return text === undefined || text === '' ? undefined : withoutUrls(text);
}

/** The most recent reason a peer was refused, for the header: "peer 10.0.0.2 banned: block 12: bad signature". */
export function bannedPeerWords(view: OwnNodeView): string | undefined {
  const banned = view.peers
    .filter((peer) => peer.banned !== null)
    .sort((a, b) => (b.banned?.until ?? 0) - (a.banned?.until ?? 0))[0];
  if (banned?.banned == null) return undefined;
  return `Peer ${hostOf(banned.url)} banned: ${withoutUrls(banned.banned.reason)}`;
}

export function percent(view: Pick<OwnNodeView, 'height' | 'target'>): string {
  if (view.target <= 0) return '0%';
  return `${Math.floor((Math.min(view.height, view.target) / view.target) * 100)}%`;
}

const SHORT_UNITS: Record<DurationUnit, string> = { second: 's', minute: 'min', hour: 'h', day: 'days' };

/** "45 s", "12 min", "3 h 20 min", "2 days 4 h": durationWords' spans, in the units a status line has room for. */
export function duration(seconds: number): string {
  return durationWords(seconds, (value, unit) => `${value} ${SHORT_UNITS[unit]}`);
}

/** "820 kB", "1.4 GB". */
export function bytes(value: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let size = value;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit++;
  }
  return unit === 0 ? `${size} bytes` : `${size >= 10 ? Math.round(size) : size.toFixed(1)} ${units[unit]}`;
}

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "12,345": heights and counts with their thousands apart. */
export function count(value: number): string {
  return COUNT.format(value);
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
