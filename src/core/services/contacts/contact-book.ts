/**
 * The contact book: per profile (`<dataDir>/profiles/<profile>/contacts.json`, beside the vault and the pending
 * list), per network (keyed by nethash, so a contact of devnet never names an address of mainnet). One small JSON
 * file, written atomically and compare-before-replace like settings.json (fs/atomic-file.ts). Every address is
 * checked against its network's address byte before it is stored; a damaged file is kept aside (`.damaged`) and the
 * book starts empty rather than stopping the app.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CONTACT_NAME_MAX,
  CONTACT_NOTE_MAX,
  CONTACTS_PER_NETWORK_MAX,
} from '../../../shared/domain/contacts';
import { addressFault, type AddressFault } from '../../../shared/lib/address-check';
import { FileChangedError, GuardedFile } from '../../fs/atomic-file';
import { readJsonFile } from '../../fs/json-file';
import { validateAddress } from '../../protocol/crypto';
import { ContactsError } from './errors';

/** The file's name in the profile's folder. */
export const CONTACTS_FILE = 'contacts.json';

const storedContact = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(CONTACT_NAME_MAX),
  address: z.string().min(1),
  note: z.string().max(CONTACT_NOTE_MAX),
  createdAt: z.string(),
});
export type StoredContact = z.output<typeof storedContact>;

const fileSchema = z.object({
  version: z.literal(1),
  /** nethash → that network's contacts. */
  networks: z.record(z.string(), z.array(storedContact)),
});
type ContactsFile = z.output<typeof fileSchema>;

/** The network a contact belongs to: its nethash keys the list, its address byte checks the address. */
export interface ContactNetwork {
  nethash: string;
  pubKeyHash: number;
  name: string;
}

export interface ContactInput {
  name: string;
  address: string;
  note?: string;
}

/** What a person typed, tidied: names and notes without surrounding blanks, the address without spaces. */
export function cleanContact(input: ContactInput, network: ContactNetwork): Required<ContactInput> {
  const name = input.name.trim();
  const address = input.address.trim();
  const note = (input.note ?? '').trim();
  if (name === '') throw new ContactsError('ERR_CONTACT_INVALID', 'A contact needs a name.');
  if (name.length > CONTACT_NAME_MAX) {
    throw new ContactsError(
      'ERR_CONTACT_INVALID',
      `A contact's name is at most ${CONTACT_NAME_MAX} characters.`,
    );
  }
  if (note.length > CONTACT_NOTE_MAX) {
    throw new ContactsError('ERR_CONTACT_INVALID', `A note is at most ${CONTACT_NOTE_MAX} characters.`);
  }
  const fault = addressFault(address, network.pubKeyHash);
  if (fault !== undefined || !validateAddress(address, network.pubKeyHash)) {
    throw new ContactsError('ERR_CONTACT_INVALID', addressWords(address, fault, network.name));
  }
  return { name, address, note };
}

/** Why an address cannot be a contact of the network, told apart as the add form tells them apart. */
function addressWords(address: string, fault: AddressFault | undefined, networkName: string): string {
  switch (fault) {
    case 'empty':
      return 'A contact needs an address.';
    case 'checksum':
      return `“${address}” has a typo: its checksum does not match. Copy it again from where it came from.`;
    case 'network':
      return `“${address}” is an address of another network, not of ${networkName}.`;
    default:
      return `“${address}” is not an address of ${networkName}: an address is 34 letters and digits (no 0, O, I or l).`;
  }
}

const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

export class ContactBook {
  private constructor(
    private readonly file: GuardedFile,
    private data: ContactsFile,
    private readonly now: () => number,
  ) {}

  static async open(path: string, now: () => number = Date.now): Promise<ContactBook> {
    const file = new GuardedFile(path);
    // A damaged book is kept for the person (or support) to look at; the book starts empty and the next change
    // writes anew.
    const data: ContactsFile = (await readJsonFile(file, fileSchema, 'set-aside')) ?? {
      version: 1,
      networks: {},
    };
    return new ContactBook(file, data, now);
  }

