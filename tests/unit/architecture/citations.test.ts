import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every comment cites a file that exists (docs/design/glossary.md "Maps"). The comments of src/ and scripts/, and the
 * text of docs/design/ and the READMEs, are read for repository paths:
 * - a path from the repository's root (`src/core/…`, `src/renderer/…`, `docs/…`, `tests/…`, `scripts/…`) must exist
 *   there;
 * - any other path with a folder in it (`services/transactions/fee-ceiling.ts`, `crypto/verdicts.ts`) must name a
 *   file or folder of the repository: beside the citing file or one of its parents, or at the end of some path of the
 *   repository (`node/block-store/history-rules.ts`);
 * - unless it is another project's, which the citation says right before it, inside the same parenthesis: an ARK
 *   Core package (`core-transactions handlers/two/htlc-claim.ts`, crypto `transactions/utils.ts`), ArkEcosystem's
 *   multisignature server, ajv, hapi/nes, ledger-transport, Node's own `lib/…`; a `src/…` path outside the
 *   repository's own `src/` folders (an ARK package's or the Ledger app's source); or the build's output (`dist/`,
 *   `out/`, `test-results/`).
 * A bare file name (`settings.json`, `fee-ceiling.ts`) is not a path and is not checked.
 */
const ROOT = join(__dirname, '../../..');
const SKIP = new Set([
  'node_modules',
  'out',
  'dist',
  '.git',
  'test-results',
  'playwright-report',
  'coverage',
]);

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? files(path) : [path];
  });
}

const REPO_FILES = ['src', 'tests', 'scripts', 'docs', 'resources'].flatMap(files);
const REPO_PATHS = new Set<string>();
for (const file of REPO_FILES) {
  for (let path = file; path !== '.'; path = dirname(path)) REPO_PATHS.add(path);
}
const REPO_PATH_LIST = [...REPO_PATHS];

/** Where a citation starts: not inside a URL, a package name, a glob or a placeholder. */
const PATH = /(?<![\w@./:*<>{}$-])([\w.*-]+(?:\/[\w.*-]+)+\/?)/g;
const FILE_EXTENSION = /\.(ts|tsx|mts|md|json|mjs|js|sh|sql|css|html|yml|yaml)$/;
const FROM_ROOT = /^(src\/(core|renderer|shared|main|preload|cli)|docs|tests|scripts)\//;
const BUILD_OUTPUT = /^(dist|out|test-results)\//;
const OTHER_PROJECT =
  /^(core-|packages\/|__tests__\/)|ArkEcosystem|ARK|core-[a-z]|\bcrypto\b|bcrypto|ajv|ledger-transport|hapi|\bnes\b|\bNode\b|ArkVault|\blib\//;

/** The comments of one TypeScript or JavaScript file, with where each starts. */
function comments(path: string, text: string): { at: number; text: string }[] {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const add = (ranges: ts.CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  // A comment is trivia before some node or at the end of one (before a closing token, or at the end of the file).
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getLeadingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found].map(([at, comment]) => ({ at, text: comment }));
}

/**
 * The words that lead up to a citation at `at`: from the parenthesis it sits in, if that opened within 400
 * characters; else the last 100 characters, back to the end of the previous sentence or parenthesis.
 */
function leadingWords(text: string, at: number): string {
  const back = text.slice(Math.max(0, at - 400), at);
  let depth = 0;
  for (let i = back.length - 1; i >= 0; i--) {
    if (back[i] === ')') depth++;
    else if (back[i] === '(') {
      if (depth === 0) return back.slice(i);
      depth--;
    }
  }
  const near = back.slice(-100);
  return near.slice(Math.max(near.lastIndexOf(')'), near.lastIndexOf('. ')) + 1);
}

function inRepository(citing: string, path: string): boolean {
  const bare = path.replace(/\/$/, '');
  if (FROM_ROOT.test(bare)) return REPO_PATHS.has(bare);
  for (let dir = dirname(citing); ; dir = dirname(dir)) {
    if (existsSync(join(ROOT, dir, bare))) return true;
    if (dir === '.') break;
  }
  return REPO_PATH_LIST.some((known) => known.endsWith(`/${bare}`));
}

/** Each citation in `text` (the file at `path`) that names no file of the repository and no other project's. */
export function missingCitations(path: string, text: string): string[] {
  const parts = /\.(md)$/.test(path) ? [{ at: 0, text }] : comments(path, text);
  const missing: string[] = [];
  for (const part of parts) {
    for (const match of part.text.matchAll(PATH)) {
      const cited = match[1]!.replace(/\.+$/, '');
      const at = part.at + match.index;
      if (!FILE_EXTENSION.test(cited) && !FROM_ROOT.test(cited)) continue;
      if (cited.includes('*') || BUILD_OUTPUT.test(cited)) continue;
      if (/[<{]/.test(part.text[match.index + match[1]!.length] ?? '')) continue;
      if (inRepository(path, cited)) continue;
      if (!FROM_ROOT.test(cited) && /^src\//.test(cited)) continue;
      if (
        !FROM_ROOT.test(cited) &&
        (OTHER_PROJECT.test(cited) || OTHER_PROJECT.test(leadingWords(text, at)))
      ) {
        continue;
      }
      missing.push(`${path}:${text.slice(0, at).split('\n').length}: ${cited}`);
    }
  }
  return missing;
}

const CITING = [
  ...files('src').filter((path) => /\.(ts|tsx|mts|mjs|js|md)$/.test(path)),
  ...files('scripts').filter((path) => /\.(ts|mts|mjs|js)$/.test(path)),
  ...files('docs/design'),
  'README.md',
];

describe('every citation names a file that exists', () => {
  it('finds a stale path, and tells it from an ARK Core citation and a root path that exists', () => {
    const text = [
      '/** The default (services/fee-ceiling.ts, docs/design/wallet.md). */',
      '/** ARK does the same (core-transactions `handlers/two/htlc-claim.ts`, crypto `transactions/utils.ts`). */',
      '/** Ours: src/core/services/transactions/fee-ceiling.ts, node/block-store/history-rules.ts, dist/votary.mjs. */',
      '// Beside this file: ../architecture/sql-in-db.test.ts',
      'export const x = 1;',
    ].join('\n');
    expect(missingCitations('tests/unit/architecture/example.ts', text)).toEqual([
      'tests/unit/architecture/example.ts:1: services/fee-ceiling.ts',
      'tests/unit/architecture/example.ts:1: docs/design/wallet.md',
    ]);
  });

  it('in src/, scripts/, docs/design/ and the README', () => {
    const missing = CITING.flatMap((path) => missingCitations(path, readFileSync(join(ROOT, path), 'utf8')));
    expect(missing).toEqual([]);
  });

  it('reads the source of every layer', () => {
    for (const folder of [
      'src/core/',
      'src/renderer/',
      'src/shared/',
      'src/main/',
      'scripts/',
      'docs/design/',
    ]) {
      expect(CITING.some((path) => path.startsWith(folder))).toBe(true);
    }
  });
});
