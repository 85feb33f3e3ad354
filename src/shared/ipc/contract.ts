/**
 * The IPC contract (docs/design/architecture.md "Contracts"): for every channel of channels.ts, the zod schema that
 * validates its request at runtime (strict objects: unknown fields are refused) and the schema of its response
 * (which also strips anything it does not name). Main, the browser shell and the preload types all derive from
 * here. Amounts cross as decimal strings. `secret: true` marks the only two channels whose answer holds key
 * material — the one-time display of a new phrase and the password-gated recovery phrase.
 */
import { z } from 'zod';
import { alertView, appInfo } from '../domain/app';
import {
  blockEvent,
  blockView,
  chainWallet,
  delegateView,
  feesView,
  lockStateView,
  lockView,
  nodeConfigurationView,
  nodeStatusView,
  peerStatusView,
  syncEvent,
  transactionView,
} from '../domain/chain-views';
import { addressText, nothing, pageRequest, pageView } from '../domain/common';
import { blockDetail, randomnessView, searchResult, transactionDetail } from '../domain/explorer';
import { keychainStatus, keystoreStatus } from '../domain/keystore';
import { ownNodeEstimate, ownNodeEvent, ownNodeView } from '../domain/own-node';
import {
  missedSlotView,
  monitorAlertView,
  monitorOverview,
  monitorSettings,
  monitorSettingsPatch,
  monitorUpdateEvent,
  nodeSampleView,
  productivityView,
  productivityWindow,
  roundView as monitorRoundView,
} from '../domain/monitor';
import {
  delegateRef,
  localnetSnapshotView,
  localnetStatus,
  rollbackRequest,
  rollbackResult,
  snapshotName,
} from '../domain/localnet';
import {
  CONTACT_NAME_MAX,
  CONTACT_NOTE_MAX,
  contactImportResult,
  contactsExport,
  contactsFileFormat,
  contactView,
} from '../domain/contacts';
import { profileList, profileName } from '../domain/profiles';
import { MESSAGE_MAX_LENGTH, messageFormat, messageVerdictView, signedMessageView } from '../domain/messages';
import { knownNetworkView, networkView } from '../domain/networks';
import {
  multiSignatureDraft,
  multisigImport,
  multisigWalletView,
  musigServerKind,
  musigServerView,
  proposalRef,
  proposalReview,
  proposalVia,
  proposalView,
  transferDraft,
} from '../domain/multisig';
import {
  draftInput,
  faucetResult,
  feeBoundsView,
  pendingView,
  sendResult,
  keptLockView,
  revealedLockSecret,
  spendableView,
  txPreview,
} from '../domain/transactions';
import { newMnemonicWallet, recoveryPhrase, walletChange, walletView } from '../domain/wallets';
import { LINK_MAX_LENGTH } from '../lib/payment-link';
import type { IpcChannel, IpcEvent, MethodName } from './channels';
import type { IpcResult } from './errors';

interface ChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
  secret?: true;
}

const none = z.undefined();
const password = z.string().min(1).max(1024);
const walletId = z.string().min(1).max(100);
const networkId = z.string().min(1).max(100);
const profileId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a profile id is 1–64 of A–Z a–z 0–9 _ -');
const walletName = z.string().min(1).max(64).optional();
const url = z.string().min(1).max(2048);
/** A delegate as ARK's `/delegates/{id}` takes it: username, public key or address (ark-core-api.md §6.5). */
const delegateId = z
  .string()
  .regex(/^[a-zA-Z0-9!@$&_.]{1,66}$/, 'expected a username, public key or address');
const forWallet = { walletId };
/** A contact as typed: tidied and checked by the contact book (services/contacts/contact-book.ts). */
const contactFields = {
  networkId: networkId.optional(),
  name: z
    .string()
    .min(1)
    .max(CONTACT_NAME_MAX + 100),
  address: z.string().min(1).max(100),
  note: z
    .string()
    .max(CONTACT_NOTE_MAX + 100)
    .optional(),
};
/** Wallet imports name their network; the active one when absent. */
const newWallet = { networkId: networkId.optional(), name: walletName };

