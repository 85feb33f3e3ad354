/**
 * A test helper of Node's side (a peer, fake nodes) as an ES module under dist/, bundled with esbuild: Playwright's
 * loader cannot import the network presets' JSON, and the helpers' dependencies stay in node_modules.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function importBundled<T>(entryPoint: string, outName: string): Promise<T> {
  const outfile = resolve('dist', outName);
  await build({
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return (await import(pathToFileURL(outfile).href)) as T;
}
