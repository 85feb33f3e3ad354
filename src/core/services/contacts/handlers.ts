/** contacts:* — the contact book of the active network (or the one named), its import and export. */
import type { ContactImportResult, ContactView } from '../../../shared/domain/contacts';
import type { ChannelHandlers } from '../dispatcher';
import type { Networks } from '../networks/networks';
import type { ContactBook, ContactInput, ContactNetwork, StoredContact } from './contact-book';
import { checkRows, exportContacts, readImportRows } from './contact-files';

/** What contacts:* works with. */
export interface ContactDeps {
  contacts: ContactBook;
  networks: Networks;
}

type ContactChannels = Extract<keyof ChannelHandlers, `contacts:${string}`>;

function networkOf(s: ContactDeps, networkId: string | undefined): ContactNetwork & { id: string } {
  const entry = s.networks.entry(networkId ?? s.networks.activeId);
  return { id: entry.id, nethash: entry.nethash, pubKeyHash: entry.pubKeyHash, name: entry.name };
}

function view(contact: StoredContact, networkId: string): ContactView {
  return { ...contact, networkId };
}

async function importContacts(
  s: ContactDeps,
  network: ContactNetwork,
  source: string,
  format: 'json' | 'csv' | undefined,
  dryRun: boolean,
): Promise<ContactImportResult> {
  const accepted: { at: string; contact: Required<ContactInput> }[] = [];
  const skipped: { at: string; reason: string }[] = [];
  for (const row of checkRows(readImportRows(source, network, format), network)) {
    if (row.contact === undefined) {
      skipped.push({ at: row.at, reason: row.reason });
      continue;
    }
    const { contact } = row;
    const existing = s.contacts.byAddress(network, contact.address);
    const earlier = accepted.find(
      (a) => a.contact.address === contact.address || a.contact.name === contact.name,
    );
    const problem =
      existing !== undefined && existing.name === contact.name
        ? `already the contact “${existing.name}”`
        : earlier !== undefined
          ? `the same ${earlier.contact.address === contact.address ? 'address' : 'name'} as ${earlier.at}`
          : s.contacts.problemWith(network, contact);
    if (problem === undefined) accepted.push({ at: row.at, contact });
    else skipped.push({ at: row.at, reason: problem });
  }
  const contacts = accepted.map((row) => row.contact);
  if (!dryRun && contacts.length > 0) await s.contacts.addMany(network, contacts);
  return { saved: !dryRun && contacts.length > 0, added: contacts, skipped };
}

export function contactHandlers(s: ContactDeps): Pick<ChannelHandlers, ContactChannels> {
  return {
    'contacts:list': (request) => {
      const network = networkOf(s, request?.networkId);
      return s.contacts.list(network).map((contact) => view(contact, network.id));
    },
    'contacts:add': async ({ networkId, ...input }) => {
      const network = networkOf(s, networkId);
      return view(await s.contacts.add(network, input), network.id);
    },
    'contacts:update': async ({ networkId, id, ...input }) => {
      const network = networkOf(s, networkId);
      return view(await s.contacts.update(network, id, input), network.id);
    },
    'contacts:remove': async ({ networkId, id }) => {
      await s.contacts.remove(networkOf(s, networkId), id);
      return null;
    },
    'contacts:export': ({ networkId, format }) => {
      const network = networkOf(s, networkId);
      return exportContacts(s.contacts.list(network), network, format);
    },
    'contacts:import': ({ networkId, text, format, dryRun }) =>
      importContacts(s, networkOf(s, networkId), text, format, dryRun),
  };
}
