/**
 * Turns whatever a Ledger transport throws into a LedgerError with a sentence. Ledger's transports throw
 * `TransportStatusError` (with `statusCode`) for a status word other than 0x9000 and `DisconnectedDevice…` /
 * `TransportRaceCondition` errors by name (@ledgerhq/errors); several copies of that package can be loaded at once,
 * so errors are recognised by name and fields, never by `instanceof`.
 */
import { LedgerError } from './errors';

/** Status words and where they come from (ARK app v2.3.0 sources in scripts/ledger/vendor/ark-ledger.tar.gz). */
export const StatusWord = {
  OK: 0x9000,
  /** src/approval.c ioCancel: the person chose "Reject" on the device. */
  REJECTED: 0x6985,
  /** src/operations.c: bad path length, payload over MAX_RAW_OPERATION, or bytes the deserializer refuses. */
  INVALID_DATA: 0x6a80,
  /** src/operations.c: an unexpected P1/P2 (including P1_CONFIRM for a public key: the app shows no address). */
  INVALID_PARAMETER: 0x6b00,
  INVALID_P2: 0x6b01,
  /** src/operations.c handleOperation: CLA not 0xE0 — from the Ledger OS, the dashboard or another app is open. */
  CLA_NOT_SUPPORTED: 0x6e00,
  /** src/operations.c handleOperation: unknown INS — for ARK's INS bytes, another app is answering. */
  INS_NOT_SUPPORTED: 0x6d00,
  /** Ledger OS: "security status not satisfied", the device is locked (older firmware). */
  SECURITY_STATUS: 0x6982,
  /** Ledger OS (firmware 2.x): LOCKED_DEVICE. */
  LOCKED_DEVICE: 0x5515,
  /** Ledger OS dashboard answers when no app is open (firmware 2.x). */
  APP_NOT_OPEN: 0x6e01,
  APP_NOT_OPEN_DASHBOARD: 0x6511,
  UNKNOWN_APP: 0x6d02,
} as const;

const hex = (sw: number) => `0x${sw.toString(16).padStart(4, '0')}`;

/** The LedgerError for a status word other than 0x9000. */
export function statusWordError(sw: number): LedgerError {
  switch (sw) {
    case StatusWord.REJECTED:
      return new LedgerError('ERR_LEDGER_REJECTED', 'You rejected this on the Ledger: nothing was signed.', {
        statusWord: hex(sw),
      });
    case StatusWord.SECURITY_STATUS:
    case StatusWord.LOCKED_DEVICE:
      return new LedgerError(
        'ERR_LEDGER_LOCKED',
        'The Ledger is locked: enter its PIN on the device, then try again.',
        {
          statusWord: hex(sw),
        },
      );
    case StatusWord.CLA_NOT_SUPPORTED:
    case StatusWord.INS_NOT_SUPPORTED:
    case StatusWord.APP_NOT_OPEN:
    case StatusWord.APP_NOT_OPEN_DASHBOARD:
    case StatusWord.UNKNOWN_APP:
      return new LedgerError(
        'ERR_LEDGER_WRONG_APP',
        'The ARK app is not open on the Ledger: open it on the device (another app or the dashboard is showing), then try again.',
        { statusWord: hex(sw) },
      );
    case StatusWord.INVALID_DATA:
    case StatusWord.INVALID_PARAMETER:
    case StatusWord.INVALID_P2:
      return new LedgerError(
        'ERR_LEDGER_INVALID_DATA',
        `The ARK app refused what it was sent (status ${hex(sw)}): it cannot show or sign it. Nothing was signed.`,
        { statusWord: hex(sw) },
      );
    default:
      return new LedgerError(
        'ERR_LEDGER_DEVICE',
        `The Ledger answered status ${hex(sw)}: nothing was signed.`,
        {
          statusWord: hex(sw),
        },
      );
  }
}

function field(error: object, key: string): unknown {
  return (error as Record<string, unknown>)[key];
}

function text(error: object, key: string): string {
  const value = field(error, key);
  return typeof value === 'string' ? value : '';
}

/** Any error a transport or ARK's client threw, as a LedgerError (a LedgerError passes through). */
export function toLedgerError(error: unknown): LedgerError {
  if (error instanceof LedgerError) return error;
  if (typeof error !== 'object' || error === null) {
    return new LedgerError('ERR_LEDGER_DEVICE', `The Ledger failed: ${String(error)}.`);
  }
  const statusCode = field(error, 'statusCode');
  if (typeof statusCode === 'number') return statusWordError(statusCode);
  const name = text(error, 'name');
  const id = text(error, 'id');
  const message = text(error, 'message');
  const code = text(error, 'code');
  if (
    name.startsWith('DisconnectedDevice') ||
    /disconnected|tcp closed/i.test(message) ||
    code === 'ECONNRESET' ||
    code === 'EPIPE'
  ) {
    return new LedgerError(
      'ERR_LEDGER_DISCONNECTED',
      'The Ledger was disconnected before it answered: nothing was signed. Plug it in, open the ARK app and try again.',
    );
  }
  if (name === 'TransportRaceCondition' || id === 'TransportLocked') {
    return new LedgerError(
      'ERR_LEDGER_BUSY',
      'The Ledger is still answering another request: finish or reject it on the device, then try again.',
    );
  }
  if (
    code === 'ECONNREFUSED' ||
    name === 'CantOpenDevice' ||
    id === 'NoDeviceFound' ||
    /no device/i.test(message)
  ) {
    return new LedgerError(
      'ERR_LEDGER_NOT_CONNECTED',
      'No Ledger is connected: plug it in, unlock it and open the ARK app.',
    );
  }
  if (name === 'MessageAsciiError') {
    return new LedgerError(
      'ERR_LEDGER_UNSUPPORTED',
      'The Ledger shows only plain ASCII text: this message has other characters, so it cannot be signed there.',
    );
  }
  if (name === 'PayloadLengthError') {
    return new LedgerError('ERR_LEDGER_UNSUPPORTED', 'This is too long for the Ledger to receive.');
  }
  return new LedgerError('ERR_LEDGER_DEVICE', `The Ledger failed: ${message || name || 'unknown error'}.`);
}
