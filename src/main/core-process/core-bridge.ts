/**
 * The windows' side of the core in its own process (docs/design/architecture.md "Processes"). Whatever starts
 * the process (Electron's utilityProcess in the app, `child_process.fork` in the stall benchmark) hands over a
 * `CoreChild`: a frame port and the process's end. The bridge then answers the IPC contract as the core's own
 * dispatcher does — `handleRequest` never throws, every answer is the core's `IpcResult` with its typed error —
 * forwards the core's push events, and answers the core's keychain questions from this side (keytar lives here).
 *
 * A core process that ends without being asked to is a crash: every request in flight is answered
 * ERR_DISCONNECTED (its outcome is unknown, as when the browser shell's socket drops), an `monitor:alert` event tells the
 * window, and the process is started again as the restart policy allows (restart-policy.ts). Once the new core
 * has opened, `app:core-restarted` tells the window to read everything again (its vault is locked, its chain moved on).
 */
import type { Keychain } from '../../core/keystore/keychain';
import { IPC_EVENTS, type IpcEvent } from '../../shared/ipc/channels';
import { BRIDGE_ERROR_CODES, ipcError, type IpcError, type IpcResult } from '../../shared/ipc/errors';
import {
  fromCoreFrame,
  type FramePort,
  type FromCoreFrame,
  type ToCoreFrame,
} from '../../shared/ipc/port-frames';
import { CodedError } from '../../shared/lib/coded-error';
import { RestartPolicy, type RestartPolicyOptions } from './restart-policy';

export interface CoreExit {
  code: number | null;
  signal?: string | null;
}

/** A started core process, as the bridge sees it. */
export interface CoreChild {
  port: FramePort;
  /** Resolves once the process has ended, however it ended. */
  exited: Promise<CoreExit>;
  kill(): void;
}

export type CoreEventListener = (event: IpcEvent, payload: unknown) => void;

/** What main's handlers and notifications need of the core, wherever it runs: CoreBridge (and AppCore) have it. */
export interface CoreLink {
  readonly handleRequest: (channel: unknown, payload: unknown) => Promise<IpcResult<unknown>>;
  subscribe(listener: CoreEventListener): () => void;
}

export interface CoreBridgeOptions {
  /** Starts a fresh core process. */
  launch(): CoreChild;
  /** Sent to every core process it starts (`open`): what it opens the core on. */
  openOptions: unknown;
  /** Answers the core's keychain questions. */
  keychain: Keychain;
  restart?: RestartPolicyOptions;
  /** How long a core may take to close before it is killed (default 15 s: it checkpoints its database). */
  closeTimeoutMs?: number;
  now?: () => number;
  /** One line per crash or malformed frame (default stderr). */
  log?: (line: string) => void;
}

/** The core did not open: its typed error (ERR_IN_USE when another process holds the data directory…). */
export class CoreStartError extends CodedError {
  override readonly name = 'CoreStartError';

  constructor(error: IpcError) {
    super(error.code, error.message, error.details);
  }
}

type State = 'starting' | 'ready' | 'restarting' | 'down' | 'closing' | 'closed';

/** Events kept for the first listener (the window subscribes after the core opened), at most. */
const EARLY_EVENTS_MAX = 20;
/** Events the bridge itself raises: a core process cannot send them (it does not know it is a new one). */
const BRIDGE_EVENTS: ReadonlySet<IpcEvent> = new Set(['app:core-restarted']);
const CORE_EVENTS: ReadonlySet<string> = new Set(IPC_EVENTS.filter((event) => !BRIDGE_EVENTS.has(event)));

