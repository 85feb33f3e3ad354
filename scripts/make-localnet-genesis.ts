/**
 * Writes resources/networks/localnet/{network,milestones,genesis,wallets}.json. Deterministic:
 * running it again rewrites the same bytes. Run with `npm run make:localnet` (bundled with esbuild, like
 * scripts/build-cli.mjs does for the CLI); `--out DIR` writes elsewhere (the determinism test uses it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildLocalnetFiles } from '../src/core/node/localnet/make-genesis';

// The bundle lives in dist/, the source in scripts/: the repository root is one level up from either.
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
const outDir = resolve(values.out ?? join(root, 'resources', 'networks', 'localnet'));

mkdirSync(outDir, { recursive: true });
for (const [name, content] of Object.entries(buildLocalnetFiles())) {
  writeFileSync(join(outDir, name), content);
}
process.stdout.write(`localnet files written to ${outDir}\n`);
