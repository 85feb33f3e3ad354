/**
 * chain:* — reads from the active network's chain for every screen: a wallet, its history and locks, delegates,
 * blocks, fees, the explorer's search, a block, a transaction, the randomness, a delegate's blocks and voters.
 */
import type { ChannelHandlers } from '../dispatcher';
import type { Networks } from '../networks/networks';
import type { ChainReads } from './chain-reads';
import { DelegateReads } from './delegate-reads';
import { ExplorerReads } from './explorer-reads';
import { Randomness } from './randomness';

/** What chain:* works with: the networks and the reads of the active chain. */
export interface ChainDeps {
  networks: Networks;
  chainReads: ChainReads;
}

type ChainChannels = Extract<keyof ChannelHandlers, `chain:${string}`>;

export function chainHandlers(s: ChainDeps): Pick<ChannelHandlers, ChainChannels> {
  const explorer = new ExplorerReads(s.networks);
  const randomness = new Randomness(s.networks);
  const delegates = new DelegateReads(s.networks);
  return {
    'chain:wallet': ({ address }) => s.chainReads.wallet(address),
    'chain:wallets': ({ addresses }) => s.chainReads.wallets(addresses),
    'chain:wallet-transactions': (request) => s.chainReads.walletTransactions(request),
    'chain:wallet-locks': ({ address, page, limit }) => s.chainReads.walletLocks(address, { page, limit }),
    'chain:incoming-locks': ({ address, page, limit }) =>
      s.chainReads.incomingLocks(address, { page, limit }),
    'chain:lock-states': ({ ids }) => s.chainReads.lockStates(ids),
    'chain:delegates': (request) => s.chainReads.delegates(request ?? { page: 1, limit: 25 }),
    'chain:blocks': (request) => s.chainReads.blocks(request ?? { page: 1, limit: 25 }),
    'chain:fees': (request) => s.chainReads.fees(request?.days),

    'chain:search': ({ query }) => explorer.search(query),
    'chain:block': (request) => explorer.block('id' in request ? request.id.toLowerCase() : request.height),
    'chain:block-transactions': ({ blockId, page, limit }) =>
      explorer.blockTransactions(blockId, { page, limit }),
    'chain:transaction': ({ id }) => explorer.transaction(id.toLowerCase()),
    'chain:randomness': () => randomness.read(),

    'chain:delegate-blocks': ({ delegate, page, limit }) => delegates.blocks(delegate, { page, limit }),
    'chain:delegate-voters': ({ delegate, page, limit }) => delegates.voters(delegate, { page, limit }),
  };
}
