import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * db/ owns the tables (docs/design/architecture.md "Layers"): the node's repositories, the read model the API and
 * LocalChain share, and the monitor's store hold every whole SQL statement. (Columns are still named outside it: the
 * API's WHERE fragments and row-mapping resources, src/core/db/README.md.)
 * The exception owns a SQLite file of its own, never the node's: the process lock (core/fs, below db), which uses
 * one as an exclusive OS lock and owns its single table. (The multisignature server's own musig.db is kept by
 * core/db/musig/proposal-store.ts, with every other statement.)
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

/** A condition on an aliased column with a placeholder (`'t.sender_public_key = ?'`, `'w.vote IN ('`). */
const SQL_FRAGMENT = /['`"][^'`"]*\b[a-z]{1,2}\.[a-z_]+\s+(=|IN|<=|>=|<|>)\s+(\?|\()/;
/** A row's snake_case column read as a property (`row.vote_balance`): rows are mapped to records inside db/. */
const ROW_COLUMN = /\b[a-zA-Z]+\.[a-z]+_[a-z0-9_]+\b/;

function linesOutsideDb(files: readonly Source[], pattern: RegExp): string[] {
  return files.flatMap(({ path, text }) => {
    if (ALLOWED.some((allowed) => path.startsWith(allowed))) return [];
    return text
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${path}:${index + 1}: ${line.trim()}`] : []));
  });
}

const statementsOutsideDb = (files: readonly Source[]) => linesOutsideDb(files, SQL_STATEMENT);

describe('every SQL statement lives in core/db', () => {
  it('no source file outside core/db writes one', () => {
    expect(statementsOutsideDb(sources(join(ROOT, 'src')))).toEqual([]);
  });

  it('no SQL fragment and no row column leaves core/db (core/query and the API speak typed records)', () => {
    const src = sources(join(ROOT, 'src'));
    expect(linesOutsideDb(src, SQL_FRAGMENT)).toEqual([]);
    expect(linesOutsideDb(src, ROW_COLUMN)).toEqual([]);
  });

  it('the checks find a fragment or a row column outside core/db, and only there', () => {
    for (const [pattern, text] of [
      [SQL_FRAGMENT, "fragment('t.sender_public_key = ?', wallet.publicKey)"],
      [SQL_FRAGMENT, 'const voters = `w.vote IN (${keys})`;'],
      [ROW_COLUMN, 'voteBalance: (row.vote_balance ?? 0n).toString(),'],
    ] as const) {
      expect(linesOutsideDb([{ path: 'src/core/api/routes/wallets.ts', text }], pattern)).toHaveLength(1);
      expect(linesOutsideDb([{ path: 'src/core/db/read-model/wallets.ts', text }], pattern)).toEqual([]);
    }
    expect(
      linesOutsideDb([{ path: 'src/core/api/x.ts', text: 'a.voteBalance = b ?? c' }], ROW_COLUMN),
    ).toEqual([]);
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
