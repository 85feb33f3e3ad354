/**
 * The names history rows use instead of bare addresses: the user's own wallets (from the vault) and the network's
 * delegates (active and standby: the first 300 by rank, lib/reads/delegates.ts `useDelegateList`, read once per
 * minute of the network's blocks and shared with the Dashboard's names).
 */
import { useMemo } from 'react';
import type { DelegateView } from '../../../shared/domain/chain-views';
import { useVotary } from '../../store';
import type { KnownNames } from './history-row';
import { useDelegateList } from '../../lib/reads/delegates';
import { useContacts } from '../contacts/use-contacts';

const NONE: DelegateView[] = [];
// Names are a help: addresses stay shown when the delegates cannot be read.
const quiet = () => undefined;

export function useKnownNames(): KnownNames {
  const wallets = useVotary((s) => s.wallets);
  const contacts = useContacts();
  const known = useDelegateList(quiet) ?? NONE;
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
