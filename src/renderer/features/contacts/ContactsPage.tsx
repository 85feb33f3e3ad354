/**
 * Contacts: names for other people's addresses on the active network, shown wherever those addresses appear, and
 * the review's warning for a recipient that is neither a contact nor one's own wallet.
 */
import { useState } from 'react';
import type { ContactView } from '../../../shared/domain/contacts';
import { ConfirmAction } from '../../components/ConfirmAction';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { ContactForm } from './ContactForm';
import { ContactsTransfer } from './ContactsTransfer';
import { useContacts } from './use-contacts';

export function ContactsPage() {
  const contacts = useContacts();
  const network = useVotary((s) => s.networks.find((n) => n.active)?.name ?? 'this network');
  const [editing, setEditing] = useState<ContactView | 'new' | undefined>();
  return (
    <section aria-labelledby="contacts-title">
      <h1 id="contacts-title">Contacts</h1>
      <p className="muted">
        People you send to on {network}, by name. Their names show beside their addresses in Send, the review,
        your history and the explorer; each network has its own list.
      </p>
      {editing === undefined ? (
        <button type="button" onClick={() => setEditing('new')}>
          New contact
        </button>
      ) : (
        <ContactForm
          key={editing === 'new' ? 'new' : editing.id}
          {...(editing === 'new' ? {} : { editing })}
          onDone={() => setEditing(undefined)}
        />
      )}
      {contacts.length === 0 ? (
        <p role="status">No contacts on this network yet.</p>
      ) : (
        <ul className="contact-list" aria-label="Contacts">
          {contacts.map((contact) => (
            <ContactRow key={contact.id} contact={contact} onEdit={() => setEditing(contact)} />
          ))}
        </ul>
      )}
      <ContactsTransfer count={contacts.length} />
    </section>
  );
}

function ContactRow({ contact, onEdit }: { contact: ContactView; onEdit: () => void }) {
  const reportError = useVotary((s) => s.reportError);
  const loadContacts = useVotary((s) => s.loadContacts);
  const openExplorer = useVotary((s) => s.openExplorer);
  return (
    <li className="card" aria-label={`Contact ${contact.name}`}>
      <strong>{contact.name}</strong> <span className="mono small">{contact.address}</span>
      {contact.note !== '' && <p className="muted small">{contact.note}</p>}
      <div className="row wrap">
        <button type="button" onClick={onEdit}>
          Edit
        </button>
        <button type="button" onClick={() => openExplorer(contact.address)}>
          Open in the explorer
        </button>
        <ConfirmAction
          label={`Remove ${contact.name}`}
          confirmLabel={`Remove ${contact.name} for good`}
          warning={`${contact.name} leaves your contacts; the address is no longer named anywhere.`}
          onConfirm={async () => {
            try {
              await call('contacts:remove', { id: contact.id });
              await loadContacts();
            } catch (error) {
              reportError(error);
            }
          }}
        />
      </div>
    </li>
  );
}
