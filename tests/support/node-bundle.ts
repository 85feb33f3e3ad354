/**
 * A test helper or script of Node's side as one ES module under the repository's dist/, bundled with esbuild: its
 * dependencies stay external and resolve from the repository's node_modules (so the output must live inside it),
 * and Playwright's loader, which cannot import the network presets' JSON, can import the bundle.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..', '..');

/** Bundles `entryPoint` (relative to the repository) to `dist/<outName>`; returns the bundle's path. */
export async function bundleForNode(entryPoint: string, outName: string): Promise<string> {
  const outfile = join(root, 'dist', outName);
  await build({
    absWorkingDir: root,
    entryPoints: [entryPoint],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

/** Bundles `entryPoint` and imports it. */
export async function importBundled<T>(entryPoint: string, outName: string): Promise<T> {
  return (await import(pathToFileURL(await bundleForNode(entryPoint, outName)).href)) as T;
}
