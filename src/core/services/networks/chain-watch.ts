/**
 * Follows the chains' events (core/chain-access ChainAccess.watch) and turns them into what the app does: `networks:block`
 * and `networks:sync` for the active network, `wallets:changed` when a block touches a vault wallet, and pending-list
 * updates. The chains that run in this process are watched all the time (their events cost nothing, and what the
 * app sent there confirms at once); the active network is watched as well while it is active (a remote one is
 * polled then). An unreachable node raises one alert per outage, not one per poll.
 */
import type { ChainAccess, ChainEvent, ChainTip } from '../../chain-access';
import type { NetworkEntry } from './registry';
import type { Keystore } from '../../keystore';
import { addressFromPublicKey } from '../../protocol/crypto';
import type { TransactionData } from '../../protocol/transactions';
import { syncProgress } from '../chain/chain-reads';
import { tokenWords } from '../transactions/token-words';
import type { AppEvents } from '../events';
import type { Networks } from './networks';
import type { PendingTracker } from '../transactions/pending-tracker';
import type { ContactBook } from '../contacts/contact-book';

export interface ChainWatchDeps {
  networks: Networks;
  keystore: Keystore;
  events: AppEvents;
  tracker: PendingTracker;
  /** The person's contacts: a payment alert names a paying contact by its name. */
  contacts?: ContactBook;
  onDefect: (error: unknown) => void;
}

export class ChainWatch {
  /** The in-process chains' unwatch functions, by network id. */
  private readonly always = new Map<string, () => void>();
  private active: (() => void) | undefined;
  private unlisten: (() => void) | undefined;

  constructor(private readonly deps: ChainWatchDeps) {}

  start(): void {
    for (const chain of this.deps.networks.inProcessChains()) this.watchAlways(chain);
    // A network's own node starting or stopping (follower/own-nodes.ts): its chain is watched all the time then.
    this.unlisten = this.deps.networks.onInProcessChanged(({ networkId, chain }) => {
      this.always.get(networkId)?.();
      this.always.delete(networkId);
      if (chain !== undefined) this.watchAlways(chain);
    });
    this.follow(this.deps.networks.active());
  }

  private watchAlways(chain: ChainAccess): void {
    this.always.set(
      chain.networkId,
      chain.watch((event) => this.handle(chain, event)),
    );
  }

  /** Watches the newly active network too (unless it is watched all the time already). */
  follow(entry: NetworkEntry): void {
    this.active?.();
    this.active = undefined;
    const chain = this.deps.networks.chain(entry.id);
    if (!chain.inProcess) this.active = chain.watch((event) => this.handle(chain, event));
  }

  stop(): void {
    this.active?.();
    this.active = undefined;
    this.unlisten?.();
    for (const unwatch of this.always.values()) unwatch();
    this.always.clear();
  }

  private isActive(chain: ChainAccess): boolean {
    return this.deps.networks.activeId === chain.networkId;
  }

  private handle(chain: ChainAccess, event: ChainEvent): void {
    const { networkId } = chain;
    const { tracker, events, networks } = this.deps;
    switch (event.kind) {
      case 'block':
        if (event.block !== undefined) {
          const ids = event.block.flatMap((tx) => (tx.id === undefined ? [] : [tx.id]));
          tracker.confirmInBlock(networkId, event.tip.height, ids);
        }
        // A node catching up applies hundreds of blocks a second: the screens hear its sync events instead.
        if (this.isActive(chain) && event.catchingUp !== true) this.announce(networkId, event.tip);
        if (event.block !== undefined) this.walletActivity(networkId, event.block);
        // A block as it is forged, not history a node catches up on: that would be hundreds of old payments.
        if (event.block !== undefined && event.catchingUp !== true) this.incoming(networkId, event.block);
        return;
      case 'revert':
        // A rollback or reset: the restored tip is announced as the last block, and the vault wallets the
        // reverted transactions touched as changed (their balances went back).
        tracker.reverted(networkId, event.tip.height);
        if (this.isActive(chain)) this.announce(networkId, event.tip);
        this.walletActivity(networkId, event.reverted);
        return;
      case 'sync':
        if (this.isActive(chain)) {
          events.emit('networks:sync', {
            networkId,
            height: event.height,
            syncing: event.syncing,
            blocksBehind: event.blocksBehind,
            progress: syncProgress(event.height, event.blocksBehind),
          });
        }
        tracker.check(networkId, event.height).catch(this.deps.onDefect);
        return;
      case 'unreachable':
        events.alert(
          'warning',
          'NODE_UNREACHABLE',
          `The node of the active network does not answer: ${event.reason}`,
        );
        return;
      case 'reachable':
        events.alert('info', 'NODE_REACHABLE', `The ${networks.entry(networkId).name} node answers again.`);
        return;
    }
  }

