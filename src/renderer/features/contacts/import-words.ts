/** What a contacts import did, in words (ContactsTransfer.tsx). */
import type { ContactImportResult } from '../../../shared/domain/contacts';
import { counted } from '../../lib/counts';

/**
 * The outcome of an import of a file: how many contacts were added and how many rows were left out — those rows
 * are listed right after this sentence (the preview that listed them is gone once the import is done).
 */
export function importedWords(fileName: string, result: ContactImportResult): string {
  const added = counted(result.added.length, 'contact');
  const left = result.skipped.length;
  return `${fileName}: added ${added}${left > 0 ? `; ${counted(left, 'row')} left out:` : '.'}`;
}
