/**
 * Each window of the browser shell gives the vault password itself (docs/design/security.md "Browser shell"). The
 * vault is unlocked for the core, which serves every window; a window is one bridge connection, and anyone who
 * holds the launch token can open one. So a connection is admitted to the open vault only by proving the password
 * in it: unlocking a locked vault, creating the vault, or giving the password of the vault another window opened
 * (`vault:unlock` then checks it without replacing the session, services/wallets/handlers.ts). The admission
 * holds for that vault session only: once the vault locks (by hand, after idle time, on a profile switch) every
 * window must give the password again. Until then a window reaches only what the unlock screen needs and hears
 * only the events it shows; everything else is refused as a locked vault refuses it (ERR_LOCKED), and the vault's
 * status reads locked. The Electron shell has one window and keeps the vault as the core has it.
 */
import { randomBytes } from 'node:crypto';
import { isIpcChannel, type IpcChannel, type IpcEvent } from '../shared/ipc/channels';
import { ipcError, type IpcResult } from '../shared/ipc/errors';

/** What the gate needs from the core: AppCore satisfies it. */
export interface GatedCore {
  handleRequest(channel: unknown, payload: unknown): Promise<IpcResult<unknown>>;
  /** The open vault's session name, undefined while locked (Keystore.sessionToken()). */
  vaultSession(): string | undefined;
}

/** The unlock screen's reads (VaultGate, ProfileChooser, HostStatus and the node line): nothing of the vault. */
const BEFORE_UNLOCK: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'app:info',
  'vault:status',
  'vault:keychain-status',
  'profiles:list',
  'networks:status',
  'networks:configuration',
  'networks:list',
  'chain:block',
]);

/** The requests that may admit a window: each proves the password, or opens a vault nobody had open. */
const ADMITTING: ReadonlySet<IpcChannel> = new Set<IpcChannel>([
  'vault:unlock',
  'vault:create',
  'vault:unlock-with-device',
]);

/** The events the unlock screen follows; the rest (wallets, transactions, alerts, the monitor) wait for the password. */
const EVENTS_BEFORE_UNLOCK: ReadonlySet<IpcEvent> = new Set<IpcEvent>([
  'vault:status',
  'profiles:changed',
  'networks:block',
  'networks:sync',
]);

const LOCKED_HERE =
  'This window has not been given the vault password: unlock the vault in this window to continue.';

/** A push to one window: an event, or the key its tab keeps for reconnecting (`window`). */
export type OutgoingEvent = { event: string; payload: unknown } | { window: string };

/** Tickets kept at most; the oldest goes first (each admission makes one; a vault session ending voids them). */
const MAX_TICKETS = 256;

/**
 * The tabs admitted to the open vault session: a window given the password receives a random key, which its tab
 * keeps (sessionStorage, as the launch token) and presents when it connects again — a reload, a dropped
 * connection — to stay admitted to the same session. Another browser, or the same one in another tab, has no key.
 */
export class WindowTickets {
  private readonly tickets = new Map<string, string>();

  constructor(private readonly core: GatedCore) {}

  /** A new key for the open session. */
  issue(session: string): string {
    for (const [key, of] of this.tickets) if (of !== session) this.tickets.delete(key);
    if (this.tickets.size >= MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value!);
    const key = randomBytes(32).toString('base64url');
    this.tickets.set(key, session);
    return key;
  }

  /** The open session a presented key admits to, if it does. */
  sessionOf(key: string | null): string | undefined {
    if (key === null) return undefined;
    const session = this.tickets.get(key);
    return session !== undefined && session === this.core.vaultSession() ? session : undefined;
  }
}

/** One bridge connection's admission to the vault. */
export class WindowGate {
  /** The vault session this window gave the password for. */
  private admittedTo: string | undefined;
  /** Admitting requests in flight: the vault's status events wait for their answer (see `event`). */
  private admitting = 0;
  private held: OutgoingEvent[] = [];

  constructor(
    private readonly core: GatedCore,
    private readonly tickets: WindowTickets,
    /** The key the tab presented when it connected (a reload or a reconnection of an admitted tab). */
    presented: string | null = null,
  ) {
    this.admittedTo = tickets.sessionOf(presented);
  }

  /** Whether this window may see the open vault now. */
  admitted(): boolean {
    const session = this.core.vaultSession();
    return session !== undefined && session === this.admittedTo;
  }

  /** A request of this window: forwarded, answered as the unlock screen would be, or refused as locked. */
  async request(channel: unknown, payload: unknown): Promise<IpcResult<unknown>> {
    // Not a channel at all: the core refuses it, naming the problem (nothing of the vault is reached).
    if (this.admitted() || !isIpcChannel(channel)) return this.core.handleRequest(channel, payload);
    // Not a person's use of the open vault: it must not keep the vault from locking on its own.
    if (channel === 'app:activity') return { ok: true, value: null };
    if (ADMITTING.has(channel)) return this.admit(channel, payload);
    // Another profile may be opened from the unlock screen, but not under the windows using this one's vault.
    if (channel === 'profiles:switch' && this.core.vaultSession() === undefined) {
      return this.core.handleRequest(channel, payload);
    }
    if (!BEFORE_UNLOCK.has(channel)) return { ok: false, error: ipcError('ERR_LOCKED', LOCKED_HERE) };
    const result = await this.core.handleRequest(channel, payload);
    return channel === 'vault:status' && result.ok ? { ok: true, value: lockedView(result.value) } : result;
  }

  /**
   * A push for this window: as it is once admitted; before, only the unlock screen's events, the vault's status
   * reading locked. While an unlock of this window is in flight its status events wait for the answer, so the
   * window that opened the vault hears it opened.
   */
  event(event: string, payload: unknown): OutgoingEvent[] {
    if (this.admitting > 0 && event === 'vault:status') {
      this.held.push({ event, payload });
      return [];
    }
    return this.deliverable({ event, payload });
  }

  /** The events held during an admitting request, once its answer is known; sent before that answer. */
  release(): OutgoingEvent[] {
    if (this.admitting > 0) return [];
    const held = this.held;
    this.held = [];
    return held.flatMap((item) => this.deliverable(item));
  }

  private deliverable(item: OutgoingEvent): OutgoingEvent[] {
    if ('window' in item || this.admitted()) return [item];
    if (!EVENTS_BEFORE_UNLOCK.has(item.event as IpcEvent)) return [];
    if (item.event !== 'vault:status') return [item];
    return [{ event: item.event, payload: lockedView(item.payload) }];
  }

  private async admit(channel: IpcChannel, payload: unknown): Promise<IpcResult<unknown>> {
    const openBefore = this.core.vaultSession();
    if (channel === 'vault:unlock-with-device' && openBefore !== undefined) {
      // The device key opens a locked vault, as before; a vault another window opened takes the password.
      return {
        ok: false,
        error: ipcError(
          'ERR_PASSWORD_REQUIRED',
          'Another window has this vault open: enter its password to open it in this window too.',
        ),
      };
    }
    this.admitting += 1;
    try {
      const result = await this.core.handleRequest(channel, payload);
      const session = this.core.vaultSession();
      if (result.ok && session !== undefined) {
        this.admittedTo = session;
        this.held.push({ window: this.tickets.issue(session) });
      }
      return result;
    } finally {
      this.admitting -= 1;
    }
  }
}

/** The vault's status as a window that has not given the password sees it: locked. */
function lockedView(status: unknown): unknown {
  if (typeof status !== 'object' || status === null) return status;
  return { ...(status as Record<string, unknown>), unlocked: false };
}
