/**
 * What a contacts import says once it is done (features/contacts/import-words.ts, ContactsTransfer.tsx): the preview
 * and its list are gone then, so the sentence leads into the list of rows left out shown beside it, never "see
 * above".
 */
import { describe, expect, it } from 'vitest';
import { importedWords } from '../../../src/renderer/features/contacts/import-words';

const contact = { name: 'Bob', address: 'D'.repeat(34), note: '' };

describe('importedWords', () => {
  it('says how many were added and leads into the rows left out, listed with it', () => {
    const skipped = Array.from({ length: 5 }, (_, i) => ({
      at: `line ${i + 2}`,
      reason: 'A contact needs a name.',
    }));
    const words = importedWords('friends.csv', { saved: true, added: [contact, contact], skipped });
    expect(words).toBe('friends.csv: added 2 contacts; 5 rows left out:');
    expect(words).not.toContain('see above');
  });

  it('says only what was added when every row was', () => {
    expect(importedWords('one.json', { saved: true, added: [contact], skipped: [] })).toBe(
      'one.json: added 1 contact.',
    );
  });
});
