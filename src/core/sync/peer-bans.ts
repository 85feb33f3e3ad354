/**
 * Peers that served something invalid, each banned for a while with the reason (docs/design/sync.md "Peers"):
 * the follower asks the others meanwhile. A ban ends by itself, so a peer that was fixed comes back.
 */
export interface PeerBan {
  url: string;
  /** Unix milliseconds. */
  until: number;
  reason: string;
}

export class PeerBans {
  private readonly bans = new Map<string, PeerBan>();

  constructor(private readonly now: () => number) {}

  ban(url: string, reason: string, forMs: number): PeerBan {
    const ban = { url, until: this.now() + forMs, reason };
    this.bans.set(url, ban);
    return ban;
  }

  /** The ban in force on a peer, if any. */
  of(url: string): PeerBan | undefined {
    const ban = this.bans.get(url);
    if (ban !== undefined && ban.until <= this.now()) {
      this.bans.delete(url);
      return undefined;
    }
    return ban;
  }

  isBanned(url: string): boolean {
    return this.of(url) !== undefined;
  }
}
