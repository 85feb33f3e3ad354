/**
 * A JSON file read by its schema through GuardedFile (atomic-file.ts): the books and lists a profile keeps beside
 * its vault (contacts, multisignature wallets, the profile list). A file that is not JSON, or not of the schema, is
 * damaged: it is never half-read, and what it held is never silently overwritten unless the caller says so.
 */
import { rename } from 'node:fs/promises';
import type { z } from 'zod';
import type { GuardedFile } from './atomic-file';

/**
 * What to do with a damaged file: `set-aside` renames it `<path>.damaged` (kept for the person or support to look
 * at) and the file counts as absent, so the next write starts anew; `replace` leaves it where it is, and the next
 * write replaces it (for a file that can be rebuilt from elsewhere).
 */
export type DamagedFile = 'set-aside' | 'replace';

/** The file's data, or undefined when it is absent or damaged. A file that cannot be read at all throws. */
export async function readJsonFile<S extends z.ZodType>(
  file: GuardedFile,
  schema: S,
  damaged: DamagedFile,
): Promise<z.output<S> | undefined> {
  const text = await file.read();
  if (text === null) return undefined;
  const parsed = parseJson(text, schema);
  if (parsed === undefined && damaged === 'set-aside') {
    await rename(file.path, `${file.path}.damaged`);
    // Now absent: the next write may create the file.
    await file.read();
  }
  return parsed;
}

function parseJson<S extends z.ZodType>(text: string, schema: S): z.output<S> | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
