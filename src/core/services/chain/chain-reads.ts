/**
 * Chain reads for the screens, through the active network's chain reads (core/chain-access ChainAccess): ARK's resources
 * whoever serves them — the embedded node's public API in this process, or a remote node — so every screen behaves
 * alike on every network.
 */
import type { ChainReader, PeerStatus, StaticFees } from '../../client';
import type {
  BlockView,
  ChainWallet,
  DelegateView,
  FeesView,
  LockStateView,
  LockView,
  NodeConfigurationView,
  NodeStatusView,
  PeerStatusView,
  TransactionView,
} from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';
import type { Networks } from '../networks/networks';
import { isNotFound, unless404 } from '../../client';
import { isValidPublicKey } from '../../protocol/crypto';
import { DEFAULT_MULTI_PAYMENT_LIMIT } from '../../protocol/transactions';
import {
  blockView,
  coldWallet,
  delegateView,
  lockView,
  pageOfViews,
  transactionView,
  walletView,
} from './views';
import { historyPage } from './wallet-history';

export interface PageAt {
  page: number;
  limit: number;
}

export interface TransactionFilter extends PageAt {
  address: string;
  direction: 'all' | 'sent' | 'received';
  type?: number | undefined;
  typeGroup?: number | undefined;
}

function emptyPage<V>(at: PageAt): PageView<V> {
  return { meta: { ...at, count: 0, totalCount: 0, pageCount: 0 }, data: [] };
}

const mapBig = <K extends string>(table: Record<K, bigint>) =>
  Object.fromEntries(Object.entries<bigint>(table).map(([key, value]) => [key, value.toString()]));

/** How many wallet reads `wallets` has in flight at once. */
const WALLETS_AT_ONCE = 8;

export class ChainReads {
  constructor(private readonly networks: Networks) {}

  private get client(): ChainReader {
    return this.networks.chain().reads;
  }

  async wallet(address: string): Promise<ChainWallet> {
    try {
      return walletView(await this.client.wallet(address));
    } catch (error) {
      if (isNotFound(error)) return coldWallet(address);
      throw error;
    }
  }

