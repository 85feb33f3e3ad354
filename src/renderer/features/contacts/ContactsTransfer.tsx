/**
 * Import contacts from a JSON or CSV file (a preview first: what would be added, and each row left out with where
 * and why; then one confirm) and export them (JSON or CSV, a download).
 */
import { useState, type ChangeEvent } from 'react';
import type { ContactImportResult, ContactsFileFormat } from '../../../shared/domain/contacts';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { counted } from '../../lib/counts';
import { importedWords } from './import-words';
import { LeftOutList } from '../../components/LeftOutList';
import { CONTACTS_FILE, fileTooLarge } from '../../../shared/lib/file-limits';

function download(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ContactsTransfer({ count }: { count: number }) {
  const reportError = useVotary((s) => s.reportError);
  const clearError = useVotary((s) => s.clearError);
  const loadContacts = useVotary((s) => s.loadContacts);
  const [source, setSource] = useState<{ name: string; text: string } | undefined>();
  const [preview, setPreview] = useState<ContactImportResult | undefined>();
  const [done, setDone] = useState<{ name: string; result: ContactImportResult } | undefined>();

  const exportAs = async (format: ContactsFileFormat) => {
    try {
      const file = await call('contacts:export', { format });
      download(file.fileName, file.text, format === 'json' ? 'application/json' : 'text/csv');
    } catch (error) {
      reportError(error);
    }
  };
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setPreview(undefined);
    setDone(undefined);
    if (file === undefined) return;
    // A file past the limit is refused from its size, before it is read (shared/lib/file-limits.ts).
    const tooLarge = fileTooLarge(file.name, file.size, CONTACTS_FILE);
    if (tooLarge !== undefined) {
      setSource(undefined);
      reportError(new Error(tooLarge));
      return;
    }
    try {
      const text = await file.text();
      setSource({ name: file.name, text });
      setPreview(await call('contacts:import', { text, dryRun: true }));
      clearError();
    } catch (error) {
      setSource(undefined);
      reportError(error);
    }
  };
  const confirm = async () => {
    if (source === undefined) return;
    try {
      setDone({ name: source.name, result: await call('contacts:import', { text: source.text }) });
      setPreview(undefined);
      setSource(undefined);
      await loadContacts();
    } catch (error) {
      reportError(error);
    }
  };

  return (
    <section className="card" aria-labelledby="contacts-files-title">
      <h2 id="contacts-files-title">Import and export</h2>
      <div className="row wrap">
        <label className="inline">
          Import from a file (JSON or CSV: name, address, note)
          <input type="file" accept=".json,.csv,application/json,text/csv" onChange={(e) => void choose(e)} />
        </label>
        <button type="button" disabled={count === 0} onClick={() => void exportAs('json')}>
          Export JSON
        </button>
        <button type="button" disabled={count === 0} onClick={() => void exportAs('csv')}>
          Export CSV
        </button>
      </div>
      {preview !== undefined && source !== undefined && (
        <div role="group" aria-label="Import preview" data-testid="import-preview">
          <p>
            {source.name}: {preview.added.length} contact{preview.added.length === 1 ? '' : 's'} to add
            {preview.skipped.length > 0 ? `, ${counted(preview.skipped.length, 'row')} left out` : ''}.
          </p>
          <ImportDetails result={preview} />
          <div className="row">
            <button
              type="button"
              className="primary"
              disabled={preview.added.length === 0}
              onClick={() => void confirm()}
            >
              Add {preview.added.length} contact{preview.added.length === 1 ? '' : 's'}
            </button>
            <button type="button" onClick={() => setPreview(undefined)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {done !== undefined && (
        <div data-testid="import-done">
          <p role="status">{importedWords(done.name, done.result)}</p>
          {/* The preview and its list are gone once the import is done: the rows left out are listed here. */}
          <LeftOutList rows={done.result.skipped} />
        </div>
      )}
    </section>
  );
}

/** Contacts to add listed one by one in a preview; the rest counted. */
const ADDED_LISTED = 50;

function ImportDetails({ result }: { result: ContactImportResult }) {
  return (
    <>
      {result.added.length > 0 && (
        <ul className="small">
          {result.added.slice(0, ADDED_LISTED).map((contact) => (
            <li key={contact.address}>
              {contact.name} · <span className="mono">{contact.address}</span>
            </li>
          ))}
          {result.added.length > ADDED_LISTED && (
            <li>and {counted(result.added.length - ADDED_LISTED, 'more contact')}</li>
          )}
        </ul>
      )}
      <LeftOutList rows={result.skipped} />
    </>
  );
}
