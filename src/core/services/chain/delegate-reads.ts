/**
 * A delegate's page: its forged blocks and its current voters, through the active network's node
 * (`/delegates/{id}/blocks` and `/delegates/{id}/voters`, ark-core-api.md §6.5) — the same path for the
 * embedded node and a remote one.
 */
import type { ChainReader } from '../../client';
import type { BlockView, ChainWallet } from '../../../shared/domain/chain-views';
import type { PageView } from '../../../shared/domain/common';
import type { PageAt } from './chain-reads';
import type { Networks } from '../networks/networks';
import { blockView, pageOfViews, walletView } from './views';

export class DelegateReads {
  constructor(private readonly networks: Networks) {}

  private get client(): ChainReader {
    return this.networks.chain().reads;
  }

  /** Newest first, as ARK orders a delegate's blocks. */
  async blocks(delegate: string, at: PageAt): Promise<PageView<BlockView>> {
    const answer = await this.client.delegateBlocks(delegate, { page: at.page, limit: at.limit });
    return pageOfViews(answer, at, blockView);
  }

  /** The wallets whose vote is this delegate now (ARK serves no past voters). */
  async voters(delegate: string, at: PageAt): Promise<PageView<ChainWallet>> {
    const answer = await this.client.delegateVoters(delegate, { page: at.page, limit: at.limit });
    return pageOfViews(answer, at, walletView);
  }
}