  list(network: ContactNetwork): StoredContact[] {
    return [...(this.data.networks[network.nethash] ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The contact with this address on the network, if any. */
  byAddress(network: ContactNetwork, address: string): StoredContact | undefined {
    return this.data.networks[network.nethash]?.find((contact) => contact.address === address);
  }

  private conflict(list: readonly StoredContact[], contact: Required<ContactInput>, exceptId?: string) {
    const other = list.find((c) => c.id !== exceptId && c.address === contact.address);
    if (other !== undefined) {
      return `${contact.address} is already the contact “${other.name}”.`;
    }
    const named = list.find((c) => c.id !== exceptId && sameName(c.name, contact.name));
    if (named !== undefined) return `There is already a contact named “${named.name}”.`;
    return undefined;
  }

  async add(network: ContactNetwork, input: ContactInput): Promise<StoredContact> {
    const [added] = await this.addMany(network, [cleanContact(input, network)]);
    return added!;
  }

  /** Adds checked contacts in one write; the first conflict refuses them all. */
  async addMany(
    network: ContactNetwork,
    inputs: readonly Required<ContactInput>[],
  ): Promise<StoredContact[]> {
    const list = [...(this.data.networks[network.nethash] ?? [])];
    if (list.length + inputs.length > CONTACTS_PER_NETWORK_MAX) {
      throw new ContactsError(
        'ERR_CONTACT_INVALID',
        `A network keeps at most ${CONTACTS_PER_NETWORK_MAX} contacts; ${network.name} has ${list.length}.`,
      );
    }
    const added: StoredContact[] = [];
    for (const input of inputs) {
      const problem = this.conflict(list, input);
      if (problem !== undefined) throw new ContactsError('ERR_CONTACT_EXISTS', problem);
      const contact = { id: randomUUID(), ...input, createdAt: new Date(this.now()).toISOString() };
      list.push(contact);
      added.push(contact);
    }
    await this.save({ ...this.data.networks, [network.nethash]: list });
    return added;
  }

  /** Whether a checked contact could be added now, and if not why (for an import's preview). */
  problemWith(network: ContactNetwork, contact: Required<ContactInput>): string | undefined {
    return this.conflict(this.data.networks[network.nethash] ?? [], contact);
  }

  async update(network: ContactNetwork, id: string, input: ContactInput): Promise<StoredContact> {
    const list = [...(this.data.networks[network.nethash] ?? [])];
    const index = list.findIndex((contact) => contact.id === id);
    if (index < 0) throw notFound();
    const contact = cleanContact(input, network);
    const problem = this.conflict(list, contact, id);
    if (problem !== undefined) throw new ContactsError('ERR_CONTACT_EXISTS', problem);
    const updated = { ...list[index]!, ...contact };
    list[index] = updated;
    await this.save({ ...this.data.networks, [network.nethash]: list });
    return updated;
  }

  async remove(network: ContactNetwork, id: string): Promise<void> {
    const list = this.data.networks[network.nethash] ?? [];
    if (!list.some((contact) => contact.id === id)) throw notFound();
    await this.save({
      ...this.data.networks,
      [network.nethash]: list.filter((contact) => contact.id !== id),
    });
  }

  private async save(networks: ContactsFile['networks']): Promise<void> {
    const next: ContactsFile = { version: 1, networks };
    try {
      await this.file.write(`${JSON.stringify(next, null, 2)}\n`);
    } catch (error) {
      if (!(error instanceof FileChangedError)) throw error;
      throw new ContactsError(
        'ERR_CONTACTS_CHANGED',
        'The contacts were changed by another Votary process since this one read them, so nothing was saved. Restart Votary to see the current contacts.',
      );
    }
    this.data = next;
  }
}

function notFound(): ContactsError {
  return new ContactsError('ERR_CONTACT_NOT_FOUND', 'That contact is no longer in the list.');
}
