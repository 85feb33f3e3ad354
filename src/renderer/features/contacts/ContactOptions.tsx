/** The active network's contacts as suggestions for an address field (`<input list={CONTACT_OPTIONS_ID}>`). */
import { useContacts } from './use-contacts';

export const CONTACT_OPTIONS_ID = 'contact-addresses';

export function ContactOptions() {
  const contacts = useContacts();
  return (
    <datalist id={CONTACT_OPTIONS_ID}>
      {contacts.map((contact) => (
        <option key={contact.id} value={contact.address} label={contact.name} />
      ))}
    </datalist>
  );
}