function describeExit(exit: CoreExit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${String(exit.code)}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class CoreBridge implements CoreLink {
  private state: State = 'starting';
  private child: CoreChild | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, (result: IpcResult<unknown>) => void>();
  private readonly listeners = new Set<CoreEventListener>();
  private early: [IpcEvent, unknown][] = [];
  private readonly policy: RestartPolicy;
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(private readonly options: CoreBridgeOptions) {
    this.policy = new RestartPolicy(options.restart);
    this.log = options.log ?? ((line) => process.stderr.write(`votary: ${line}\n`));
    this.now = options.now ?? Date.now;
  }

  /** Starts the core process and waits until the core has opened; a core that cannot open is a CoreStartError. */
  static async start(options: CoreBridgeOptions): Promise<CoreBridge> {
    const bridge = new CoreBridge(options);
    await bridge.launch();
    return bridge;
  }

  /** Answers one request of the contract; never throws (RequestHandler's shape). */
  readonly handleRequest = (channel: unknown, payload: unknown): Promise<IpcResult<unknown>> => {
    const child = this.child;
    if (this.state !== 'ready' || child === undefined) {
      return Promise.resolve({ ok: false, error: this.unavailable() });
    }
    if (typeof channel !== 'string') {
      return Promise.resolve({
        ok: false,
        error: ipcError(BRIDGE_ERROR_CODES.unknownChannel, 'The channel must be a name.'),
      });
    }
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      try {
        this.post(child, { kind: 'request', id, channel, payload });
      } catch (error) {
        // Not transferable to the core's process (a function, a symbol…): the request is bad, not the core.
        this.pending.delete(id);
        resolve({
          ok: false,
          error: ipcError(
            BRIDGE_ERROR_CODES.invalidRequest,
            `The request cannot be sent to the core: ${messageOf(error)}`,
          ),
        });
      }
    });
  };

  /** Every push event of the core; the first listener also gets those that came before it. */
  subscribe(listener: CoreEventListener): () => void {
    this.listeners.add(listener);
    const early = this.early;
    this.early = [];
    if (early.length > 0) queueMicrotask(() => early.forEach(([event, payload]) => listener(event, payload)));
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Asks the core to close (its node stops, its database closes) and waits for its process to end. */
  async close(): Promise<void> {
    if (this.state === 'closed' || this.state === 'closing') return;
    this.state = 'closing';
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (child !== undefined) {
      try {
        this.post(child, { kind: 'close' });
      } catch {
        child.kill();
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), this.options.closeTimeoutMs ?? 15_000);
      });
      if ((await Promise.race([child.exited, timedOut])) === 'timeout') {
        this.log("the core's process did not close in time and was stopped");
        child.kill();
        await child.exited;
      }
      clearTimeout(timer);
    }
    this.child = undefined;
    this.failPending('The Votary core closed.');
    this.state = 'closed';
  }

  // ---------------------------------------------------------------------------------------------------------------

  private post(child: CoreChild, frame: ToCoreFrame): void {
    child.port.post(frame);
  }

  private unavailable(): IpcError {
    const message =
      this.state === 'down'
        ? 'The Votary core stopped and was not started again; quit Votary and start it again.'
        : this.state === 'closing' || this.state === 'closed'
          ? 'The Votary core is closing.'
          : 'The Votary core is starting again after it stopped; try again in a moment.';
    return ipcError(BRIDGE_ERROR_CODES.disconnected, message);
  }

  /** Starts one core process; resolves once it opened, rejects with CoreStartError when it did not. */
  private launch(): Promise<void> {
    const child = this.options.launch();
    this.child = child;
    this.state = 'starting';
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      const stop = child.port.onFrame((raw) => {
        const frame = fromCoreFrame(raw);
        if (frame === undefined) {
          this.log("ignored a malformed frame from the core's process");
          return;
        }
        if (frame.kind === 'ready' && !opened) {
          opened = true;
          if (this.state === 'starting') this.state = 'ready';
          resolve();
        } else if (frame.kind === 'failed' && !opened) {
          // Nothing is open in that process: it is let go (and stopped, should it linger).
          opened = true;
          stop();
          if (this.child === child) this.child = undefined;
          child.kill();
          reject(new CoreStartError(frame.error));
        } else {
          this.received(child, frame);
        }
      });
      void child.exited.then((exit) => {
        stop();
        if (this.child !== child) return;
        this.child = undefined;
        if (!opened) {
          reject(
            new CoreStartError(
              ipcError(
                BRIDGE_ERROR_CODES.disconnected,
                `The Votary core's process ended before the core opened (${describeExit(exit)}).`,
              ),
            ),
          );
          return;
        }
        if (this.state !== 'closing' && this.state !== 'closed') this.crashed(exit);
      });
      try {
        this.post(child, { kind: 'open', options: this.options.openOptions });
      } catch (error) {
        child.kill();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  private received(child: CoreChild, frame: FromCoreFrame): void {
    switch (frame.kind) {
      case 'answer': {
        const resolve = this.pending.get(frame.id);
        this.pending.delete(frame.id);
        resolve?.(frame.result);
        return;
      }
      case 'event':
        if (CORE_EVENTS.has(frame.event)) this.deliver(frame.event as IpcEvent, frame.payload);
        return;
      case 'keychain':
        void this.answerKeychain(child, frame);
        return;
      default:
        return;
    }
  }

  private deliver(event: IpcEvent, payload: unknown): void {
    if (this.listeners.size === 0) {
      if (this.early.length < EARLY_EVENTS_MAX) this.early.push([event, payload]);
      return;
    }
    for (const listener of this.listeners) listener(event, payload);
  }

  private async answerKeychain(
    child: CoreChild,
    frame: Extract<FromCoreFrame, { kind: 'keychain' }>,
  ): Promise<void> {
    const { keychain } = this.options;
    let result: Extract<ToCoreFrame, { kind: 'keychain-answer' }>['result'];
    try {
      let value: unknown;
      if (frame.op === 'status') value = await keychain.status();
      else if (frame.op === 'get') value = await keychain.getSecret(frame.account);
      else if (frame.op === 'delete') value = await keychain.deleteSecret(frame.account);
      else if (frame.secret === undefined) throw new Error('no secret to store');
      else value = await keychain.setSecret(frame.account, frame.secret).then(() => null);
      result = { ok: true, value };
    } catch (error) {
      result = { ok: false, message: messageOf(error) };
    }
    if (this.child === child) this.post(child, { kind: 'keychain-answer', id: frame.id, result });
  }

  private failPending(message: string): void {
    const error = ipcError(BRIDGE_ERROR_CODES.disconnected, message);
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const resolve of waiting) resolve({ ok: false, error });
  }

  private alert(level: 'warning' | 'error', code: string, message: string): void {
    this.deliver('monitor:alert', { level, code, message, at: this.now() });
  }

  /** The core's process ended unasked: answer what was in flight, tell the window, restart if the policy allows. */
  private crashed(exit: CoreExit): void {
    this.log(`the core's process stopped unexpectedly (${describeExit(exit)})`);
    this.failPending(
      `The Votary core stopped unexpectedly (${describeExit(exit)}); whether this request was carried out is unknown.`,
    );
    this.scheduleRestart();
  }

  private scheduleRestart(): void {
    const delay = this.policy.next(this.now());
    if (delay === undefined) {
      this.state = 'down';
      this.alert(
        'error',
        'CORE_STOPPED',
        'The Votary core stopped again and again and was not restarted; quit Votary and start it again.',
      );
      return;
    }
    this.state = 'restarting';
    this.alert(
      'warning',
      'CORE_RESTARTED',
      'The Votary core stopped unexpectedly and is starting again; your wallets are locked again.',
    );
    this.restartTimer = setTimeout(() => {
      if (this.state !== 'restarting') return;
      this.launch().then(
        () => {
          if (this.state === 'ready') this.deliver('app:core-restarted', { at: this.now() });
        },
        (error: unknown) => {
          if (this.state !== 'starting') return;
          this.log(`the core did not start again: ${messageOf(error)}`);
          this.scheduleRestart();
        },
      );
    }, delay);
  }
}
