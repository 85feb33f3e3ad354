/** The renderer folder a browser shell under test serves: an index.html, all the shell's tests load from it. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Makes `<dir>/renderer` with a minimal index.html and returns its path (startBrowserShell's rendererDir). */
export function rendererDir(dir: string): string {
  const renderer = join(dir, 'renderer');
  mkdirSync(renderer);
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Votary</title>');
  return renderer;
}
