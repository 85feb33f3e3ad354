#!/usr/bin/env node
// `npm start`: build the app and launch Electron. Where the Electron runtime cannot start (no binary and no way to
// download it, or no display), say so in one line and fall back to the browser shell (`votary serve`).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

const built = spawnSync('npx', ['electron-vite', 'build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

function electronBinary() {
  try {
    // Resolving the package returns the binary path; it tries to download a missing binary and throws offline.
    return { path: require('electron') };
  } catch (error) {
    return { reason: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  }
}

function browserShell(reason) {
  console.error(
    `votary: the Electron runtime cannot start here (${reason}); falling back to the browser shell.`,
  );
  const shell = spawn(process.execPath, [join(root, 'scripts', 'votary.mjs'), 'serve'], { stdio: 'inherit' });
  shell.on('error', (error) => {
    console.error(`votary: cannot start the browser shell: ${error.message}`);
    process.exit(1);
  });
  shell.on('exit', (code) => process.exit(code ?? 0));
  // Stopping `npm start` stops the server it started (its node closes its database cleanly on SIGTERM).
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shell.kill(signal));
}

const electron = electronBinary();
if (!electron.path) {
  browserShell(electron.reason);
} else {
  const started = Date.now();
  const child = spawn(electron.path, [root], { stdio: ['ignore', 'inherit', 'pipe'] });
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
