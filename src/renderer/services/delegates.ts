/** A delegate page's reads: its blocks and voters from the active network's node. */
import type { BlockView, ChainWallet, DelegateView } from '../../shared/domain/chain';
import type { PageView } from '../../shared/domain/common';
import { unwrap } from './ipc';
import { votary } from './votary';

export async function delegateBlocks(
  delegate: string,
  page: number,
  limit = 25,
): Promise<PageView<BlockView>> {
  return unwrap(await (await votary()).chainDelegateBlocks({ delegate, page, limit }));
}
export async function delegateVoters(
  delegate: string,
  page: number,
  limit = 25,
): Promise<PageView<ChainWallet>> {
  return unwrap(await (await votary()).chainDelegateVoters({ delegate, page, limit }));
}

/** One delegate by its exact username (the delegate page reads it again on every block, and after a reload). */
export async function delegateNamed(username: string): Promise<DelegateView | undefined> {
  const page = unwrap(
    await (await votary()).chainDelegates({ search: username.slice(0, 20), page: 1, limit: 100 }),
  );
  return page.data.find((delegate) => delegate.username === username);
}
