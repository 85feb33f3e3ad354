/** The address book of each network. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import {
  CONTACT_NAME_MAX,
  CONTACT_NOTE_MAX,
  contactImportResult,
  contactsExport,
  contactsFileFormat,
  contactView,
} from '../../domain/contacts';
import type { CONTACTS_NAMES } from './contacts.names';
import { type ChannelSpec, type ChannelsOf, networkId } from './fields';

/** A contact as typed: tidied and checked by the contact book (services/contacts/contact-book.ts). */
const contactFields = {
  networkId: networkId.optional(),
  name: z
    .string()
    .min(1)
    .max(CONTACT_NAME_MAX + 100),
  address: z.string().min(1).max(100),
  note: z
    .string()
    .max(CONTACT_NOTE_MAX + 100)
    .optional(),
};

export const CONTACT_CHANNELS = {
  /** The contacts of a network (the active one when absent), by name. */
  'contacts:list': {
    request: z.strictObject({ networkId: networkId.optional() }).optional(),
    response: z.array(contactView),
  },
  /** The address is checked against the network (ERR_CONTACT_INVALID); one contact per address and per name. */
  'contacts:add': { request: z.strictObject(contactFields), response: contactView },
  'contacts:update': {
    request: z.strictObject({ ...contactFields, id: z.string().min(1).max(100) }),
    response: contactView,
  },
  'contacts:remove': {
    request: z.strictObject({ networkId: networkId.optional(), id: z.string().min(1).max(100) }),
    response: nothing,
  },
  /**
   * A JSON or CSV file's contacts (format from its first character when absent): every row checked, the ones left
   * out listed with why. `dryRun` previews without saving.
   */
  'contacts:import': {
    request: z.strictObject({
      networkId: networkId.optional(),
      text: z.string().min(1).max(1_000_000),
      format: contactsFileFormat.optional(),
      dryRun: z.boolean().default(false),
    }),
    response: contactImportResult,
  },
  'contacts:export': {
    request: z.strictObject({ networkId: networkId.optional(), format: contactsFileFormat }),
    response: contactsExport,
  },
} as const satisfies Record<ChannelsOf<typeof CONTACTS_NAMES>, ChannelSpec>;
