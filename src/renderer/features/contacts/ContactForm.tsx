/** Add or edit a contact: name, address (checked against the active network as it is typed) and a note. */
import { useState, type FormEvent } from 'react';
import type { ContactView } from '../../../shared/domain/contacts';
import { CONTACT_NAME_MAX, CONTACT_NOTE_MAX } from '../../../shared/domain/contacts';
import { addressProblem } from '../../../shared/lib/address-check';
import { FieldError } from '../../components/FieldError';
import { useVotary } from '../../store';
import { call } from '../../services/call';

export function ContactForm({
  editing,
  onDone,
}: {
  /** The contact being edited; a new one when absent. */
  editing?: ContactView;
  onDone: () => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const loadContacts = useVotary((s) => s.loadContacts);
  const pubKeyHash = useVotary((s) => s.configuration?.pubKeyHash);
  const [name, setName] = useState(editing?.name ?? '');
  const [address, setAddress] = useState(editing?.address ?? '');
  const [note, setNote] = useState(editing?.note ?? '');
  const [busy, setBusy] = useState(false);
  const problem =
    address.trim() === '' || pubKeyHash === undefined
      ? undefined
      : addressProblem(address.trim(), pubKeyHash);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (problem !== undefined) return;
    setBusy(true);
    try {
      const fields = { name, address, note };
      if (editing === undefined) await call('contacts:add', fields);
      else await call('contacts:update', { ...fields, id: editing.id });
      clearError();
      await loadContacts();
      onDone();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="card"
      onSubmit={(event) => void save(event)}
      aria-label={editing === undefined ? 'New contact' : `Edit ${editing.name}`}
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} maxLength={CONTACT_NAME_MAX} required />
      </label>
      <label>
        Address
        <input
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          spellCheck={false}
          size={40}
          aria-invalid={problem !== undefined}
          required
        />
        <FieldError message={problem} />
      </label>
      <label>
        Note (optional, kept on this computer only)
        <input value={note} onChange={(e) => setNote(e.target.value)} maxLength={CONTACT_NOTE_MAX} />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={busy || problem !== undefined}>
          {editing === undefined ? 'Add contact' : 'Save contact'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
