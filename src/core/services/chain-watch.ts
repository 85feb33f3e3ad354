/**
 * Follows the active network and turns what happens on it into push events: `node:block` and
 * `node:sync` on every new block, `wallet:changed` when a block touches a vault wallet, and a pending-list check.
 * The embedded node reports its blocks as events in this process; a remote network is polled (its
 * /node/syncing), and an unreachable node raises one alert per outage, not one per poll.
 */
import { EMBEDDED_NETWORK_ID, type NetworkEntry } from '../client';
import type { Keystore } from '../keystore';
import type { LocalNode } from '../node';
import type { Block } from '../protocol/blocks';
import { addressFromPublicKey } from '../protocol/crypto';
import { syncProgress } from './chain-reads';
import type { AppEvents } from './events';
import type { Networks } from './networks';
import type { PendingTracker } from './pending-tracker';

export interface ChainWatchDeps {
  node: LocalNode;
  networks: Networks;
  keystore: Keystore;
  events: AppEvents;
  tracker: PendingTracker;
  /** Polling interval for remote networks (ms). */
  pollMs: number;
  onDefect: (error: unknown) => void;
}

export class ChainWatch {
  private timer: NodeJS.Timeout | undefined;
  private remoteHeight = 0;
  private unreachable = false;
  private readonly onBlock = (block: Block) => this.embeddedBlock(block);
  private readonly onRevert = (info: { blocks: Block[]; height: number }) => this.embeddedRevert(info);

  constructor(private readonly deps: ChainWatchDeps) {}

  start(): void {
    this.deps.node.on('block', this.onBlock);
    this.deps.node.on('revert', this.onRevert);
    this.follow(this.deps.networks.active());
  }

  /** Starts polling a remote active network, or stops when the embedded one is active. */
  follow(entry: NetworkEntry): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.remoteHeight = 0;
    this.unreachable = false;
    if (entry.kind === 'remote') {
      this.timer = setInterval(() => void this.poll(entry.id), this.deps.pollMs);
      this.timer.unref();
      void this.poll(entry.id);
    }
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.deps.node.off('block', this.onBlock);
    this.deps.node.off('revert', this.onRevert);
  }

  private embeddedBlock(block: Block): void {
    const { header, transactions } = block;
    const { tracker, events } = this.deps;
    tracker.confirmInBlock(
      EMBEDDED_NETWORK_ID,
      header.height,
      transactions.flatMap((tx) => (tx.id === undefined ? [] : [tx.id])),
    );
    if (this.deps.networks.activeId === EMBEDDED_NETWORK_ID) {
      events.emit('node:block', {
        networkId: EMBEDDED_NETWORK_ID,
        height: header.height,
        id: header.id ?? '',
        transactions: header.numberOfTransactions,
        at: Date.now(),
      });
      // The embedded node forges its own chain: it is always in sync.
      events.emit('node:sync', {
        networkId: EMBEDDED_NETWORK_ID,
        height: header.height,
        syncing: false,
        blocksBehind: 0,
        progress: 1,
      });
    }
    this.walletActivity(block);
    tracker.check(EMBEDDED_NETWORK_ID, header.height).catch(this.deps.onDefect);
  }

  /**
   * Blocks were reverted (a localnet rollback or reset): the restored tip is announced as the last
   * block, and the vault wallets the reverted transactions touched as changed (their balances went back).
   */
  private embeddedRevert({ blocks, height }: { blocks: Block[]; height: number }): void {
    this.deps.tracker.reverted(EMBEDDED_NETWORK_ID, height);
    if (this.deps.networks.activeId === EMBEDDED_NETWORK_ID) {
      const tip = this.deps.node.store.lastBlock();
      this.deps.events.emit('node:block', {
        networkId: EMBEDDED_NETWORK_ID,
        height: tip.height,
        id: tip.id ?? '',
        transactions: tip.numberOfTransactions,
        at: Date.now(),
      });
      this.deps.events.emit('node:sync', {
        networkId: EMBEDDED_NETWORK_ID,
        height,
        syncing: false,
        blocksBehind: 0,
        progress: 1,
      });
    }
    const first = blocks[0];
    if (first)
      this.walletActivity({ header: first.header, transactions: blocks.flatMap((b) => b.transactions) });
  }

  /** `wallet:changed` for each unlocked vault wallet a block's transactions send from or pay to. */
  private walletActivity(block: Block): void {
    const { keystore, events, node } = this.deps;
    if (!keystore.isUnlocked() || block.transactions.length === 0) return;
    const pubKeyHash = node.network.network.pubKeyHash;
    const touched = new Set<string>();
    for (const tx of block.transactions) {
      touched.add(addressFromPublicKey(tx.senderPublicKey, pubKeyHash));
      if (tx.recipientId !== undefined) touched.add(tx.recipientId);
      for (const payment of tx.asset?.payments ?? []) touched.add(payment.recipientId);
    }
    for (const wallet of keystore.listWallets({ nethash: node.network.network.nethash })) {
      if (touched.has(wallet.address)) {
        events.emit('wallet:changed', { reason: 'activity', walletId: wallet.id, address: wallet.address });
      }
    }
  }

  private async poll(networkId: string): Promise<void> {
    const { networks, events, tracker } = this.deps;
    if (networks.activeId !== networkId) return;
    try {
      const client = networks.client(networkId);
      const syncing = await client.syncing();
      if (this.unreachable) {
        this.unreachable = false;
        events.alert('info', 'NODE_REACHABLE', `The ${networks.entry(networkId).name} node answers again.`);
      }
      if (syncing.height === this.remoteHeight) return;
      this.remoteHeight = syncing.height;
      const last = await client.lastBlock();
      events.emit('node:block', {
        networkId,
        height: last.height,
        id: last.id,
        transactions: last.transactions,
        at: Date.now(),
      });
      events.emit('node:sync', {
        networkId,
        height: syncing.height,
        syncing: syncing.syncing,
        blocksBehind: syncing.blocks,
        progress: syncProgress(syncing.height, syncing.blocks),
      });
      await tracker.check(networkId, syncing.height);
    } catch (error) {
      if (this.unreachable) return;
      this.unreachable = true;
      const reason = error instanceof Error ? error.message : String(error);
      events.alert(
        'warning',
        'NODE_UNREACHABLE',
        `The node of the active network does not answer: ${reason}`,
      );
    }
  }
}