  /**
   * Several wallets, a few at a time (a remote node's rate limit is shared with every other read), in the order
   * asked; one whose read failed is left out, and the caller keeps what it knew of it.
   */
  async wallets(addresses: readonly string[]): Promise<ChainWallet[]> {
    const unique = [...new Set(addresses)];
    const read: (ChainWallet | undefined)[] = [];
    for (let start = 0; start < unique.length; start += WALLETS_AT_ONCE) {
      const batch = unique.slice(start, start + WALLETS_AT_ONCE);
      const answers = await Promise.allSettled(batch.map((address) => this.wallet(address)));
      read.push(...answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : undefined)));
    }
    return read.filter((wallet): wallet is ChainWallet => wallet !== undefined);
  }

  async walletTransactions(filter: TransactionFilter): Promise<PageView<TransactionView>> {
    const { address, direction, page, limit } = filter;
    const query = {
      page,
      limit,
      ...(filter.type === undefined ? {} : { type: filter.type }),
      ...(filter.typeGroup === undefined ? {} : { typeGroup: filter.typeGroup }),
    };
    const answer =
      direction === 'sent'
        ? await this.client.transactions({ ...query, senderId: address })
        : direction === 'received'
          ? await this.client.transactions({ ...query, recipientId: address })
          : await this.client.walletTransactions(address, query).catch((error: unknown) => {
              if (isNotFound(error)) return undefined;
              throw error;
            });
    if (answer === undefined) return emptyPage({ page, limit });
    const views = await historyPage(this.client, address, answer);
    return pageOfViews({ ...answer, data: views }, { page, limit }, (view) => view);
  }

  async walletLocks(address: string, at: PageAt): Promise<PageView<LockView>> {
    const network = this.networks.active().network;
    try {
      const answer = await this.client.walletLocks(address, { page: at.page, limit: at.limit });
      return pageOfViews(answer, at, (lock) => lockView(lock, network));
    } catch (error) {
      if (isNotFound(error)) return emptyPage(at);
      throw error;
    }
  }

  /** The open locks addressed to `address` (ARK `/locks?recipientId=`): what it can claim with the secret. */
  async incomingLocks(address: string, at: PageAt): Promise<PageView<LockView>> {
    const network = this.networks.active().network;
    const answer = await this.client.locks({ recipientId: address, page: at.page, limit: at.limit });
    return pageOfViews(answer, at, (lock) => lockView(lock, network));
  }

  /**
   * Each lock's place in its life: closed (the claim or refund from ARK `POST /locks/unlocked`), open or expired
   * (`/locks/{id}`, which answers 404 once a lock is closed), its transaction still in a pool, or unknown.
   */
  async lockStates(ids: readonly string[]): Promise<LockStateView[]> {
    const network = this.networks.active().network;
    const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
    const closers = new Map<string, TransactionView>();
    for (const tx of (await this.client.unlockingTransactions(wanted)).data) {
      const view = transactionView(tx);
      if (view.lockId !== undefined) closers.set(view.lockId, view);
    }
    return Promise.all(
      wanted.map(async (lockId): Promise<LockStateView> => {
        const closer = closers.get(lockId);
        if (closer !== undefined) {
          return { lockId, state: closer.kind === 'htlcClaim' ? 'claimed' : 'refunded', closedBy: closer.id };
        }
        const open = await unless404(this.client.lock(lockId));
        if (open !== undefined) {
          return { lockId, state: open.isExpired ? 'expired' : 'open', lock: lockView(open, network) };
        }
        const pooled = await unless404(this.client.unconfirmedTransaction(lockId));
        return { lockId, state: pooled === undefined ? 'unknown' : 'pending' };
      }),
    );
  }

  /** Delegates by rank; `search` matches part of the username (ARK `%` pattern, §6.5). */
  async delegates(at: PageAt & { search?: string | undefined }): Promise<PageView<DelegateView>> {
    // Only the characters a username may have (ARK `^[a-z0-9!@$&_.]+$`); `%` would be a wildcard.
    const search = at.search
      ?.trim()
      .toLowerCase()
      .replace(/[^a-z0-9!@$&_.]/g, '');
    const network = this.networks.active().network;
    const answer = await this.client.delegates({
      page: at.page,
      limit: at.limit,
      ...(search ? { username: `%${search}%` } : {}),
    });
    // A record whose key is not a curve point names no wallet a vote could go to: left out (views.ts).
    const data = answer.data.filter((delegate) => isValidPublicKey(delegate.publicKey));
    return pageOfViews({ ...answer, data }, at, (delegate) => delegateView(delegate, network));
  }

  async blocks(at: PageAt): Promise<PageView<BlockView>> {
    return pageOfViews(await this.client.blocks({ page: at.page, limit: at.limit }), at, blockView);
  }

  async fees(days?: number): Promise<FeesView> {
    const [fixed, stats] = await Promise.all([this.staticFees(), this.client.fees(days)]);
    return {
      static: Object.fromEntries(Object.entries(fixed).map(([group, table]) => [group, mapBig(table)])),
      stats: {
        ...(stats.days === undefined ? {} : { days: stats.days }),
        byTypeGroup: Object.fromEntries(
          Object.entries(stats.byTypeGroup).map(([group, table]) => [
            group,
            Object.fromEntries(
              Object.entries(table).map(([key, s]) => [
                key,
                {
                  min: s.min.toString(),
                  avg: s.avg.toString(),
                  max: s.max.toString(),
                  sum: s.sum.toString(),
                },
              ]),
            ),
          ]),
        ),
      },
    };
  }

  /**
   * `/transactions/fees` (ark-core-api.md §9.4); a node that does not serve it (404) still states its static fees
   * in `/node/configuration` constants (`fees.staticFees`, Core types, typeGroup 1).
   */
  private async staticFees(): Promise<StaticFees> {
    try {
      return await this.client.staticFees();
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const table = (await this.client.configuration()).constants.fees?.staticFees ?? {};
      return { '1': Object.fromEntries(Object.entries(table).map(([key, fee]) => [key, BigInt(fee)])) };
    }
  }

  async nodeStatus(): Promise<NodeStatusView> {
    const [syncing, status] = await Promise.all([this.client.syncing(), this.client.status()]);
    return {
      networkId: this.networks.activeId,
      height: syncing.height,
      blockId: syncing.id,
      synced: status.synced,
      syncing: syncing.syncing,
      blocksBehind: syncing.blocks,
      progress: syncProgress(syncing.height, syncing.blocks),
    };
  }

  async nodeConfiguration(): Promise<NodeConfigurationView> {
    const config = await this.client.configuration();
    const c = config.constants;
    return {
      networkId: this.networks.activeId,
      nethash: config.nethash,
      token: config.token,
      symbol: config.symbol,
      ...(config.explorer ? { explorer: config.explorer } : {}),
      version: config.core.version,
      pubKeyHash: config.version,
      ports: config.ports,
      constants: {
        blocktime: c.blocktime,
        activeDelegates: c.activeDelegates,
        epoch: c.epoch,
        reward: String(c.reward),
        ...(c.vendorFieldLength === undefined ? {} : { vendorFieldLength: c.vendorFieldLength }),
        // What a node omits is ARK's default, as this app's signer applies it (protocol/transactions/sign.ts): the
        // screens split a multipayment by the same limit the host checks, not by a copy of their own.
        multiPaymentLimit: c.multiPaymentLimit ?? DEFAULT_MULTI_PAYMENT_LIMIT,
        ...(c.htlcEnabled === undefined ? {} : { htlcEnabled: c.htlcEnabled }),
        ...(c.aip37 === undefined ? {} : { aip37: c.aip37 }),
      },
    };
  }

  /** Probes every node the active network is read from, then reports health, latency and height. */
  async peers(): Promise<PeerStatusView[]> {
    return (await this.networks.chain().peerStatuses()).map(peerView);
  }
}

export function syncProgress(height: number, behind: number): number {
  return behind <= 0 ? 1 : height / (height + behind);
}

function peerView(peer: PeerStatus): PeerStatusView {
  return {
    url: peer.url,
    score: peer.score,
    health: peer.health,
    ...(peer.latencyMs === undefined ? {} : { latencyMs: peer.latencyMs }),
    ...(peer.height === undefined ? {} : { height: peer.height }),
    ...(peer.lastError === undefined
      ? {}
      : { lastError: { code: peer.lastError.code, message: peer.lastError.message, at: peer.lastError.at } }),
    ...(peer.backoffUntil === undefined ? {} : { backoffUntil: peer.backoffUntil }),
    rateLimited: peer.rateLimited,
  };
}
