import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * docs/design/architecture.md's layer table is the map of core: it lists every folder of src/core, and what each
 * may import is what eslint.config.js (CORE_LAYERS) lets it import.
 */
const ROOT = join(__dirname, '../../..');

interface Row {
  folder: string;
  mayImport: string;
}

/** The rows of the table under "## Layers": `core/<folder>/` and its "may import" cell. */
export function layerRows(doc: string): Row[] {
  const section = doc.slice(doc.indexOf('## Layers'), doc.indexOf('\n## ', doc.indexOf('## Layers') + 1));
  return [...section.matchAll(/^\| `core\/([\w-]+)\/` +\|[^|]*\| ([^|]*?) *\|$/gm)].map((match) => ({
    folder: match[1]!,
    mayImport: match[2]!,
  }));
}

/** What eslint.config.js lets a file of `core/<folder>` import, read from its own message; undefined: no rule. */
async function lintedImports(eslint: ESLint, folder: string): Promise<string | undefined> {
  const config = (await eslint.calculateConfigForFile(`src/core/${folder}/index.ts`)) as {
    rules?: Record<string, [unknown, { patterns?: { message?: string }[] }?]>;
  };
  const patterns = config.rules?.['no-restricted-imports']?.[1]?.patterns ?? [];
  const message = patterns
    .map((pattern) => pattern.message ?? '')
    .find((m) => m.startsWith(`core/${folder} imports only `));
  if (message === undefined) return undefined;
  if (message.includes('imports only nothing else in core')) return '—';
  return /core\/\{([^}]*)\}/.exec(message)?.[1];
}

describe("architecture.md's layer table", () => {
  const doc = readFileSync(join(ROOT, 'docs/design/architecture.md'), 'utf8');
  const rows = layerRows(doc);
  const folders = readdirSync(join(ROOT, 'src/core'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('reads a row and its imports', () => {
    expect(layerRows('## Layers\n\n| `core/db/` | SQLite | protocol, fs |\n| x |\n\n## Next\n')).toEqual([
      { folder: 'db', mayImport: 'protocol, fs' },
    ]);
  });

  it('lists every folder of src/core, once', () => {
    expect(rows.map((row) => row.folder).sort()).toEqual([...folders].sort());
  });

  it('says what eslint.config.js lets each folder import (services, the top, imports all of core)', async () => {
    const eslint = new ESLint();
    for (const row of rows) {
      const linted = await lintedImports(eslint, row.folder);
      if (row.folder === 'services') {
        expect(linted).toBeUndefined();
        expect(row.mayImport).toBe('all of core');
      } else {
        expect({ folder: row.folder, mayImport: row.mayImport }).toEqual({
          folder: row.folder,
          mayImport: linted,
        });
      }
    }
  });
});
