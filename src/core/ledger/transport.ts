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

interface SpeculosTransportModule {
  default: { open(options: { apduPort: number; host?: string }): Promise<ApduTransport> };
}

const SPECULOS_MODULE = '@ledgerhq/hw-transport-node-speculos';
const loadSpeculosModule = () =>
  Promise.resolve().then((): unknown => createRequire(import.meta.url)(SPECULOS_MODULE));

/** Only these hosts: speculos is a test device on this machine, never a network address. */
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * `host:port` of speculos's APDU port, checked: a loopback host and a port. Anything else is ERR_LEDGER_INVALID_DATA
 * with a sentence (the CLI turns it into one line and a non-zero exit).
 */
export function parseSpeculosAddress(text: string): { host: string; port: number } {
  const match = /^(\[::1\]|[^:[\]]+):(\d{1,5})$/.exec(text.trim());
  const host = match?.[1]?.replace(/^\[|\]$/g, '');
  const port = Number(match?.[2]);
  if (host === undefined || !LOOPBACK.has(host) || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new LedgerError(
      'ERR_LEDGER_INVALID_DATA',
      `“${text}” is not a loopback address of Ledger's emulator: use 127.0.0.1:PORT (its --apdu-port).`,
    );
  }
  return { host, port };
}

/**
 * Ledger's emulator (speculos) running the ARK app, over its APDU TCP port on loopback: for the interop tests and
 * for driving the app against the emulated device (`votary serve --ledger-speculos 127.0.0.1:24011`). Its module is
 * a development dependency, loaded on first use; a refused connection is ERR_LEDGER_NOT_CONNECTED.
 */
export function speculosTransport(
  address: string,
  load: () => Promise<unknown> = loadSpeculosModule,
): TransportOpener {
  const { host, port } = parseSpeculosAddress(address);
  let module: SpeculosTransportModule | undefined;
  return async () => {
    if (module === undefined) {
      try {
        module = (await load()) as SpeculosTransportModule;
      } catch (error) {
        throw new LedgerError(
          'ERR_LEDGER_USB_UNAVAILABLE',
          `The emulator's transport (${SPECULOS_MODULE}, a development dependency) did not load (${error instanceof Error ? error.message.split('\n')[0] : String(error)}).`,
        );
      }
    }
    try {
      return await module.default.open({ apduPort: port, host });
    } catch {
      throw new LedgerError(
        'ERR_LEDGER_NOT_CONNECTED',
        `No Ledger emulator answers on ${host}:${port}: start speculos with the ARK app (scripts/ledger).`,
      );
    }
  };
}
