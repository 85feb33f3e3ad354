/**
 * Shared helpers for the service and IPC tests: a real AppCore over a temp data dir with 1-second blocks, forged by
 * its slot timer or, on a fake clock, one slot at a time when a test needs a block (CoreClock).
 */
import { nodeParts } from '../../src/core/node/parts';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { AppCore, type AppCoreOptions } from '../../src/core/services';
import type { SlotOutcome } from '../../src/core/node/forger';
import type { DraftInput, PendingView, SendResult, TxPreview } from '../../src/shared/domain/transactions';
import { MemoryKeychain } from '../support/memory-keychain';
import type { IpcError, IpcResult } from '../../src/shared/ipc/errors';
import type { OwnNodeView } from '../../src/shared/domain/own-node';
import type { IpcChannel, IpcEvent, IpcRequest, IpcResponse } from '../../src/shared/ipc/contract';

/** N = 2^10: the real vault format at ~2 ms per derivation. */
export const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const PASSWORD = 'correct horse battery';

export function tempDir(prefix = 'votary-services-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export function openCore(dataDir: string, options: Partial<AppCoreOptions> = {}): Promise<AppCore> {
  return AppCore.open({
    dataDir,
    shell: 'browser',
    version: '0.0.0-test',
    blockTime: 1,
    api: { publicPort: 0, port: 0 },
    scrypt: FAST_SCRYPT,
    keychain: new MemoryKeychain(),
    onDefect: (error) => {
      throw error;
    },
    ...options,
  });
}

/**
 * A fake clock for an AppCore opened with `{ forging: false, now: clock.read }`: `forge` moves it one 1-second slot
 * on and forges that slot (Forger.forgeAt, what the slot timer calls), so a test never waits for a real block.
 */
export class CoreClock {
  /** Unix milliseconds: a whole second, as every slot start is. */
  now = Math.ceil(Date.now() / 1000) * 1000;
  readonly read = (): number => this.now;

  /** Moves to the next slot start and runs it, as the slot timer would: a block, a missed slot, or nothing. */
  step(core: AppCore): SlotOutcome {
    this.now += 1000;
    return nodeParts(core.node).forger.forgeAt(this.now);
  }

  /** Forges the next block and waits until the pending list says the transaction `id` (in the pool) confirmed. */
  async confirm(core: AppCore, id: string): Promise<PendingView> {
    const [confirmed] = await this.confirmAll(core, [id]);
    return confirmed!;
  }

  /** Forges the next block and waits until the pending list says each of `ids` (all in the pool) confirmed in it. */
  confirmAll(core: AppCore, ids: string[]): Promise<PendingView[]> {
    const confirmed = Promise.all(
      ids.map((id) =>
        nextEvent<PendingView>(core, 'tx:status', (p) => p.id === id && p.status === 'confirmed'),
      ),
    );
    this.forge(core);
    return confirmed;
  }

  /** A transaction tx:send sent: the test fails unless the node accepted it; then confirmed in the next block. */
  async confirmSent(core: AppCore, sent: SendResult | Promise<SendResult>): Promise<PendingView> {
    const result = await sent;
    expect(result.accepted, result.error?.message).toBe(true);
    return this.confirm(core, result.id);
  }

  /** Forges `count` blocks, one slot each; a slot the forger skips fails the test. */
  forge(core: AppCore, count = 1): void {
    for (let i = 0; i < count; i++) {
      const outcome = this.step(core);
      if (outcome.kind !== 'forged') throw new Error(`slot not forged: ${JSON.stringify(outcome)}`);
    }
  }
}

/** An AppCore on the fake clock (no slot timer): blocks come only from `clock.forge`. */
export async function openClockedCore(
  dataDir: string,
  options: Partial<AppCoreOptions> = {},
): Promise<{ core: AppCore; clock: CoreClock }> {
  const clock = new CoreClock();
  const core = await openCore(dataDir, { forging: false, now: clock.read, ...options });
  return { core, clock };
}

