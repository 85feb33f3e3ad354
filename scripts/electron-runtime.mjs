// Can the Electron runtime start here? Answered without `require('electron')`, which would try to download a
// missing binary, print a stack trace and advise a manual install (wrong offline). The binary is where the
// electron package keeps it: node_modules/electron/path.txt names it under dist/. No display on Linux (neither
// DISPLAY nor WAYLAND_DISPLAY) means no window either.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** {path} of the binary, or {reason} in a few words why Electron cannot start. */
export function electronRuntime(electronDir, env = process.env, platform = process.platform) {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return { reason: 'its binary is not installed; npm ci downloads it on a connected machine' };
  }
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { reason: `its binary ${binary} is missing` };
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) return { reason: 'there is no display' };
  return { path: binary };
}
