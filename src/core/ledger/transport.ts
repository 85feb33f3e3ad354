/**
 * The APDU transport the ARK client talks through. Any Ledger transport fits (`@ledgerhq/hw-transport`'s class, v5
 * or v6): USB HID in the desktop app's main process and the browser shell's core process, speculos's TCP transport
 * in the interop tests, a replay of recorded exchanges in the unit tests (tests/unit/core/ledger).
 */
import { createRequire } from 'node:module';
import { LedgerError } from './errors';

export interface ApduTransport {
  send(
    cla: number,
    ins: number,
    p1: number,
    p2: number,
    data?: Buffer,
    statusList?: number[],
  ): Promise<Buffer>;
  close(): Promise<void>;
  /** `@ledgerhq/hw-transport`'s lock against two app calls at once; ARK's client calls it in its constructor. */
  decorateAppAPIMethods(self: object, methods: string[], scrambleKey: string): void;
}

/** Opens a transport to the first Ledger found; each use of the device opens its own and closes it after. */
export type TransportOpener = () => Promise<ApduTransport>;

interface HidTransportModule {
  /** Opens the first Ledger found (its `create()` throws a ReferenceError when none is, in 6.36.0). */
  default: { open(path?: string): Promise<ApduTransport> };
}

/**
 * The optional USB module, loaded with require on first use: bundlers leave it out, and its ES build does not load
 * in Node (its imports have no file extensions), while its CommonJS build does.
 */
const USB_MODULE = '@ledgerhq/hw-transport-node-hid-noevents';
const loadUsbModule = () => Promise.resolve().then((): unknown => createRequire(import.meta.url)(USB_MODULE));

/**
 * USB HID (`@ledgerhq/hw-transport-node-hid-noevents`, an optional dependency with a native part, node-hid).
 * Loaded on first use only, so a process where it cannot load still starts; there, opening a device is an
 * ERR_LEDGER_USB_UNAVAILABLE that says why.
 */
export function usbTransport(load: () => Promise<unknown> = loadUsbModule): TransportOpener {
  let module: HidTransportModule | undefined;
  return async () => {
    if (module === undefined) {
      try {
        module = (await load()) as HidTransportModule;
      } catch (error) {
        throw new LedgerError(
          'ERR_LEDGER_USB_UNAVAILABLE',
          `Ledger over USB is not available in this build: its USB module (node-hid) did not load (${error instanceof Error ? error.message.split('\n')[0] : String(error)}). See README "Ledger" for what it needs.`,
        );
      }
    }
    try {
      return await module.default.open();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      throw new LedgerError(
        'ERR_LEDGER_NOT_CONNECTED',
        /permission|access/i.test(text)
          ? 'A Ledger is plugged in but this user may not open it: on Linux add Ledger’s udev rules (README "Ledger").'
          : 'No Ledger is connected: plug it in, unlock it and open the ARK app.',
      );
    }
  };
}