/** Calls a channel and returns its value, failing the test with the typed error otherwise. */
export async function call<C extends IpcChannel>(
  core: AppCore,
  channel: C,
  ...payload: undefined extends IpcRequest<C> ? [IpcRequest<C>?] : [IpcRequest<C>]
): Promise<IpcResponse<C>> {
  const result = (await core.handleRequest(channel, payload[0])) as IpcResult<IpcResponse<C>>;
  if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Calls a channel that must be refused and returns its typed error; the test fails if the channel answered. */
export async function refusal(core: AppCore, channel: string, payload?: unknown): Promise<IpcError> {
  const result = await core.handleRequest(channel, payload);
  if (result.ok) throw new Error(`${channel} unexpectedly succeeded: ${JSON.stringify(result.value)}`);
  return result.error;
}

/** A fresh AppCore on a fresh data directory for each test of a file (coreEach). */
export interface CoreEach {
  readonly core: AppCore;
  readonly dir: string;
  /** Closes the core and opens its data directory again; `meanwhile` runs while it is closed. */
  restart(meanwhile?: () => void): Promise<void>;
}

/** Opens an AppCore on a fresh data directory before each test, and closes it and removes the directory after. */
export function coreEach(options: Partial<AppCoreOptions> = {}): CoreEach {
  let dir = '';
  let core: AppCore | undefined;
  beforeEach(async () => {
    dir = tempDir();
    core = await openCore(dir, options);
  });
  afterEach(async () => {
    await core?.close();
    core = undefined;
    removeDir(dir);
  });
  const opened = (): AppCore => {
    if (core === undefined) throw new Error('the core is opened in beforeEach');
    return core;
  };
  return {
    get core() {
      return opened();
    },
    get dir() {
      return dir;
    },
    async restart(meanwhile) {
      await opened().close();
      core = undefined;
      meanwhile?.();
      core = await openCore(dir, options);
    },
  };
}

/** Resolves with the first event payload that satisfies `match` (or rejects after `timeoutMs`). */
export function nextEvent<T = unknown>(
  core: AppCore,
  event: IpcEvent,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`no ${event} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = core.subscribe((name, payload) => {
      if (name === event && match(payload as T)) {
        clearTimeout(timer);
        stop();
        resolve(payload as T);
      }
    });
  });
}

/**
 * An AppCore on a fresh data directory with a vault, opened before a file's tests and closed after them; the
 * returned function gives the core.
 */
export function coreWithVault(
  options: Partial<AppCoreOptions> = {},
): (() => AppCore) & { dataDir: () => string } {
  let dir = '';
  let core: AppCore | undefined;
  beforeAll(async () => {
    dir = tempDir();
    core = await openCore(dir, options);
    await call(core, 'vault:create', { password: PASSWORD });
  });
  afterAll(async () => {
    await core?.close();
    removeDir(dir);
  });
  const opened = () => {
    if (core === undefined) throw new Error('the core is opened in beforeAll');
    return core;
  };
  /** Its data directory, where the app's files are (beforeAll makes it). */
  return Object.assign(opened, { dataDir: () => dir });
}

/** coreWithVault on a fake clock: blocks come only from `clock.forge` / `clock.confirm`. */
export function clockedCoreWithVault(options: Partial<AppCoreOptions> = {}): {
  core: ReturnType<typeof coreWithVault>;
  clock: CoreClock;
} {
  const clock = new CoreClock();
  return { core: coreWithVault({ forging: false, now: clock.read, ...options }), clock };
}

/** The review of a draft (tx:preview) and the transaction it prepared; the test fails when it prepared none. */
export async function prepare(
  core: AppCore,
  walletId: string,
  draft: DraftInput,
): Promise<TxPreview & { prepared: NonNullable<TxPreview['prepared']> }> {
  const preview = await call(core, 'tx:preview', { walletId, draft });
  if (preview.prepared === undefined) {
    throw new Error(`tx:preview prepared nothing: ${JSON.stringify(preview.problems)}`);
  }
  return { ...preview, prepared: preview.prepared };
}

export interface SignOptions {
  confirmHighFee?: boolean;
  password?: string;
}

/** What a person does: reviews a draft (tx:preview), then signs and sends what the review prepared (tx:send). */
export async function reviewAndSend(
  core: AppCore,
  walletId: string,
  draft: DraftInput,
  options: SignOptions = {},
): Promise<SendResult> {
  const { prepared } = await prepare(core, walletId, draft);
  return call(core, 'tx:send', { preparedId: prepared.id, ...options });
}

/**
 * Why a draft is not sent: the review's first problem as its typed error (ERR_INVALID_DRAFT when it names none),
 * or tx:preview's or tx:send's refusal. The test fails when it was sent.
 */
export async function reviewRefusal(
  core: AppCore,
  walletId: string,
  draft: DraftInput,
  options: SignOptions = {},
): Promise<{ code: string; message: string; field?: string; details?: Record<string, unknown> }> {
  const reviewed = await core.handleRequest('tx:preview', { walletId, draft });
  if (!reviewed.ok) return reviewed.error;
  const preview = reviewed.value as TxPreview;
  const first = preview.problems[0];
  if (first !== undefined) {
    return { code: first.code ?? 'ERR_INVALID_DRAFT', message: first.message, field: first.field };
  }
  if (preview.prepared === undefined) throw new Error('tx:preview found no problem and prepared nothing');
  return refusal(core, 'tx:send', { preparedId: preview.prepared.id, ...options });
}

/** The pending list's entry for `id`, as `tx:pending` answers it; the test fails when the list has none. */
export async function pendingOf(core: AppCore, id: string): Promise<PendingView> {
  const entry = (await call(core, 'tx:pending')).find((pending) => pending.id === id);
  if (entry === undefined) throw new Error(`transaction ${id} is not in the pending list`);
  return entry;
}

/** A network's own node as `follower:list` answers it; the test fails when the list has none for it. */
export async function followerOf(core: AppCore, networkId: string): Promise<OwnNodeView> {
  const view = (await call(core, 'follower:list')).find((node) => node.networkId === networkId);
  if (view === undefined) throw new Error(`network ${networkId} has no own node in the list`);
  return view;
}

/**
 * The own nodes the default profile starts with the app, as its settings file on disk says (`<dataDir>/settings.json`,
 * core/services/settings.ts): none while the file was never written.
 */
export function savedOwnNodes(dataDir: string): string[] {
  const path = join(dataDir, 'settings.json');
  if (!existsSync(path)) return [];
  return (JSON.parse(readFileSync(path, 'utf8')) as { ownNodes?: string[] }).ownNodes ?? [];
}
