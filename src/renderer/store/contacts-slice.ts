/** The contacts of the active network (contacts:list), read again when the network changes or the list does. */
import type { ContactView } from '../../shared/domain/contacts';
import { call } from '../services/call';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import type { NodeSlice } from './node-slice';

export interface ContactsSlice {
  contacts: ContactView[];
  /** The network the list was read for; undefined before the first read. */
  contactsNetworkId: string | undefined;
  loadContacts: () => Promise<void>;
}

export const createContactsSlice: Slice<
  ContactsSlice,
  Pick<AppSlice, 'reportError'> & Pick<NodeSlice, 'node'>
> = (set, get) => ({
  contacts: [],
  contactsNetworkId: undefined,
  loadContacts: async () => {
    try {
      const contacts = await call('contacts:list');
      set({ contacts, contactsNetworkId: contacts[0]?.networkId ?? get().node?.networkId });
    } catch (error) {
      get().reportError(error);
    }
  },
});

/** The contact's name for an address of the active network, if it is one. */
export function contactName(
  state: { contacts: readonly ContactView[] },
  address: string,
): string | undefined {
  return state.contacts.find((contact) => contact.address === address)?.name;
}
