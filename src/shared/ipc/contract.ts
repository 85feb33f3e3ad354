/**
 * The IPC contract (docs/design/architecture.md "Contracts"): for every channel of channels.ts, the zod schema that
 * validates its request at runtime (strict objects: unknown fields are refused) and the schema of its response
 * (which also strips anything it does not name). Main, the browser shell and the preload types all derive from
 * here. Amounts cross as decimal strings. `secret: true` marks the only two channels whose answer holds key
 * material — the one-time display of a new phrase and the password-gated recovery phrase.
 */
import type { z } from 'zod';
import type { IpcChannel, IpcEvent, MethodName } from './channels';
import type { IpcResult } from './errors';
import { APP_CHANNELS } from './contract/app';
import { VAULT_CHANNELS } from './contract/vault';
import { WALLET_CHANNELS } from './contract/wallets';
import { NETWORK_CHANNELS } from './contract/networks';
import { FOLLOWER_CHANNELS } from './contract/follower';
import { CHAIN_CHANNELS } from './contract/chain';
import { TRANSACTION_CHANNELS } from './contract/transactions';
import { MESSAGE_CHANNELS } from './contract/messages';
import { LEDGER_CHANNELS } from './contract/ledger';
import { MULTISIG_CHANNELS } from './contract/multisig';
import { CONTACT_CHANNELS } from './contract/contacts';
import { PROFILE_CHANNELS } from './contract/profiles';
import { MONITOR_CHANNELS } from './contract/monitor';
import { LOCALNET_CHANNELS } from './contract/localnet';
import { PRICE_CHANNELS } from './contract/prices';
import { IPC_EVENT_SCHEMAS } from './contract/events';
import type { ChannelSpec } from './contract/fields';

/** Every channel, each domain's from its own file under contract/. */
export const IPC_CONTRACT = {
  ...APP_CHANNELS,
  ...VAULT_CHANNELS,
  ...WALLET_CHANNELS,
  ...NETWORK_CHANNELS,
  ...FOLLOWER_CHANNELS,
  ...CHAIN_CHANNELS,
  ...TRANSACTION_CHANNELS,
  ...MESSAGE_CHANNELS,
  ...LEDGER_CHANNELS,
  ...MULTISIG_CHANNELS,
  ...CONTACT_CHANNELS,
  ...PROFILE_CHANNELS,
  ...MONITOR_CHANNELS,
  ...LOCALNET_CHANNELS,
  ...PRICE_CHANNELS,
} as const satisfies Record<IpcChannel, ChannelSpec>;

export { IPC_EVENT_SCHEMAS };

type Contract = typeof IPC_CONTRACT;

/** What a caller passes (before defaults) and what it gets back. */
export type IpcRequest<C extends IpcChannel> = z.input<Contract[C]['request']>;
/** What the handler receives (after validation and defaults). */
export type IpcParsedRequest<C extends IpcChannel> = z.output<Contract[C]['request']>;
export type IpcResponse<C extends IpcChannel> = z.output<Contract[C]['response']>;
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof IPC_EVENT_SCHEMAS)[E]>;

/** Channels whose answer may hold key material (tests/ipc walks the contract to prove there are only these). */
export const SECRET_CHANNELS: readonly IpcChannel[] = (Object.keys(IPC_CONTRACT) as IpcChannel[]).filter(
  (channel) => (IPC_CONTRACT[channel] as ChannelSpec).secret === true,
);

type BridgeCall<C extends IpcChannel> =
  undefined extends IpcRequest<C>
    ? (request?: IpcRequest<C>) => Promise<IpcResult<IpcResponse<C>>>
    : (request: IpcRequest<C>) => Promise<IpcResult<IpcResponse<C>>>;

/**
 * `window.votary`: one function per channel, each answering an IpcResult, plus `on` for push
 * events (it returns the unsubscribe function). Nothing else.
 */
export type VotaryBridge = { [C in IpcChannel as MethodName<C>]: BridgeCall<C> } & {
  on<E extends IpcEvent>(event: E, handler: (payload: IpcEventPayload<E>) => void): () => void;
};

export type { IpcChannel, IpcEvent } from './channels';
export { IPC_CHANNELS, IPC_EVENTS, methodName, isIpcChannel, isIpcEvent, EVENT_CHANNEL } from './channels';
export type { IpcError, IpcResult } from './errors';
export { VotaryError, BRIDGE_ERROR_CODES, ipcError, isIpcError, isIpcResult } from './errors';
export type { AppInfo } from '../domain/app';
