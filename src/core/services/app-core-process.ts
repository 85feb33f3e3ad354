/**
 * The core's side of the core in its own process (docs/design/architecture.md "Processes"): the process that owns
 * the windows sends `open` with the core's options, then requests; this side opens the core, answers each request
 * with its dispatcher's `IpcResult` under the request's id, forwards every push event, and on `close` closes the
 * core (its node stops, its database closes) before its process ends. The OS keychain stays with the windows'
 * side: `PortKeychain` asks it over the same port. Nothing here knows what carries the frames (port-frames.ts).
 */
import type { Keychain, KeychainStatus } from '../keystore';
import { BRIDGE_ERROR_CODES, ipcError, type IpcError, type IpcResult } from '../../shared/ipc/errors';
import {
  toCoreFrame,
  type FramePort,
  type FromCoreFrame,
  type KeychainOp,
} from '../../shared/ipc/port-frames';
import type { RequestHandler } from './dispatcher';
import type { EventListener } from './events';
import { isCodedError } from '../../shared/lib/coded-error';

/** What this side serves: AppCore satisfies it. */
export interface ServedCore {
  handleRequest: RequestHandler;
  subscribe(listener: EventListener): () => void;
  close(): Promise<void>;
}

/** The OS keychain of the windows' side, asked over the port (keytar does not load in the core's process). */
export class PortKeychain implements Keychain {
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(private readonly post: (frame: FromCoreFrame) => void) {}

  status(): Promise<KeychainStatus> {
    return this.ask('status', '') as Promise<KeychainStatus>;
  }

  getSecret(account: string): Promise<string | null> {
    return this.ask('get', account).then((value) => (typeof value === 'string' ? value : null));
  }

  async setSecret(account: string, secret: string): Promise<void> {
    await this.ask('set', account, secret);
  }

  deleteSecret(account: string): Promise<boolean> {
    return this.ask('delete', account).then((value) => value === true);
  }

  /** An answer of the windows' side: the question it answers is settled. */
  answered(id: number, result: { ok: true; value: unknown } | { ok: false; message: string }): void {
    const question = this.waiting.get(id);
    this.waiting.delete(id);
    if (result.ok) question?.resolve(result.value);
    else question?.reject(new Error(result.message));
  }

  /** The windows' side is gone: no answer will come. */
  abandon(): void {
    for (const question of this.waiting.values()) question.reject(new Error('the keychain is out of reach'));
    this.waiting.clear();
  }

  private ask(op: KeychainOp, account: string, secret?: string): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post({ kind: 'keychain', id, op, account, ...(secret === undefined ? {} : { secret }) });
    });
  }
}

export interface ServeCoreOptions {
  /** Opens the core on the options the windows' side sent (validated there), with the port's keychain. */
  open(options: unknown, keychain: Keychain): Promise<ServedCore>;
  /** Ends this process once the core closed (or did not open): the exit code. */
  exit(code: number): void;
  /** Bugs (not bad input), default stderr. */
  onDefect?: (error: unknown) => void;
}

/**
 * Why the core did not open, for the windows' side to show: a coded refusal as it is (ERR_IN_USE: another process
 * holds the data directory), anything else (a full disk, a chain of another block time) with its own words.
 */
function openError(error: unknown): IpcError {
  const code = isCodedError(error)
    ? error.code
    : typeof (error as { code?: unknown } | undefined)?.code === 'string' &&
        (error as { code: string }).code.startsWith('ERR_')
      ? (error as { code: string }).code
      : BRIDGE_ERROR_CODES.internal;
  return ipcError(code, error instanceof Error ? error.message : String(error));
}

/** Serves one core over `port` for the life of this process. */
export function serveCoreOverPort(port: FramePort, options: ServeCoreOptions): void {
  const post = (frame: FromCoreFrame) => port.post(frame);
  const onDefect =
    options.onDefect ??
    ((error: unknown) =>
      process.stderr.write(
        `votary core: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ));
  const keychain = new PortKeychain(post);
  let core: ServedCore | undefined;
  let opening: Promise<ServedCore | undefined> = Promise.resolve(undefined);
  let state: 'idle' | 'opening' | 'open' | 'closing' = 'idle';
  let exited = false;
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    options.exit(code);
  };

  /** Closes the core — once it opened, when asked while it opens — then ends the process. */
  const close = async (code: number) => {
    if (state === 'closing') return;
    state = 'closing';
    const open = await opening;
    try {
      await open?.close();
    } catch (error) {
      onDefect(error);
      code = code === 0 ? 1 : code;
    }
    keychain.abandon();
    post({ kind: 'closed' });
    exit(code);
  };

  const answer = (id: number, result: IpcResult<unknown>) => post({ kind: 'answer', id, result });

  port.onFrame((raw) => {
    const frame = toCoreFrame(raw);
    if (frame === undefined) return;
    switch (frame.kind) {
      case 'open':
        if (state !== 'idle') return;
        state = 'opening';
        opening = options.open(frame.options, keychain).then(
          (opened) => {
            core = opened;
            if (state === 'opening') {
              state = 'open';
              opened.subscribe((event, payload) => post({ kind: 'event', event, payload }));
              post({ kind: 'ready' });
            }
            return opened;
          },
          (error: unknown) => {
            post({ kind: 'failed', error: openError(error) });
            exit(1);
            return undefined;
          },
        );
        return;
      case 'request':
        if (state !== 'open' || core === undefined) {
          answer(frame.id, {
            ok: false,
            error: ipcError(BRIDGE_ERROR_CODES.disconnected, 'The Votary core is not open.'),
          });
          return;
        }
        // The dispatcher never throws; a failure to answer is a defect, and the request still gets its answer.
        core.handleRequest(frame.channel, frame.payload).then(
          (result) => answer(frame.id, result),
          (error: unknown) => {
            onDefect(error);
            answer(frame.id, { ok: false, error: ipcError(BRIDGE_ERROR_CODES.internal, 'Internal error.') });
          },
        );
        return;
      case 'keychain-answer':
        keychain.answered(frame.id, frame.result);
        return;
      case 'close':
        void close(0);
        return;
    }
  });
}
