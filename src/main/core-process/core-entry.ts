/**
 * The entry of the core's utility process (built as out/main/core.js beside main's index.js; it runs in its own
 * Node process, not in main). Main hands it one end of a MessageChannelMain, then `open` with the data directory,
 * the version and the platform; it opens AppCore on them with the OS keychain asked over the port, and serves the
 * IPC contract until main asks it to close (app-core-process.ts).
 */
import { AppCore } from '../../core/services';
import type { ApiPorts } from '../../shared/lib/api-ports';
import { serveCoreOverPort } from '../../core/services/app-core-process';
import type { Keychain } from '../../core/keystore';
import { messagePortFrames } from './message-port-frames';

export interface ElectronCoreOptions {
  dataDir: string;
  version: string;
  platform: string;
  /** The embedded API's ports the person chose (`--api-port`, `--api-secondary-port`); defaults otherwise. */
  api?: ApiPorts;
}

function isApiPorts(value: unknown): boolean {
  const ports = value as Partial<Record<keyof ApiPorts, unknown>> | null;
  return typeof ports === 'object' && ports !== null && isPort(ports.publicPort) && isPort(ports.port);
}

const isPort = (value: unknown): boolean =>
  value === undefined ||
  (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535);

function isElectronCoreOptions(value: unknown): value is ElectronCoreOptions {
  const options = value as Partial<Record<keyof ElectronCoreOptions, unknown>> | null;
  return (
    typeof options === 'object' &&
    options !== null &&
    typeof options.dataDir === 'string' &&
    typeof options.version === 'string' &&
    typeof options.platform === 'string' &&
    (options.api === undefined || isApiPorts(options.api))
  );
}

function openCore(options: unknown, keychain: Keychain): Promise<AppCore> {
  if (!isElectronCoreOptions(options)) throw new TypeError('the core was sent no valid options');
  return AppCore.open({
    dataDir: options.dataDir,
    shell: 'electron',
    version: options.version,
    platform: options.platform,
    ...(options.api === undefined ? {} : { api: options.api }),
    keychain,
    // out/main/verify-worker.js, built beside this file (electron.vite.config.ts).
    verifyWorkerUrl: new URL('./verify-worker.js', import.meta.url),
  });
}

process.parentPort.once('message', (event) => {
  const [port] = event.ports;
  if (port === undefined) {
    process.stderr.write('votary core: main sent no port\n');
    process.exit(1);
  }
  serveCoreOverPort(messagePortFrames(port), {
    open: (options, keychain) => Promise.resolve().then(() => openCore(options, keychain)),
    exit: (code) => process.exit(code),
  });
});
