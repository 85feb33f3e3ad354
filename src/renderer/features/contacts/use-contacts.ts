/**
 * The active network's contacts, read when a screen that names addresses first needs them and again after the
 * network changes (the list is per network: services/contacts/contact-book.ts).
 */
import { useEffect } from 'react';
import type { ContactView } from '../../../shared/domain/contacts';
import { useVotary } from '../../store';

let reading: string | undefined;

export function useContacts(): ContactView[] {
  const networkId = useVotary((s) => s.node?.networkId);
  const readFor = useVotary((s) => s.contactsNetworkId);
  const load = useVotary((s) => s.loadContacts);
  useEffect(() => {
    if (networkId === undefined || networkId === readFor || reading === networkId) return;
    reading = networkId;
    void load().finally(() => {
      reading = undefined;
    });
  }, [networkId, readFor, load]);
  return useVotary((s) => (s.contactsNetworkId === networkId ? s.contacts : NONE));
}

const NONE: ContactView[] = [];

/** Name lookups for addresses: the person's own wallets first, then their contacts. */
export function useAddressNames(): {
  wallet: (address: string) => string | undefined;
  contact: (address: string) => string | undefined;
} {
  const contacts = useContacts();
  const wallets = useVotary((s) => s.wallets);
  return {
    wallet: (address) => wallets.find((w) => w.address === address)?.name,
    contact: (address) => contacts.find((c) => c.address === address)?.name,
  };
}