  private announce(networkId: string, tip: ChainTip): void {
    this.deps.events.emit('networks:block', { networkId, ...tip, at: Date.now() });
  }

  /**
   * One INCOMING_TRANSACTION alert per vault wallet a block pays (a transfer, a multipayment's rows to it, an
   * claim of an HTLC lock is not announced here), from someone other than itself; the shells make it
   * a desktop notification and the webhook passes it on.
   */
  private incoming(networkId: string, transactions: readonly TransactionData[]): void {
    const { keystore, events, networks } = this.deps;
    if (!keystore.isUnlocked() || transactions.length === 0) return;
    const entry = networks.entry(networkId);
    const network = entry.network.network;
    const wallets = new Map(
      keystore.listWallets({ nethash: network.nethash }).map((wallet) => [wallet.address, wallet]),
    );
    if (wallets.size === 0) return;
    for (const tx of transactions) {
      const sender = addressFromPublicKey(tx.senderPublicKey, network.pubKeyHash);
      const received = new Map<string, bigint>();
      const add = (address: string, amount: string | bigint) => {
        if (address === sender || !wallets.has(address)) return;
        received.set(address, (received.get(address) ?? 0n) + BigInt(amount));
      };
      // Transfers (type 0 of group 1) pay their recipient; a lock (type 8) only reserves, so it is left out.
      if ((tx.typeGroup ?? 1) === 1 && tx.type === 0 && tx.recipientId !== undefined)
        add(tx.recipientId, tx.amount);
      for (const payment of tx.asset?.payments ?? []) add(payment.recipientId, payment.amount);
      if (received.size === 0) continue;
      // Who paid, as the person knows them: one of their wallets by its name, a contact by the contact's name.
      const own = wallets.get(sender);
      const contact =
        own === undefined
          ? this.deps.contacts?.byAddress({ ...network, name: entry.name }, sender)
          : undefined;
      const payer =
        own !== undefined
          ? `your wallet ${own.name}`
          : contact !== undefined
            ? `${contact.name} (${sender})`
            : sender;
      for (const [address, amount] of received) {
        const wallet = wallets.get(address)!;
        events.alert(
          'info',
          'INCOMING_TRANSACTION',
          `${wallet.name} received ${tokenWords(amount, network.client.symbol)} from ${payer} on ${entry.name}.`,
        );
      }
    }
  }

  /** `wallets:changed` for each unlocked vault wallet the transactions send from or pay to. */
  private walletActivity(networkId: string, transactions: readonly TransactionData[]): void {
    const { keystore, events, networks } = this.deps;
    if (!keystore.isUnlocked() || transactions.length === 0) return;
    const network = networks.entry(networkId).network.network;
    const touched = new Set<string>();
    for (const tx of transactions) {
      touched.add(addressFromPublicKey(tx.senderPublicKey, network.pubKeyHash));
      if (tx.recipientId !== undefined) touched.add(tx.recipientId);
      for (const payment of tx.asset?.payments ?? []) touched.add(payment.recipientId);
    }
    for (const wallet of keystore.listWallets({ nethash: network.nethash })) {
      if (touched.has(wallet.address)) {
        events.emit('wallets:changed', { reason: 'activity', walletId: wallet.id, address: wallet.address });
      }
    }
  }
}
