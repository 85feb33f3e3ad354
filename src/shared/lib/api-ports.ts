/**
 * The embedded node's API ports as a person chooses them at start-up: `--api-port N` (the public API, default 4003)
 * and `--api-secondary-port N` (the secondary interface, default 4004), for `votary serve` and for the desktop app
 * (`npm start -- --api-port N`, which reaches Electron's main process as its own arguments). Two installations, or
 * an ARK node on the same machine, then do not reach for the same ports.
 */
export interface ApiPorts {
  /** The public API's port. */
  publicPort?: number;
  /** The secondary interface's port. */
  port?: number;
}

export const API_PORT_OPTIONS = { 'api-port': 'publicPort', 'api-secondary-port': 'port' } as const;

type ApiPortOption = keyof typeof API_PORT_OPTIONS;

/** A port a person typed: 1..65535 (0, "any free port", is the test harness's, not a choice for a person). */
export function parseApiPort(option: ApiPortOption, value: string | undefined): number {
  if (value === undefined || !/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > 65535) {
    throw new RangeError(`--${option} must be a port 1..65535, got "${value ?? ''}"`);
  }
  return Number(value);
}

/**
 * The API ports among a process's arguments (`--api-port N` or `--api-port=N`); every other argument is left to
 * its own reader. Throws a RangeError with one sentence for a value that is not a port, or two equal ports.
 */
export function apiPortsFromArgs(args: readonly string[]): ApiPorts {
  const ports: ApiPorts = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    for (const [option, key] of Object.entries(API_PORT_OPTIONS) as [ApiPortOption, keyof ApiPorts][]) {
      if (arg === `--${option}`) ports[key] = parseApiPort(option, args[++i]);
      else if (arg.startsWith(`--${option}=`))
        ports[key] = parseApiPort(option, arg.slice(option.length + 3));
    }
  }
  if (ports.publicPort !== undefined && ports.publicPort === ports.port) {
    throw new RangeError(`--api-port and --api-secondary-port must differ (both ${ports.port})`);
  }
  return ports;
}
