/**
 * Contacts as the screens see them: names a person gives to other people's addresses, per network (core
 * services/contacts/). Public data only.
 */
import { z } from 'zod';

export const CONTACT_NAME_MAX = 64;
export const CONTACT_NOTE_MAX = 500;
/** A bound on one network's list, so that the file and every screen that names addresses stay small. */
export const CONTACTS_PER_NETWORK_MAX = 2_000;

export const contactView = z.object({
  id: z.string(),
  /** The registry id of the contact's network. */
  networkId: z.string(),
  name: z.string(),
  address: z.string(),
  note: z.string(),
  /** ISO time the contact was added. */
  createdAt: z.string(),
});
export type ContactView = z.output<typeof contactView>;

export const contactsFileFormat = z.enum(['json', 'csv']);
export type ContactsFileFormat = z.output<typeof contactsFileFormat>;

/** A row of an import that was not added, and why; `at` finds it in the file ("line 4", "entry 2"). */
export const contactImportSkip = z.object({ at: z.string(), reason: z.string() });

export const contactImportResult = z.object({
  /** False when nothing was written (a preview). */
  saved: z.boolean(),
  /** The contacts added (or, in a preview, that would be). */
  added: z.array(z.object({ name: z.string(), address: z.string(), note: z.string() })),
  skipped: z.array(contactImportSkip),
});
export type ContactImportResult = z.output<typeof contactImportResult>;

export const contactsExport = z.object({
  fileName: z.string(),
  text: z.string(),
  count: z.number().int(),
});
export type ContactsExport = z.output<typeof contactsExport>;