export const IPC_CONTRACT = {
  'app:info': { request: none, response: appInfo },
  /** A person used the app (key press, click, scroll): the only thing besides their own actions that defers auto-lock. */
  'app:activity': { request: none, response: nothing },

  'keystore:status': { request: none, response: keystoreStatus },
  'keystore:create': { request: z.strictObject({ password }), response: keystoreStatus },
  'keystore:unlock': { request: z.strictObject({ password }), response: keystoreStatus },
  'keystore:lock': { request: none, response: keystoreStatus },
  'keystore:change-password': {
    request: z.strictObject({ current: password, next: password }),
    response: nothing,
  },
  'keystore:set-auto-lock': {
    request: z.strictObject({
      minutes: z
        .number()
        .int()
        .min(0)
        .max(24 * 60),
    }),
    response: keystoreStatus,
  },
  'keystore:keychain-status': { request: none, response: keychainStatus },
  'keystore:keychain-enable': { request: none, response: keychainStatus },
  'keystore:keychain-disable': { request: none, response: keychainStatus },
  'keystore:unlock-with-device': { request: none, response: keystoreStatus },

  'wallets:list': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(walletView),
  },
  'wallets:create-mnemonic': {
    request: z.strictObject(newWallet),
    response: newMnemonicWallet,
    secret: true,
  },
  'wallets:confirm': {
    request: z.strictObject({
      pendingId: z.string().min(1).max(100),
      words: z.array(z.string().max(64)).max(24),
    }),
    response: walletView,
  },
  'wallets:cancel-pending': {
    request: z.strictObject({ pendingId: z.string().min(1).max(100) }),
    response: nothing,
  },
  'wallets:import-passphrase': {
    request: z.strictObject({
      ...newWallet,
      passphrase: z.string().min(1).max(1000),
      secondPassphrase: z.string().min(1).max(1000).optional(),
    }),
    response: walletView,
  },
  /**
   * What an import would give, before anything is stored: the address, and whether a passphrase is a valid BIP39
   * phrase (a misspelled word still gives a working but different wallet).
   */
  'wallets:preview-import': {
    request: z.union([
      z.strictObject({ networkId: networkId.optional(), passphrase: z.string().min(1).max(1000) }),
      z.strictObject({ networkId: networkId.optional(), wif: z.string().min(1).max(100) }),
    ]),
    response: z.strictObject({ address: z.string(), bip39: z.boolean().optional() }),
  },
  'wallets:import-wif': {
    request: z.strictObject({
      ...newWallet,
      wif: z.string().min(1).max(100),
      secondPassphrase: z.string().min(1).max(1000).optional(),
    }),
    response: walletView,
  },
  'wallets:add-watch-only': {
    request: z.strictObject({ ...newWallet, address: addressText }),
    response: walletView,
  },
  'wallets:rename': {
    request: z.strictObject({ ...forWallet, name: z.string().min(1).max(64) }),
    response: walletView,
  },
  /** A wallet that holds a key needs the vault password: its encrypted key is deleted for good. */
  'wallets:remove': {
    request: z.strictObject({ ...forWallet, password: password.optional() }),
    response: nothing,
  },
  'wallets:set-second-passphrase': {
    request: z.strictObject({ ...forWallet, secondPassphrase: z.string().min(1).max(1000) }),
    response: walletView,
  },
  'wallets:remove-second-passphrase': { request: z.strictObject(forWallet), response: walletView },
  'wallets:reveal-phrase': {
    request: z.strictObject({ ...forWallet, password }),
    response: recoveryPhrase,
    secret: true,
  },

  'networks:list': { request: none, response: z.array(networkView) },
  /** A plain-http node on another machine needs `allowPlainHttp` (the person confirmed the warning). */
  'networks:add': {
    request: z.strictObject({
      url,
      name: z.string().min(1).max(64).optional(),
      allowPlainHttp: z.boolean().optional(),
      /** Its nodes run ARK Core with `--env=test` (a development testnet; the person says so). */
      arkTestMode: z.boolean().optional(),
    }),
    response: networkView,
  },
  'networks:remove': { request: z.strictObject({ networkId }), response: nothing },
  'networks:add-peer': {
    request: z.strictObject({ networkId, url, allowPlainHttp: z.boolean().optional() }),
    response: networkView,
  },
  'networks:remove-peer': { request: z.strictObject({ networkId, url }), response: networkView },
  'networks:select': { request: z.strictObject({ networkId }), response: networkView },
  /** ARK mainnet and devnet with the seed relays ARK Core 3.9.1 ships: listed offline. */
  'follower:list': { request: none, response: z.array(ownNodeView) },
  'follower:estimate': { request: z.strictObject({ networkId }), response: ownNodeEstimate },
  'follower:start': { request: z.strictObject({ networkId }), response: ownNodeView },
  'follower:stop': { request: z.strictObject({ networkId }), response: ownNodeView },
  'networks:known': { request: none, response: z.array(knownNetworkView) },
  /** The seeds serve plain http: `allowPlainHttp` once the person confirmed the warning. */
  'networks:add-known': {
    request: z.strictObject({ key: knownNetworkView.shape.key, allowPlainHttp: z.boolean().optional() }),
    response: networkView,
  },

  'chain:wallet': { request: z.strictObject({ address: addressText }), response: chainWallet },
  'chain:wallet-transactions': {
    request: z.strictObject({
      address: addressText,
      ...pageRequest,
      direction: z.enum(['all', 'sent', 'received']).default('all'),
      /** ARK type and typeGroup (typeGroup 1 = Core when only the type is given). */
      type: z.number().int().min(0).max(255).optional(),
      typeGroup: z.number().int().min(1).max(65535).optional(),
    }),
    response: pageView(transactionView),
  },
  'chain:wallet-locks': {
    request: z.strictObject({ address: addressText, ...pageRequest }),
    response: pageView(lockView),
  },
  /** The open locks addressed to a wallet: what it can claim with the secret. */
  'chain:incoming-locks': {
    request: z.strictObject({ address: addressText, ...pageRequest }),
    response: pageView(lockView),
  },
  'chain:lock-states': {
    request: z.strictObject({
      ids: z
        .array(z.string().regex(/^[0-9a-f]{64}$/))
        .min(1)
        .max(100),
    }),
    response: z.array(lockStateView),
  },
  'chain:delegates': {
    request: z.strictObject({ ...pageRequest, search: z.string().max(20).optional() }).optional(),
    response: pageView(delegateView),
  },
  'chain:blocks': {
    request: z.strictObject({ ...pageRequest }).optional(),
    response: pageView(blockView),
  },
  'chain:fees': {
    request: z.strictObject({ days: z.number().int().min(1).max(30).optional() }).optional(),
    response: feesView,
  },
  'node:status': { request: none, response: nodeStatusView },
  'node:configuration': { request: none, response: nodeConfigurationView },
  'node:peers': { request: none, response: z.array(peerStatusView) },

  'tx:send': {
    request: z.strictObject({
      walletId,
      draft: draftInput,
      /** The person confirmed a fee above the ceiling (ERR_FEE_UNCONFIRMED otherwise). */
      confirmHighFee: z.boolean().optional(),
      /** The vault password, when it was last entered too long ago (tx:sign-password; ERR_PASSWORD_REQUIRED). */
      password: password.optional(),
    }),
    response: sendResult,
  },
  /**
   * Whether signing needs the password again now, and after how many minutes it does (0: never): read without a
   * body, set with one.
   */
  'tx:sign-password': {
    request: z.strictObject({ minutes: z.number().int().min(0).max(1440) }).optional(),
    response: z.strictObject({ minutes: z.number().int(), required: z.boolean() }),
  },
  /** The fees this draft can pay on its network now (the least a node admits, the static fee, the ceiling). */
  'tx:fee-bounds': { request: z.strictObject({ walletId, draft: draftInput }), response: feeBoundsView },
  /** The one review before a signature: the host's preview of a draft, with what a node would refuse in it. */
  'tx:preview': { request: z.strictObject({ walletId, draft: draftInput }), response: txPreview },
  /** What a wallet can spend now: its balance less what it has pending (the one "at most" of every form). */
  'tx:spendable': { request: z.strictObject({ walletId }), response: spendableView },
  /** The locks this wallet sent whose secret the vault keeps (until claimed, refunded or expired). */
  'tx:htlc-secrets': { request: z.strictObject({ walletId }), response: z.array(keptLockView) },
  /** A kept lock secret, after the vault password: a lock's preimage to give the recipient, not a wallet key. */
  'tx:htlc-reveal-secret': {
    request: z.strictObject({ walletId, lockId: z.string().regex(/^[0-9a-fA-F]{64}$/), password }),
    response: revealedLockSecret,
  },
  /** The fee ceiling in multiples of the static fee: read without a body, set with one. */
  'tx:fee-ceiling': {
    request: z.strictObject({ multiple: z.number().int().min(1).max(1_000_000) }).optional(),
    response: z.strictObject({ multiple: z.number().int() }),
  },
  'tx:pending': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(pendingView),
  },
  'tx:rebroadcast': { request: z.strictObject({ id: z.string().length(64) }), response: pendingView },
  'tx:dismiss': { request: z.strictObject({ id: z.string().length(64) }), response: nothing },
  'faucet:fund': {
    request: z.strictObject({
      address: addressText,
      /** Arktoshi; default 1,000 tokens, at most 100,000 per request. */
      amount: z
        .string()
        .regex(/^\d{1,30}$/)
        .optional(),
    }),
    response: faucetResult,
  },

  /**
   * Signs a text message with a wallet's key: ARK Core 3's form unless `format` asks for ArkVault's. The password
   * as for tx:send (ERR_PASSWORD_REQUIRED when it was last entered too long ago).
   */
  'message:sign': {
    request: z.strictObject({
      walletId,
      message: z.string().max(MESSAGE_MAX_LENGTH),
      format: messageFormat.default('core3'),
      password: password.optional(),
    }),
    response: signedMessageView,
  },
  /** A signed message as pasted (JSON of either form); a malformed one is ERR_JSON, ERR_KEY or ERR_SIGNATURE. */
  'message:verify': {
    request: z.strictObject({
      signed: z
        .string()
        .min(1)
        .max(4 * MESSAGE_MAX_LENGTH + 1000),
    }),
    response: messageVerdictView,
  },

  /** The profile's multisignature wallets on a network (the active one when absent), and whether each is registered. */
  'multisig:wallets': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(multisigWalletView),
  },
  /** Adds a multisignature wallet by its participants' keys: a watch wallet at the address the asset derives. */
  'multisig:import': { request: multisigImport, response: multisigWalletView },
  /**
   * The network's multisignature server: read without `server`, set with one (null: back to the default, which for
   * localnet is the server the app hosts). An empty url: none, proposals travel as files.
   */
  'multisig:server': {
    request: z
      .strictObject({
        networkId: networkId.optional(),
        server: z
          .strictObject({
            url: z
              .string()
              .regex(/^https?:\/\/\S+$/, 'expected an http(s) URL')
              .max(2048),
            kind: musigServerKind,
          })
          .nullable()
          .optional(),
      })
      .optional(),
    response: musigServerView,
  },
  /** Starts a registration (after the one review): the registering wallet signs as a participant first. */
  'multisig:register': {
    request: z.strictObject({
      walletId,
      draft: multiSignatureDraft,
      via: proposalVia,
      password: password.optional(),
    }),
    response: proposalView,
  },
  /** The one review of a transfer from a multisignature wallet, before it is proposed. */
  'multisig:preview': {
    request: z.strictObject({ walletId, draft: transferDraft }),
    response: txPreview,
  },
  /** Proposes a transfer from a multisignature wallet, signed first by `signerId`, one of its participants. */
  'multisig:propose': {
    request: z.strictObject({
      walletId,
      signerId: walletId,
      draft: transferDraft,
      via: proposalVia,
      password: password.optional(),
    }),
    response: proposalView,
  },
  /** The proposals on the network's server for this vault's wallets and multisignature wallets, each verified. */
  'multisig:proposals': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(proposalView),
  },
  /** A proposal (from the server or a document) and its one review. */
  'multisig:review': {
    request: z.strictObject({ networkId: networkId.optional(), proposal: proposalRef }),
    response: proposalReview,
  },
  /** Adds `walletId`'s participant signature after the review; back to the server or as a document. */
  'multisig:sign': {
    request: z.strictObject({
      networkId: networkId.optional(),
      proposal: proposalRef,
      walletId,
      via: proposalVia,
      password: password.optional(),
    }),
    response: proposalView,
  },
  /** Broadcasts a proposal that has its signatures (a registration after the registering wallet's own). */
  'multisig:broadcast': {
    request: z.strictObject({
      networkId: networkId.optional(),
      proposal: proposalRef,
      password: password.optional(),
    }),
    response: sendResult.omit({ htlc: true }),
  },

  /** The contacts of a network (the active one when absent), by name. */
  'contacts:list': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(contactView),
  },
  /** The address is checked against the network (ERR_CONTACT_INVALID); one contact per address and per name. */
  'contacts:add': { request: z.strictObject(contactFields), response: contactView },
  'contacts:update': {
    request: z.strictObject({ ...contactFields, id: z.string().min(1).max(100) }),
    response: contactView,
  },
  'contacts:remove': {
    request: z.strictObject({ networkId: networkId.optional(), id: z.string().min(1).max(100) }),
    response: nothing,
  },
  /**
   * A JSON or CSV file's contacts (format from its first character when absent): every row checked, the ones left
   * out listed with why. `dryRun` previews without saving.
   */
  'contacts:import': {
    request: z.strictObject({
      networkId: networkId.optional(),
      text: z.string().min(1).max(1_000_000),
      format: contactsFileFormat.optional(),
      dryRun: z.boolean().default(false),
    }),
    response: contactImportResult,
  },
  'contacts:export': {
    request: z.strictObject({ networkId: networkId.optional(), format: contactsFileFormat }),
    response: contactsExport,
  },

  /** The profiles, and which one is open. */
  'profiles:list': { request: none, response: profileList },
  /** A new empty profile; `open` switches to it at once. */
  'profiles:create': {
    request: z.strictObject({ name: profileName, open: z.boolean().default(false) }),
    response: profileList,
  },
  'profiles:rename': { request: z.strictObject({ id: profileId, name: profileName }), response: profileList },
  /** Closes the open profile (its vault locks) and opens this one, locked. */
  'profiles:switch': { request: z.strictObject({ id: profileId }), response: profileList },
  /**
   * Deletes a profile that is not open, with its vault, wallets, contacts, networks and settings. A profile with a
   * vault needs that vault's password (ERR_WRONG_PASSWORD otherwise).
   */
  'profiles:remove': {
    request: z.strictObject({ id: profileId, password: password.optional() }),
    response: profileList,
  },

  // Explorer and delegate reads.
  'chain:search': { request: z.strictObject({ query: z.string().max(200) }), response: searchResult },
  'chain:block': {
    /** A block id (64 hex; decimal on old chains) or a height. */
    request: z.union([
      z.strictObject({ id: z.string().regex(/^[0-9a-fA-F]{64}$|^\d{1,20}$/) }),
      z.strictObject({ height: z.number().int().min(1) }),
    ]),
    response: blockDetail,
  },
  'chain:block-transactions': {
    request: z.strictObject({ blockId: z.string().regex(/^[0-9a-fA-F]{64}$|^\d{1,20}$/), ...pageRequest }),
    response: pageView(transactionView),
  },
  'chain:transaction': {
    request: z.strictObject({ id: z.string().regex(/^[0-9a-fA-F]{64}$/) }),
    response: transactionDetail,
  },
  'chain:randomness': { request: none, response: randomnessView },
  /** A delegate's page: its forged blocks and its voters, by username, public key or address. */
  'chain:delegate-blocks': {
    request: z.strictObject({ delegate: delegateId, ...pageRequest }),
    response: pageView(blockView),
  },
  'chain:delegate-voters': {
    request: z.strictObject({ delegate: delegateId, ...pageRequest }),
    response: pageView(chainWallet),
  },

  // The node monitor and its alerts.
  'monitor:overview': { request: none, response: monitorOverview },
  'monitor:round': {
    /** `delegate`: a public key or username whose next slot to time. */
    request: z.strictObject({ delegate: z.string().min(1).max(66).optional() }).optional(),
    response: monitorRoundView,
  },
  'monitor:productivity': {
    request: z.strictObject({ window: productivityWindow.default('day') }).optional(),
    response: productivityView,
  },
  'monitor:missed-slots': {
    request: z
      .strictObject({
        delegate: z.string().min(1).max(66).optional(),
        limit: z.number().int().min(1).max(500).default(50),
      })
      .optional(),
    response: z.array(missedSlotView),
  },
  'monitor:samples': {
    request: z.strictObject({
      nodeId: z.string().min(1).max(200),
      /** Unix ms; the last hour when absent. */
      since: z.number().int().min(0).optional(),
    }),
    response: z.array(nodeSampleView),
  },
  'monitor:nodes-add': {
    request: z.strictObject({ url, label: z.string().min(1).max(64).optional() }),
    response: monitorOverview,
  },
  'monitor:nodes-remove': {
    request: z.strictObject({ nodeId: z.string().min(1).max(200) }),
    response: monitorOverview,
  },
  'monitor:settings': {
    /** Without a body: read. With one: a partial update, answered with the whole settings. */
    request: monitorSettingsPatch.optional(),
    response: monitorSettings,
  },
  'alerts:list': {
    request: z
      .strictObject({
        activeOnly: z.boolean().default(false),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .optional(),
    response: z.array(monitorAlertView),
  },
  'alerts:dismiss': {
    /** One alert, or every alert when `id` is absent. Dismissing hides it from the list; it does not clear it. */
    request: z.strictObject({ id: z.string().min(1).max(100).optional() }),
    response: nothing,
  },

  // Localnet controls, embedded node only.
  'localnet:status': { request: none, response: localnetStatus },
  'localnet:pause': { request: none, response: localnetStatus },
  'localnet:resume': { request: none, response: localnetStatus },
  'localnet:set-offline': {
    request: z.strictObject({ delegates: z.array(delegateRef).min(1).max(51), offline: z.boolean() }),
    response: localnetStatus,
  },
  'localnet:reset': { request: none, response: rollbackResult },
  'localnet:snapshot-save': {
    request: z.strictObject({ name: snapshotName }),
    response: localnetSnapshotView,
  },
  'localnet:snapshot-list': { request: none, response: z.array(localnetSnapshotView) },
  'localnet:snapshot-delete': { request: z.strictObject({ name: snapshotName }), response: nothing },
  'localnet:rollback': { request: rollbackRequest, response: rollbackResult },
} as const satisfies Record<IpcChannel, ChannelSpec>;

export const IPC_EVENT_SCHEMAS = {
  'node:block': blockEvent,
  'node:sync': syncEvent,
  'follower:status': ownNodeEvent,
  'wallet:changed': walletChange,
  'keystore:status': keystoreStatus,
  'tx:status': pendingView,
  alert: alertView,
  // Monitor events.
  'monitor:update': monitorUpdateEvent,
  'profile:changed': profileList,
  /** The link as the system gave it; the renderer reads it (shared/lib/payment-link.ts) and only fills a form. */
  'link:open': z.object({ url: z.string().max(LINK_MAX_LENGTH) }),
} as const satisfies Record<IpcEvent, z.ZodType>;

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
