/** A `votary serve` of a spec's own (its own port, data directory and token), for journeys that stop or restart it. */
import { spawn, type ChildProcess } from 'node:child_process';

/** Starts `votary serve` and resolves once it printed its URL (the core is open and the port listens). */
export async function startHost(port: number, dataDir: string, token: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['scripts/votary.mjs', 'serve', '--port', String(port), '--block-time', '1', '--data-dir', dataDir],
    { env: { ...process.env, VOTARY_SERVE_TOKEN: token }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`votary serve did not start:\n${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Votary browser shell: http://127.0.0.1:${port}/#token=`)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`votary serve exited with ${code}:\n${output}`));
    });
  });
  return child;
}

/** SIGTERM, then wait for the exit (the node and the key store close cleanly; exit code 0). */
export async function stopHost(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}
