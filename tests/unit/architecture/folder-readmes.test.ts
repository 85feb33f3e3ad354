import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every folder's README names its files (docs/design/glossary.md "Maps"): a folder of src/ with a README.md names
 * each file beside it (`follower.ts`) and each folder inside it (`transaction-handlers/`), so the README stays the
 * folder's map; and every folder of core (a layer, docs/design/architecture.md "Layers") has one.
 */
const ROOT = join(__dirname, '../../..');

function folders(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [`${dir}/${entry.name}`, ...folders(`${dir}/${entry.name}`)]);
}

/** What `readme` (the text of `dir`/README.md) leaves unnamed among the entries of `dir`. */
export function unnamed(dir: string, readme: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.name !== 'README.md')
    .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
    .filter((name) => !new RegExp(`(?<![\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(readme))
    .map((name) => `${dir}/${name}`);
}

describe("every folder's README", () => {
  it('tells a named file from one only a longer name contains', () => {
    const readme = '`follower-loop.ts` runs it; `run-queue.ts` (and `node/`) queue runs.';
    expect(unnamed('src/core/sync', readme)).toContain('src/core/sync/follower.ts');
    expect(unnamed('src/core/sync', readme)).not.toContain('src/core/sync/run-queue.ts');
  });

  it('names every file and folder beside it', () => {
    const withReadme = ['src', ...folders('src')].filter((dir) => existsSync(join(ROOT, dir, 'README.md')));
    expect(withReadme.length).toBeGreaterThan(15);
    const missing = withReadme.flatMap((dir) =>
      unnamed(dir, readFileSync(join(ROOT, dir, 'README.md'), 'utf8')),
    );
    expect(missing).toEqual([]);
  });

  it('exists in every folder of core', () => {
    const layers = readdirSync(join(ROOT, 'src/core'), { withFileTypes: true }).filter((entry) =>
      entry.isDirectory(),
    );
    expect(
      layers
        .filter((layer) => !existsSync(join(ROOT, 'src/core', layer.name, 'README.md')))
        .map((l) => l.name),
    ).toEqual([]);
  });
});
