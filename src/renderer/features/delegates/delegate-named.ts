/** A delegate by its exact name: the node searches by the name's start (at most 20 characters), this picks it. */
import type { DelegateView } from '../../../shared/domain/chain-views';
import { call } from '../../services/call';

export async function delegateNamed(username: string): Promise<DelegateView | undefined> {
  const page = await call('chain:delegates', { search: username.slice(0, 20), page: 1, limit: 100 });
  return page.data.find((delegate) => delegate.username === username);
}
