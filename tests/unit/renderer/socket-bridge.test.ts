/** The browser bridge's reconnection, against a fake WebSocket and a hand-driven timer (no DOM, no host). */
import { describe, expect, it } from 'vitest';
import {
  createSocketBridge,
  openFirstSocket,
  RECONNECT_FIRST_MS,
  RECONNECT_MAX_MS,
  type ConnectionState,
  type SocketLike,
} from '../../../src/renderer/services/socket-bridge';
import type { VaultStatus } from '../../../src/shared/domain/vault';

type Listener = (arg: { data: unknown }) => void;

class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: { id: number; channel: string; payload: unknown }[] = [];
  private readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data) as { id: number; channel: string; payload: unknown });
  }
  close(): void {
    this.drop();
  }
  open(): void {
    this.readyState = 1;
    this.fire('open');
  }
  fail(): void {
    this.readyState = 3;
    this.fire('error');
    this.fire('close');
  }
  drop(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.fire('close');
  }
  push(frame: unknown): void {
    this.fire('message', { data: JSON.stringify(frame) });
  }
  answer(index: number, value: unknown): void {
    const request = this.sent[index];
    if (request === undefined) throw new Error(`no request ${index}`);
    this.push({ id: request.id, result: { ok: true, value } });
  }
  private fire(type: string, arg: { data: unknown } = { data: undefined }): void {
    for (const listener of this.listeners.get(type) ?? []) listener(arg);
  }
}

/** A clock the test advances: timers run in order of their due time. */
class Timers {
  now = 0;
  private queue: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  readonly delays: number[] = [];
  set = (run: () => void, ms: number): unknown => {
    const id = this.nextId++;
    this.delays.push(ms);
    this.queue.push({ at: this.now + ms, run, id });
    return id;
  };
  clear = (id: unknown): void => {
    this.queue = this.queue.filter((t) => t.id !== id);
  };
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at);
      const due = this.queue[0];
      if (due === undefined || due.at > until) break;
      this.queue.shift();
      this.now = due.at;
      due.run();
    }
    this.now = until;
  }
  get pending(): number {
    return this.queue.length;
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers = new Timers();
  const connect = () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  };
  const first = connect();
  first.open();
  const bridge = createSocketBridge(first, { connect, setTimer: timers.set, clearTimer: timers.clear });
  const states: ConnectionState[] = [];
  bridge.onStateChange((state) => states.push(state));
  const last = () => {
    const socket = sockets.at(-1);
    if (socket === undefined) throw new Error('no socket');
    return socket;
  };
  return { sockets, timers, bridge, states, last };
}

const status: VaultStatus = { hasVault: true, unlocked: false, idleLockMs: 600_000 };

describe('browser bridge reconnection', () => {
  it('answers calls and delivers events over the open socket', async () => {
    const { bridge, last } = setup();
    const events: unknown[] = [];
    bridge.bridge.on('vault:status', (payload) => events.push(payload));
    const answer = bridge.bridge.vaultStatus();
    expect(last().sent).toEqual([{ id: 1, channel: 'vault:status' }]);
    last().answer(0, status);
    expect(await answer).toEqual({ ok: true, value: status });
    last().push({ event: 'vault:status', payload: status });
    last().push({ event: 'no-such-event', payload: 1 });
    expect(events).toEqual([status]);
  });

  it('fails calls in flight with ERR_DISCONNECTED, and new calls while reconnecting', async () => {
    const { bridge, last, states } = setup();
    const inFlight = bridge.bridge.vaultStatus();
    last().drop();
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'ERR_DISCONNECTED' } });
    expect(states).toEqual([{ status: 'reconnecting', attempts: 0 }]);
    expect(await bridge.bridge.appInfo()).toMatchObject({ ok: false, error: { code: 'ERR_DISCONNECTED' } });
  });

  it('retries with a doubling delay capped at 10 s, then recovers and keeps the event handlers', async () => {
    const { bridge, last, states, timers, sockets } = setup();
    const events: unknown[] = [];
    bridge.bridge.on('vault:status', (payload) => events.push(payload));
    last().drop();
    for (let attempt = 0; attempt < 7; attempt += 1) {
      timers.advance(RECONNECT_MAX_MS);
      last().fail();
    }
    expect(timers.delays).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
    expect(RECONNECT_FIRST_MS).toBe(500);
    expect(states.at(-1)).toEqual({ status: 'reconnecting', attempts: 7 });
    expect(sockets).toHaveLength(8);

    timers.advance(RECONNECT_MAX_MS);
    last().open();
    expect(states.at(-1)).toEqual({ status: 'connected', attempts: 0 });
    expect(bridge.state().status).toBe('connected');

    // The same handlers hear the new socket's events; calls go out on it.
    last().push({ event: 'vault:status', payload: status });
    expect(events).toEqual([status]);
    const answer = bridge.bridge.vaultStatus();
    last().answer(0, status);
    expect(await answer).toMatchObject({ ok: true });

    // The next loss starts again from the first delay.
    last().drop();
    timers.advance(RECONNECT_FIRST_MS);
    expect(timers.delays.at(-1)).toBe(RECONNECT_FIRST_MS);
    expect(sockets).toHaveLength(10);
  });

  it('ignores a stale socket closing late, and stops for good when closed', () => {
    const { bridge, last, states, timers, sockets } = setup();
    const old = last();
    old.drop();
    timers.advance(RECONNECT_FIRST_MS);
    last().open();
    old.drop();
    expect(states.map((s) => s.status)).toEqual(['reconnecting', 'connected']);
    bridge.close();
    expect(timers.pending).toBe(0);
    timers.advance(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('the first socket: resolves when it opens, undefined when it cannot connect', async () => {
    const good = new FakeSocket();
    const opening = openFirstSocket(() => good);
    good.open();
    expect(await opening).toBe(good);
    const bad = new FakeSocket();
    const failing = openFirstSocket(() => bad);
    bad.fail();
    expect(await failing).toBeUndefined();
  });

  it('hands over the key the host gives a window that was given the vault password, to present again', () => {
    const first = new FakeSocket();
    first.open();
    const keys: string[] = [];
    createSocketBridge(first, { connect: () => new FakeSocket(), onWindowKey: (key) => keys.push(key) });
    first.push({ window: 'k'.repeat(43) });
    // Not a key: too long, or not text.
    first.push({ window: 'x'.repeat(129) });
    first.push({ window: 7 });
    expect(keys).toEqual(['k'.repeat(43)]);
  });
});
