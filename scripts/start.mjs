#!/usr/bin/env node
// `npm start`: build the app and launch Electron. Where the Electron runtime cannot start (no binary and no way to
// download it, or no display), say so in one line and fall back to the browser shell (`votary serve`).
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronRuntime } from './electron-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

/** Opens the shell's URL in the default browser when there is a display to show it on. */
function openInBrowser(url) {
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) return;
  const opener =
    process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}

function browserShell(reason) {
  console.error(
    `votary: the Electron runtime cannot start here (${reason}); falling back to the browser shell.`,
  );
  // Options after `npm start --` go to `votary serve` (--port, --api-port, --api-secondary-port, --data-dir,
  // --block-time).
  const shell = spawn(
    process.execPath,
    [join(root, 'scripts', 'votary.mjs'), 'serve', ...process.argv.slice(2)],
    {
      stdio: ['inherit', 'pipe', 'inherit'],
    },
  );
  shell.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    const url = /Votary browser shell: (http\S+)/.exec(String(chunk))?.[1];
    if (url !== undefined) openInBrowser(url);
  });
  shell.on('error', (error) => {
    console.error(`votary: cannot start the browser shell: ${error.message}`);
    process.exit(1);
  });
  shell.on('exit', (code) => process.exit(code ?? 0));
  // Stopping `npm start` stops the server it started (its node closes its database cleanly on SIGTERM).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shell.kill(signal));
}

const electron = electronRuntime(join(root, 'node_modules', 'electron'));
if (!electron.path) {
  browserShell(electron.reason);
} else {
  const started = Date.now();
  // Electron's main reads --api-port and --api-secondary-port among its arguments (src/shared/lib/api-ports.ts).
  const child = spawn(electron.path, [root, ...process.argv.slice(2)], {
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
    process.stderr.write(chunk);
  });
  child.on('error', (error) => browserShell(error.message));
  child.on('exit', (code) => {
    // A runtime that dies within seconds with an error never opened a window (missing libraries, no display).
    if (code !== 0 && Date.now() - started < 10_000)
      browserShell(stderr.trim().split('\n')[0] || `exit ${code}`);
    else process.exit(code ?? 0);
  });
}
