/** The contact book's refusals (contact-book.ts), answered over IPC with their code. */
import { CodedError } from '../../../shared/lib/coded-error';

export type ContactsErrorCode =
  /** Another contact of the network already has this address (or this name). */
  | 'ERR_CONTACT_EXISTS'
  | 'ERR_CONTACT_NOT_FOUND'
  /** The address, name or note is not valid for a contact of this network. */
  | 'ERR_CONTACT_INVALID'
  /** contacts.json changed under this process (compare before replace, fs/atomic-file.ts). */
  | 'ERR_CONTACTS_CHANGED'
  /** An import file that cannot be read at all (not JSON, not CSV, no address column). */
  | 'ERR_CONTACTS_FILE';

export class ContactsError extends CodedError<ContactsErrorCode> {
  override readonly name = 'ContactsError';
}
