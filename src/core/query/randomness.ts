/**
 * The secondary interface's reads (public-api.md §2.3, §4.11): `/blockchain`'s supply figures and the random values
 * of a block (`/trng` the last one, `/trng-1` the one before). The derivation is `trngValues`
 * (src/shared/lib/trng.ts), documented in the README.
 */
import type { RandomValues } from '../domain';
import { blockByHeight } from '../db/read-model/blocks';
import type { Supply } from '../node/block-store';
import { LOCALNET_NAME, localnetWallets } from '../node/localnet';
import { formatTimestamp } from '../protocol/time';
import { trngValues } from '../../shared/lib/trng';
import type { QueryContext } from './context';

/** A fund wallet of localnet's wallets.json (none on another network). */
export interface FundBalance {
  address: string | undefined;
  balance: bigint;
}

export interface ChainSummary {
  height: number;
  supply: Supply;
  devFund: FundBalance;
  communityFund: FundBalance;
}

export class RandomnessQueries {
  constructor(private readonly ctx: QueryContext) {}

  /** The random values of the block `blocksBack` below the last one; undefined when there is none. */
  values(blocksBack = 0): RandomValues | undefined {
    const block = blockByHeight(this.ctx.read, Math.max(1, this.ctx.read.height() - blocksBack));
    if (!block) return undefined;
    return {
      blockId: block.id,
      timestamp: formatTimestamp(block.timestamp, this.ctx.read.network),
      values: trngValues(block.id),
    };
  }

  /** The secondary `/blockchain`: height, supply, and the localnet's fund wallets. */
  summary(): ChainSummary {
    const chain = this.ctx.source.node.chain;
    const fund = (role: 'devFund' | 'communityFund'): FundBalance => {
      const address =
        chain.network.network.name === LOCALNET_NAME
          ? localnetWallets().find((wallet) => wallet.role === role)?.address
          : undefined;
      return { address, balance: address === undefined ? 0n : chain.balanceOf(address) };
    };
    return {
      height: chain.height(),
      supply: chain.supply(),
      devFund: fund('devFund'),
      communityFund: fund('communityFund'),
    };
  }
}
