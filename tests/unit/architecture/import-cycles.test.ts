import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circle anywhere in src (docs/design/architecture.md "Layers"): the layer rules of eslint.config.js keep
 * arrows between folders pointing down, and this walks every file's imports (type-only ones too, since a circle of
 * types is a circle of concepts) so that no two files of core, main, preload, the CLI, shared or the renderer, in
 * one folder or across, depend on each other.
 */
const root = resolve(__dirname, '../../..');
const src = join(root, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The src file a relative specifier names (`./x` is x.ts, x.tsx or x/index.ts(x)), undefined for anything else. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  const candidates = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((candidate) => candidate.startsWith(src) && existsSync(candidate));
}

function importGraph(files: string[]): Map<string, string[]> {
  return new Map(
    files.map((file) => {
      const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = info.importedFiles.flatMap((ref) => resolved(file, ref.fileName) ?? []);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Tarjan's strongly connected components of more than one file (or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

let built: Map<string, string[]> | undefined;
/** The import graph of every file of src, built once for all the tests below. */
function srcGraph(): Map<string, string[]> {
  built ??= importGraph(sources(src));
  return built;
}

describe('import circles in src', () => {
  it('finds a circle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(circles(graph)).toEqual([['a', 'b', 'c']]);
  });

  it("walks every part of src: the renderer's .tsx files and its imports of shared are in the graph", () => {
    const graph = srcGraph();
    const app = join(src, 'renderer/app/App.tsx');
    expect(graph.get(app)?.some((target) => target.endsWith('.tsx'))).toBe(true);
    const reachesShared = [...graph].some(
      ([file, targets]) =>
        file.includes('/renderer/') && targets.some((target) => target.includes('/shared/')),
    );
    expect(reachesShared).toBe(true);
  });

  for (const part of ['core', 'main', 'preload', 'cli', 'shared', 'renderer']) {
    it(`has none in src/${part}: no file reaches itself through its imports`, () => {
      const named = circles(srcGraph())
        .map((component) => component.map((file) => relative(src, file)))
        .filter((component) => component.some((file) => file.startsWith(`${part}/`)));
      expect(named).toEqual([]);
    });
  }
});
