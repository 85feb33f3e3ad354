import { epochUnixMs, type Network } from '../networks';

/**
 * Chain time is whole seconds since the network epoch (protocol reference §7: `Slots.getTime`). All presets use
 * 2017-03-21T13:00:00.000Z; the epoch is read from milestone 1 so a custom network may choose another.
 */
export function epochTimestamp(unixMs: number, network: Network): number {
  return Math.floor((unixMs - epochUnixMs(network)) / 1000);
}

/** Unix milliseconds at which an epoch timestamp (seconds since the network epoch) begins. */
export function unixMsFromEpoch(epochSeconds: number, network: Network): number {
  return epochUnixMs(network) + epochSeconds * 1000;
}

/** Unix seconds of an epoch timestamp. */
export function unixSecondsFromEpoch(epochSeconds: number, network: Network): number {
  return Math.floor(unixMsFromEpoch(epochSeconds, network) / 1000);
}

/**
 * The `{ epoch, unix, human }` triple that ARK Core's API returns for every timestamp (core-kernel
 * `formatTimestamp`): epoch seconds, unix seconds and ISO 8601 UTC with milliseconds.
 */
export interface TimestampObject {
  epoch: number;
  unix: number;
  human: string;
}

export function formatTimestamp(epochSeconds: number, network: Network): TimestampObject {
  const unixMs = unixMsFromEpoch(epochSeconds, network);
  return { epoch: epochSeconds, unix: Math.floor(unixMs / 1000), human: new Date(unixMs).toISOString() };
}
