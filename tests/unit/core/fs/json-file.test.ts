/**
 * A JSON file read by its schema (src/core/fs/json-file.ts): absent → nothing; damaged (not JSON, or not of the
 * schema) → nothing, and either set aside as `<path>.damaged` or left for the next write to replace.
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FileChangedError, GuardedFile } from '../../../../src/core/fs/atomic-file';
import { readJsonFile } from '../../../../src/core/fs/json-file';

const schema = z.object({ version: z.literal(1), names: z.array(z.string()) });

function fileIn(text?: string): GuardedFile {
  const path = join(mkdtempSync(join(tmpdir(), 'votary-json-')), 'book.json');
  if (text !== undefined) writeFileSync(path, text);
  return new GuardedFile(path);
}

describe('readJsonFile', () => {
  it('reads a file of the schema, and a later write starts from it', async () => {
    const file = fileIn('{"version":1,"names":["a"]}');
    expect(await readJsonFile(file, schema, 'set-aside')).toEqual({ version: 1, names: ['a'] });
    await file.write('{"version":1,"names":["a","b"]}');
    expect(readFileSync(file.path, 'utf8')).toBe('{"version":1,"names":["a","b"]}');
  });

  it('a missing file is nothing, sets nothing aside, and may be created', async () => {
    const file = fileIn();
    expect(await readJsonFile(file, schema, 'set-aside')).toBeUndefined();
    expect(existsSync(`${file.path}.damaged`)).toBe(false);
    await file.write('{"version":1,"names":[]}');
    expect(existsSync(file.path)).toBe(true);
  });

  it.each([
    ['not JSON', '{"version":1,"names":['],
    ['not of the schema', '{"version":2,"names":["a"]}'],
  ])(
    'a damaged file (%s) is set aside as .damaged, unchanged, and the next write starts anew',
    async (_, text) => {
      const file = fileIn(text);
      expect(await readJsonFile(file, schema, 'set-aside')).toBeUndefined();
      expect(readFileSync(`${file.path}.damaged`, 'utf8')).toBe(text);
      expect(existsSync(file.path)).toBe(false);
      await file.write('{"version":1,"names":[]}');
      expect(readFileSync(file.path, 'utf8')).toBe('{"version":1,"names":[]}');
    },
  );

  it('with `replace`, a damaged file stays where it is until the next write replaces it', async () => {
    const file = fileIn('garbage');
    expect(await readJsonFile(file, schema, 'replace')).toBeUndefined();
    expect(readFileSync(file.path, 'utf8')).toBe('garbage');
    expect(existsSync(`${file.path}.damaged`)).toBe(false);
    await file.write('{"version":1,"names":[]}');
    expect(readFileSync(file.path, 'utf8')).toBe('{"version":1,"names":[]}');
  });

  it('a damaged file changed by someone else after the read is not overwritten', async () => {
    const file = fileIn('garbage');
    await readJsonFile(file, schema, 'replace');
    writeFileSync(file.path, '{"version":1,"names":["theirs"]}');
    await expect(file.write('{"version":1,"names":[]}')).rejects.toBeInstanceOf(FileChangedError);
  });
});
