/**
 * Channel and event names of the IPC contract (docs/design/architecture.md "Contracts"), `domain:verb`, gathered
 * from each domain's `contract/<domain>.names.ts`. Neither this file nor those have a schema or a dependency, so the
 * preload can build `window.votary` from them without bundling the validators; each domain's contract file keys its
 * schemas by exactly its names and the compiler keeps the two in step.
 */
import { APP_NAMES } from './contract/app.names';
import { VAULT_NAMES } from './contract/vault.names';
import { WALLETS_NAMES } from './contract/wallets.names';
import { NETWORKS_NAMES } from './contract/networks.names';
import { FOLLOWER_NAMES } from './contract/follower.names';
import { CHAIN_NAMES } from './contract/chain.names';
import { TRANSACTIONS_NAMES } from './contract/transactions.names';
import { MESSAGES_NAMES } from './contract/messages.names';
import { LEDGER_NAMES } from './contract/ledger.names';
import { MULTISIG_NAMES } from './contract/multisig.names';
import { CONTACTS_NAMES } from './contract/contacts.names';
import { PROFILES_NAMES } from './contract/profiles.names';
import { MONITOR_NAMES } from './contract/monitor.names';
import { LOCALNET_NAMES } from './contract/localnet.names';
import { PRICES_NAMES } from './contract/prices.names';

/**
 * Every domain's names, each from the schema-free names file beside its contract file (docs/design/architecture.md
 * "Domains of the app services"). A new domain is one import above and one entry here; contract.ts adds its schemas.
 */
const DOMAIN_NAMES = [
  APP_NAMES,
  VAULT_NAMES,
  WALLETS_NAMES,
  NETWORKS_NAMES,
  FOLLOWER_NAMES,
  CHAIN_NAMES,
  TRANSACTIONS_NAMES,
  MESSAGES_NAMES,
  LEDGER_NAMES,
  MULTISIG_NAMES,
  CONTACTS_NAMES,
  PROFILES_NAMES,
  MONITOR_NAMES,
  LOCALNET_NAMES,
  PRICES_NAMES,
] as const;

type DomainNames = (typeof DOMAIN_NAMES)[number];

export type IpcChannel = DomainNames['channels'][number];

export const IPC_CHANNELS: readonly IpcChannel[] = DOMAIN_NAMES.flatMap((names) => names.channels);

export type IpcEvent = DomainNames['events'][number];

export const IPC_EVENTS: readonly IpcEvent[] = DOMAIN_NAMES.flatMap((names) => names.events);

/** The Electron channel that carries every push event to the window (payload: `{event, payload}`). */
export const EVENT_CHANNEL = 'votary:event';

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;
/** `wallets:create-mnemonic` → `walletsCreateMnemonic`: the bridge method of a channel. */
export type MethodName<C extends string> = C extends `${infer Domain}:${infer Verb}`
  ? `${Domain}${Capitalize<Camel<Verb>>}`
  : never;

export function methodName<C extends IpcChannel>(channel: C): MethodName<C> {
  const [domain = '', verb = ''] = channel.split(':');
  const camel = verb.replace(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());
  return `${domain}${camel.charAt(0).toUpperCase()}${camel.slice(1)}` as MethodName<C>;
}

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && (IPC_CHANNELS as readonly string[]).includes(value);
}

export function isIpcEvent(value: unknown): value is IpcEvent {
  return typeof value === 'string' && (IPC_EVENTS as readonly string[]).includes(value);
}
