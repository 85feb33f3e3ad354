/**
 * The explorer's reads through the active network's chain reads (core/chain-access), so they behave alike on the embedded
 * localnet and on any remote ARK node: the search box's resolution, a block with its transactions, a transaction.
 * Wallet pages reuse chain:wallet, chain:wallet-transactions and chain:wallet-locks (chain-reads.ts).
 */
import type { ChainReader, TransactionRecord } from '../../client';
import { addressFromPublicKey, isValidPublicKey } from '../../protocol/crypto';
import type { TransactionView } from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';
import type { BlockDetail, SearchResult, TransactionDetail } from '../../../shared/domain/explorer';
import type { PageAt } from './chain-reads';
import { classifyQuery } from './explorer-query';
import { fanOut } from './fan-out';
import { blockDetail, transactionDetail, voteTargets } from './explorer-views';
import type { Networks } from '../networks/networks';
import { unless404, votesAsset } from '../../client';
import { ServiceError } from '../service-error';
import { pageOfViews, transactionView } from './views';

export class ExplorerReads {
  constructor(private readonly networks: Networks) {}

  private get client(): ChainReader {
    return this.networks.chain().reads;
  }

  async search(query: string): Promise<SearchResult> {
    const network = this.networks.active();
    const parsed = classifyQuery(query, network.pubKeyHash);
    const notFound = (message: string): SearchResult => ({ kind: 'notFound', query, message });
    switch (parsed.shape) {
      case 'invalid':
        return notFound(parsed.reason);
      case 'height': {
        const block = await unless404(this.client.block(parsed.height));
        if (block !== undefined) return { kind: 'block', id: block.id, height: block.height };
        // A delegate may be named with digits only; a missing height falls through to that name.
        const named = await this.byUsername(parsed.text);
        if (named !== undefined) return named;
        const tip = await this.client.syncing();
        return notFound(
          `There is no block at height ${parsed.height}: the chain is at height ${tip.height}.`,
        );
      }
      case 'decimalBlockId': {
        const block = await unless404(this.client.block(parsed.id));
        return block === undefined
          ? notFound(`No block has the id ${parsed.id}.`)
          : { kind: 'block', id: block.id, height: block.height };
      }
      case 'hexId': {
        // Transactions are searched first: there are many more of them than blocks.
        const tx =
          (await unless404(this.client.transaction(parsed.id))) ??
          (await unless404(this.client.unconfirmedTransaction(parsed.id)));
        if (tx !== undefined) return { kind: 'transaction', id: tx.id };
        const block = await unless404(this.client.block(parsed.id));
        if (block !== undefined) return { kind: 'block', id: block.id, height: block.height };
        return notFound(`No transaction and no block has the id ${parsed.id}.`);
      }
      case 'publicKey':
        // The address follows from the key (protocol reference §2), even for a key the chain has not seen yet.
        return isValidPublicKey(parsed.publicKey)
          ? {
              kind: 'wallet',
              address: addressFromPublicKey(parsed.publicKey, network.pubKeyHash),
              via: 'publicKey',
            }
          : notFound(`${parsed.publicKey} is not a valid public key (not a point of secp256k1).`);
      case 'address':
        return { kind: 'wallet', address: parsed.address, via: 'address' };
      case 'username':
        return (
          (await this.byUsername(parsed.username)) ??
          notFound(`No delegate is registered under the name "${parsed.username}".`)
        );
    }
  }

  /** `/wallets/{username}` (ark-core-api.md §6.6 accepts an address, a public key or a username). */
  private async byUsername(username: string): Promise<SearchResult | undefined> {
    const wallet = await unless404(this.client.wallet(username));
    return wallet?.attributes.delegate?.username === username
      ? { kind: 'wallet', address: wallet.address, via: 'username' }
      : undefined;
  }

  async block(idOrHeight: string | number): Promise<BlockDetail> {
    const block = await unless404(this.client.block(idOrHeight));
    if (block === undefined) {
      throw new ServiceError(
        'ERR_NOT_FOUND',
        typeof idOrHeight === 'number'
          ? `There is no block at height ${idOrHeight} on this network.`
          : `No block has the id ${idOrHeight} on this network.`,
      );
    }
    return blockDetail(block);
  }

  /** A block's transactions, by the `blockId` criterion of `/transactions` (ark-core-api.md §6.3). */
  async blockTransactions(blockId: string, at: PageAt): Promise<PageView<TransactionView>> {
    const answer = await this.client.transactions({ blockId, page: at.page, limit: at.limit });
    return pageOfViews(answer, at, (tx) => transactionView(tx));
  }

  /** A forged transaction, or one still waiting in the node's pool. */
  async transaction(id: string): Promise<TransactionDetail> {
    const forged = await unless404(this.client.transaction(id));
    const tx = forged ?? (await unless404(this.client.unconfirmedTransaction(id)));
    if (tx === undefined) {
      throw new ServiceError(
        'ERR_NOT_FOUND',
        `No transaction has the id ${id} on this network (neither in a block nor in the node's pool).`,
      );
    }
    const [blockHeight, usernames] = await Promise.all([this.heightOf(tx), this.voteUsernames(tx)]);
    return transactionDetail(tx, { confirmed: forged !== undefined, blockHeight, usernames });
  }

  private async heightOf(tx: TransactionRecord): Promise<number | undefined> {
    if (tx.blockId === undefined) return undefined;
    return (await unless404(this.client.block(tx.blockId)))?.height;
  }

  /**
   * The names of the delegates a vote transaction votes for or against (a resigned one is still named). Only a
   * vote asset as ARK allows it is read (client/schemas/assets.ts: at most two entries; a remote node's answer with
   * any other was refused as its bad answer already); any other vote is shown without names.
   */
  private async voteUsernames(tx: TransactionRecord): Promise<Map<string, string>> {
    const votes = votesAsset.safeParse(tx.asset?.['votes']);
    const keys = votes.success ? [...new Set(voteTargets(votes.data).map((t) => t.publicKey))] : [];
    const names = await fanOut(
      keys,
      async (key) => [key, (await unless404(this.client.delegate(key)))?.username] as const,
    );
    return new Map(names.flatMap(([key, name]) => (name === undefined ? [] : [[key, name] as const])));
  }
}
