import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * db/ owns the tables (docs/design/architecture.md "Layers"): the node's repositories, the read model the API and
 * LocalChain share, and the monitor's store hold every whole SQL statement. (Columns are still named outside it: the
 * API's WHERE fragments and row-mapping resources, src/core/db/README.md.)
 * The one exception is the process lock (core/fs, below db), which uses a SQLite file as an exclusive OS lock and
 * owns the single table of that file.
 */
const SQL_STATEMENT =
  /\b(SELECT\s+(DISTINCT\s+)?[\w*(]|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(UNIQUE\s+)?(TABLE|INDEX))/;
const ALLOWED = ['src/core/db/', 'src/core/fs/process-lock.ts'];
const ROOT = join(__dirname, '../../..');

interface Source {
  path: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name)
      ? [{ path: relative(ROOT, path), text: readFileSync(path, 'utf8') }]
      : [];
  });
}

function statementsOutsideDb(files: readonly Source[]): string[] {
  return files.flatMap(({ path, text }) => {
    if (ALLOWED.some((allowed) => path.startsWith(allowed))) return [];
    return text
      .split('\n')
      .flatMap((line, index) => (SQL_STATEMENT.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
  });
}

describe('every SQL statement lives in core/db', () => {
  it('no source file outside core/db writes one', () => {
    expect(statementsOutsideDb(sources(join(ROOT, 'src')))).toEqual([]);
  });

  it('the check finds a statement written outside core/db, and only there', () => {
    const statements = [
      "const sql = 'SELECT b.id FROM blocks b WHERE b.height = ?';",
      'db.prepare(`INSERT OR REPLACE INTO pool (id) VALUES (?)`);',
      "run('UPDATE wallets SET balance = ?');",
      "run('DELETE FROM locks');",
    ];
    for (const text of statements) {
      expect(statementsOutsideDb([{ path: 'src/core/api/routes/blocks.ts', text }])).toHaveLength(1);
      expect(statementsOutsideDb([{ path: 'src/core/db/read-model/blocks.ts', text }])).toEqual([]);
    }
    // Words in prose are not statements.
    expect(
      statementsOutsideDb([{ path: 'src/core/api/x.ts', text: '// select the delegate, then update it' }]),
    ).toEqual([]);
  });
});
