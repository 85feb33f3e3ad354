/**
 * The names history rows use instead of bare addresses: the user's own wallets (from the vault) and the network's
 * delegates (read once per network, active and standby: the first 300 by rank, and again after a minute).
 */
import { useMemo } from 'react';
import type { DelegateView } from '../../../shared/domain/chain-views';
import { useVotary } from '../../store';
import type { KnownNames } from './history-row';
import { useLatest } from '../../lib/use-read';
import { call } from '../../services/call';
import { useContacts } from '../contacts/use-contacts';

const PAGES = 3;
const FRESH_MS = 60_000;
const cache = new Map<string, { at: number; list: DelegateView[] }>();
const NONE: DelegateView[] = [];

async function delegatesOf(networkId: string): Promise<DelegateView[]> {
  const held = cache.get(networkId);
  if (held !== undefined && Date.now() - held.at < FRESH_MS) return held.list;
  const list: DelegateView[] = [];
  for (let page = 1; page <= PAGES; page += 1) {
    const answer = await call('chain:delegates', { page, limit: 100 });
    list.push(...answer.data);
    if (page >= answer.meta.pageCount) break;
  }
  cache.set(networkId, { at: Date.now(), list });
  return list;
}

export function useKnownNames(): KnownNames {
  const wallets = useVotary((s) => s.wallets);
  const contacts = useContacts();
  const networkId = useVotary((s) => s.node?.networkId);
  const known =
    useLatest(networkId === undefined ? undefined : () => delegatesOf(networkId), String(networkId), {
      report: () => undefined, // names are a help: addresses stay shown when the delegates cannot be read
    }).value ?? NONE;
  return useMemo(
    () => ({
      wallets: new Map(wallets.map((wallet) => [wallet.address, wallet.name])),
      delegatesByAddress: new Map(known.map((d) => [d.address, d.username])),
      delegatesByKey: new Map(known.map((d) => [d.publicKey, d.username])),
      contacts: new Map(contacts.map((c) => [c.address, c.name])),
    }),
    [wallets, known, contacts],
  );
}
