/**
 * chain:search, chain:block, chain:block-transactions, chain:transaction and chain:randomness — the explorer and
 * randomness screens' reads from the active network. Fees stay on chain:fees (handlers/network.ts).
 */
import type { ChannelHandlers } from '../dispatcher';
import { ExplorerReads } from '../explorer-reads';
import { Randomness } from '../randomness';
import type { Services } from './services';

export type ExplorerChannels =
  'chain:search' | 'chain:block' | 'chain:block-transactions' | 'chain:transaction' | 'chain:randomness';

export function explorerHandlers(s: Services): Pick<ChannelHandlers, ExplorerChannels> {
  const explorer = new ExplorerReads(s.networks);
  const randomness = new Randomness(s.networks);
  return {
    'chain:search': ({ query }) => explorer.search(query),
    'chain:block': (request) => explorer.block('id' in request ? request.id.toLowerCase() : request.height),
    'chain:block-transactions': ({ blockId, page, limit }) =>
      explorer.blockTransactions(blockId, { page, limit }),
    'chain:transaction': ({ id }) => explorer.transaction(id.toLowerCase()),
    'chain:randomness': () => randomness.read(),
  };
}
