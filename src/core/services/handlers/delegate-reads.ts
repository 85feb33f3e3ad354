/** chain:delegate-blocks and chain:delegate-voters — the delegate page's reads. */
import type { ChannelHandlers } from '../dispatcher';
import { DelegateReads } from '../delegate-reads';
import type { Services } from './services';

export type DelegateReadChannels = 'chain:delegate-blocks' | 'chain:delegate-voters';

export function delegateReadHandlers(s: Services): Pick<ChannelHandlers, DelegateReadChannels> {
  const reads = new DelegateReads(s.networks);
  return {
    'chain:delegate-blocks': ({ delegate, page, limit }) => reads.blocks(delegate, { page, limit }),
    'chain:delegate-voters': ({ delegate, page, limit }) => reads.voters(delegate, { page, limit }),
  };
}
