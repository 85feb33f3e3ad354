/**
 * Channel and event names of the IPC contract (docs/design/architecture.md "Contracts"), `domain:verb`. This file
 * has no schema and no
 * dependency, so the preload can build `window.votary` from it without bundling the validators; contract.ts keys
 * its schemas by these names and the compiler keeps the two in step.
 */
export const IPC_CHANNELS = [
  'app:info',
  'app:activity',
  // The key store: vault, auto-lock, unlock on this device.
  'keystore:status',
  'keystore:create',
  'keystore:unlock',
  'keystore:lock',
  'keystore:change-password',
  'keystore:set-auto-lock',
  'keystore:keychain-status',
  'keystore:keychain-enable',
  'keystore:keychain-disable',
  'keystore:unlock-with-device',
  // Wallets in the vault.
  'wallets:list',
  'wallets:create-mnemonic',
  'wallets:confirm',
  'wallets:cancel-pending',
  'wallets:import-passphrase',
  'wallets:preview-import',
  'wallets:import-wif',
  'wallets:add-watch-only',
  'wallets:rename',
  'wallets:remove',
  'wallets:set-second-passphrase',
  'wallets:remove-second-passphrase',
  'wallets:reveal-phrase',
  // Networks and their peers.
  'networks:list',
  'networks:add',
  'networks:remove',
  'networks:add-peer',
  'networks:remove-peer',
  'networks:select',
  'networks:known',
  'networks:add-known',
  // A remote network's own node: the follower this app runs for it.
  'follower:list',
  'follower:estimate',
  'follower:start',
  'follower:stop',
  // Reads from the active network's node.
  'chain:wallet',
  'chain:wallet-transactions',
  'chain:wallet-locks',
  'chain:incoming-locks',
  'chain:lock-states',
  'chain:delegates',
  'chain:blocks',
  'chain:fees',
  'node:status',
  'node:configuration',
  'node:peers',
  // Signing and broadcasting, and following what was sent.
  'tx:send',
  'tx:fee-ceiling',
  'tx:fee-bounds',
  'tx:preview',
  'tx:spendable',
  'tx:htlc-secrets',
  'tx:htlc-reveal-secret',
  'tx:sign-password',
  'tx:pending',
  'tx:rebroadcast',
  'tx:dismiss',
  'faucet:fund',
  // Signed messages: sign with a wallet's key, verify either wallet form.
  'message:sign',
  'message:verify',
  // Multisignature wallets: import, register, propose, review and co-sign, broadcast.
  'multisig:wallets',
  'multisig:import',
  'multisig:server',
  'multisig:register',
  'multisig:preview',
  'multisig:propose',
  'multisig:proposals',
  'multisig:review',
  'multisig:sign',
  'multisig:broadcast',
  // Contacts: names for other people's addresses, per network.
  'contacts:list',
  'contacts:add',
  'contacts:update',
  'contacts:remove',
  'contacts:import',
  'contacts:export',
  // Profiles: each its own vault, wallets, networks and settings.
  'profiles:list',
  'profiles:create',
  'profiles:rename',
  'profiles:switch',
  'profiles:remove',
  // Explorer and delegate reads.
  'chain:search',
  'chain:block',
  'chain:block-transactions',
  'chain:transaction',
  'chain:randomness',
  'chain:delegate-blocks',
  'chain:delegate-voters',
  // The node monitor and its alerts.
  'monitor:overview',
  'monitor:round',
  'monitor:productivity',
  'monitor:missed-slots',
  'monitor:samples',
  'monitor:nodes-add',
  'monitor:nodes-remove',
  'monitor:settings',
  'alerts:list',
  'alerts:dismiss',
  // Localnet controls, embedded node only.
  'localnet:status',
  'localnet:pause',
  'localnet:resume',
  'localnet:set-offline',
  'localnet:reset',
  'localnet:snapshot-save',
  'localnet:snapshot-list',
  'localnet:snapshot-delete',
  'localnet:rollback',
  // Prices, opt-in: the settings, the active network's quote, the portfolio over time.
  'prices:settings',
  'prices:quote',
  'prices:portfolio',
] as const;

export type IpcChannel = (typeof IPC_CHANNELS)[number];

export const IPC_EVENTS = [
  'node:block',
  'node:sync',
  'follower:status',
  'wallet:changed',
  'keystore:status',
  'tx:status',
  'alert',
  // Monitor events.
  'monitor:update',
  // The profile list changed, or another profile was opened (every window reads the host again).
  'profile:changed',
  // An `ark:` link the operating system opened with the app (Electron registers the protocol).
  'link:open',
  // The core's process stopped unasked and was started again (main's CoreBridge): a fresh core, its vault locked,
  // so every window reads the host again.
  'core:restarted',
  // The active network's price changed (read again, turned on or off, another network or currency).
  'prices:changed',
] as const;

export type IpcEvent = (typeof IPC_EVENTS)[number];

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
