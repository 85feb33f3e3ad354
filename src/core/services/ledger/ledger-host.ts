/**
 * The one Ledger connection of a core process (docs/design/ledger.md "Wiring"): how the device is reached (USB HID,
 * or speculos on loopback for tests and screenshots) and one use of it at a time. A device answers one request at
 * a time and a signature can wait minutes for the person; a second use meanwhile (the screen polling the status,
 * another window) is answered at once — `busy` for a status, ERR_LEDGER_BUSY otherwise — instead of opening a
 * second connection that would break the first.
 */
import {
  LedgerDevice,
  LedgerError,
  MIN_APP_VERSION,
  type DeviceTimeouts,
  type TransportOpener,
} from '../../ledger';
import type { LedgerState, LedgerStatusView } from '../../../shared/domain/ledger';
import { isCodedError } from '../../../shared/lib/coded-error';

export interface LedgerConnection {
  open: TransportOpener;
  transport: 'usb' | 'speculos';
  /** Deadlines of the device's calls (core/ledger DEFAULT_TIMEOUTS when absent). */
  timeouts?: DeviceTimeouts;
}

const STATES: Record<string, LedgerState> = {
  ERR_LEDGER_NOT_CONNECTED: 'not-connected',
  ERR_LEDGER_USB_UNAVAILABLE: 'usb-unavailable',
  ERR_LEDGER_LOCKED: 'locked',
  ERR_LEDGER_WRONG_APP: 'wrong-app',
  ERR_LEDGER_APP_TOO_OLD: 'app-too-old',
  ERR_LEDGER_BUSY: 'busy',
  ERR_LEDGER_TIMEOUT: 'timeout',
  ERR_LEDGER_DISCONNECTED: 'disconnected',
};

export class LedgerHost {
  private inUse = false;

  constructor(readonly connection: LedgerConnection) {}

  get timeouts(): DeviceTimeouts | undefined {
    return this.connection.timeouts;
  }

  /** Runs `use` with the device's opener, alone: ERR_LEDGER_BUSY while another use is under way. */
  async exclusive<T>(use: (open: TransportOpener) => Promise<T>): Promise<T> {
    if (this.inUse) {
      throw new LedgerError(
        'ERR_LEDGER_BUSY',
        'The Ledger is busy with another request (a signature waiting on the device?): finish that first.',
      );
    }
    this.inUse = true;
    try {
      return await use(this.connection.open);
    } finally {
      this.inUse = false;
    }
  }

  /** Connected, unlocked, the ARK app open and recent enough — or which of these is not, in words. */
  async status(): Promise<LedgerStatusView> {
    const base = { minimumVersion: MIN_APP_VERSION, transport: this.connection.transport };
    try {
      const appVersion = await this.exclusive(async (open) => {
        const device = await LedgerDevice.open(open, this.timeouts);
        try {
          return await device.checkApp();
        } finally {
          await device.close();
        }
      });
      return {
        ...base,
        state: 'ready',
        appVersion,
        message: `The Ledger is ready: ARK app ${appVersion} is open.`,
      };
    } catch (error) {
      if (!(isCodedError(error) && error.code.startsWith('ERR_LEDGER_'))) throw error;
      const version = error.details?.version;
      return {
        ...base,
        state: STATES[error.code] ?? 'error',
        ...(typeof version === 'string' ? { appVersion: version } : {}),
        message: error.message,
        code: error.code,
      };
    }
  }
}
