/**
 * Recorded APDU exchanges with ARK's Ledger app: the interop suite (tests/ledger) records them from the real app in
 * speculos into tests/fixtures/ledger/*.json; the unit tests replay them. The replay sends as `@ledgerhq/hw-transport`
 * does (APDU = CLA INS P1 P2 Lc data; a status word other than 0x9000 is a TransportStatusError with `statusCode`),
 * so the bytes Votary sends must equal the recording byte for byte and the answers are the device's own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LedgerError, type ApduTransport } from '../../src/core/ledger';

export interface RecordedExchange {
  /** The APDU sent (hex: CLA INS P1 P2 Lc data). */
  send: string;
  /** The device's answer with its status word (hex), or what happened instead. */
  answer?: string;
  error?: 'disconnected';
}

export interface Recording {
  name: string;
  note: string;
  exchanges: RecordedExchange[];
  /** The signed (or refused) transaction, transactionToJson. */
  transaction?: unknown;
  message?: string;
  /** The signed message document. */
  document?: unknown;
  /** What the device's screen showed, screen by screen. */
  screens?: string[][];
}

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'ledger');

export function loadRecording(name: string): Recording {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as Recording;
}

/** Replays a recording: each exchange must be the next one recorded, else the call fails with both APDUs. */
export class ReplayTransport implements ApduTransport {
  private next = 0;
  closed = false;
  /** The APDUs sent, in order (hex). */
  readonly sent: string[] = [];

  constructor(private readonly exchanges: readonly RecordedExchange[]) {}

  decorateAppAPIMethods(): void {
    // One caller at a time in these tests: nothing to lock.
  }

  send(cla: number, ins: number, p1: number, p2: number, data = Buffer.alloc(0)): Promise<Buffer> {
    const apdu = Buffer.concat([Buffer.from([cla, ins, p1, p2, data.length]), data]).toString('hex');
    this.sent.push(apdu);
    const expected = this.exchanges[this.next];
    if (expected === undefined)
      return Promise.reject(new Error(`unexpected APDU ${apdu}: the recording has ended`));
    if (expected.send !== apdu) {
      return Promise.reject(new Error(`APDU ${this.next}: sent ${apdu}, recorded ${expected.send}`));
    }
    this.next += 1;
    if (expected.error === 'disconnected') {
      const error = new Error('The device was disconnected during the operation');
      error.name = 'DisconnectedDeviceDuringOperation';
      return Promise.reject(error);
    }
    const answer = Buffer.from(expected.answer ?? '', 'hex');
    const statusCode = answer.readUInt16BE(answer.length - 2);
    if (statusCode !== 0x9000) {
      return Promise.reject(
        Object.assign(new Error(`Ledger device: status ${statusCode.toString(16)}`), {
          name: 'TransportStatusError',
          statusCode,
        }),
      );
    }
    return Promise.resolve(answer);
  }

  /** Every recorded exchange was made. */
  get done(): boolean {
    return this.next === this.exchanges.length;
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

/**
 * An opener whose every open replays `exchanges` from the start (each use of the device opens its own
 * connection): a core's Ledger connection in the service tests. `opened` holds every transport it gave.
 */
export function replayOpener(exchanges: readonly RecordedExchange[]): (() => Promise<ReplayTransport>) & {
  opened: ReplayTransport[];
} {
  const opened: ReplayTransport[] = [];
  const open = () => {
    const transport = new ReplayTransport(exchanges);
    opened.push(transport);
    return Promise.resolve(transport);
  };
  return Object.assign(open, { opened });
}

/** One connection to the device as recorded: its exchanges, or no device to open at all. */
export interface RecordedConnection {
  exchanges: RecordedExchange[];
  unavailable?: true;
}

/** A session of several connections in order (tests/fixtures/ledger/app-journey.json). */
export interface RecordedSession {
  name: string;
  note: string;
  connections: RecordedConnection[];
}

export function loadSession(name: string): RecordedSession {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8')) as RecordedSession;
}

/**
 * An opener that replays a session's connections in order: each open takes the next one (a connection recorded with
 * no device answers as the emulator's opener does then, ERR_LEDGER_NOT_CONNECTED). `opened` holds the transports.
 */
export function sessionOpener(session: RecordedSession): (() => Promise<ReplayTransport>) & {
  opened: ReplayTransport[];
  readonly remaining: number;
} {
  const queue = [...session.connections];
  const opened: ReplayTransport[] = [];
  const open = () => {
    const next = queue.shift();
    if (next === undefined) return Promise.reject(new Error('the recorded session has no more connections'));
    if (next.unavailable === true) {
      return Promise.reject(
        new LedgerError('ERR_LEDGER_NOT_CONNECTED', 'No Ledger emulator answers (as recorded).'),
      );
    }
    const transport = new ReplayTransport(next.exchanges);
    opened.push(transport);
    return Promise.resolve(transport);
  };
  const opener = Object.assign(open, { opened, remaining: 0 });
  Object.defineProperty(opener, 'remaining', { get: () => queue.length });
  return opener;
}
