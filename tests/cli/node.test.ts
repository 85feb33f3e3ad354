import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localnetWallet } from '../../src/core/node/localnet';
import { runCli, tempFile } from './run-cli';

const votary = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-cli-node-'));
  dirs.push(dir);
  return dir;
}

interface Exit {
  code: number | null;
  /** The signal that ended the process, if one did (an abort in native code shows here, its reason on stderr). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The API on any free ports, so that tests never collide with a node already running on 4003/4004. */
const FREE_PORTS = ['--port', '0', '--public-port', '0'];
const READY = (dataDir: string, height: number | string) =>
  new RegExp(
    `^votary node ready: network localnet, height ${height}, data dir ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, ` +
      `public API (http://127\\.0\\.0\\.1:\\d+/api), secondary (http://127\\.0\\.0\\.1:\\d+)\n$`,
  );

/**
 * Runs `votary node …`, waits for its ready line, calls `whileReady` (e.g. requests to the API it announced),
 * lets it forge for `runMs`, then sends SIGTERM.
 */
function runNodeUntilTerm(
  args: string[],
  runMs: number,
  whileReady: (readyLine: string) => Promise<void> = () => Promise.resolve(),
): Promise<Exit & { readyAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [votary, 'node', ...args, ...FREE_PORTS], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let readyAfterMs = -1;
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`votary node did not finish: ${stdout} ${stderr}`));
    }, 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (readyAfterMs < 0 && stdout.includes('\n')) {
        readyAfterMs = Date.now() - started;
        whileReady(stdout)
          .catch((error: unknown) => {
            stderr += `whileReady failed: ${String(error)}`;
          })
          .finally(() => setTimeout(() => child.kill('SIGTERM'), runMs));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
      resolve({ code, signal, stdout, stderr, readyAfterMs });
    });
  });
}

describe('votary node', () => {
  it('prints one ready line, forges, exits 0 on SIGTERM; node verify then passes', async () => {
    const dataDir = tempDir();
    const answers: unknown[] = [];
    const run = await runNodeUntilTerm(
      ['--data-dir', dataDir, '--block-time', '1', '--verbose'],
      2200,
      async (line) => {
        const [, publicUrl, secondaryUrl] = READY(dataDir, 1).exec(line) ?? [];
        answers.push(await (await fetch(`${publicUrl}/blockchain`)).json());
        answers.push(await (await fetch(`${secondaryUrl}/trng`)).json());
      },
    );
    expect(run.code, `${run.signal} ${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(READY(dataDir, 1));
    expect((answers[0] as { data: { block: { height: number } } }).data.block.height).toBeGreaterThanOrEqual(
      1,
    );
    expect(answers[1]).toMatchObject({ values: expect.any(Array) as unknown[] });
    expect(run.stderr).toMatch(/^block 2 [0-9a-f]{64} txs=0$/m);

    // The chain remembers its block time: verify needs no option, and a restart with another one is refused.
    const verify = runCli('node', 'verify', '--data-dir', dataDir);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    const result = JSON.parse(verify.stdout) as { verified: boolean; height: number };
    expect(result.verified).toBe(true);
    expect(result.height).toBeGreaterThanOrEqual(2);

    // A restart continues from the stored height.
    const again = await runNodeUntilTerm(['--data-dir', dataDir, '--block-time', '1'], 0);
    expect(again.code, `${again.signal} ${again.stderr}`).toBe(0);
    expect(again.stdout).toMatch(READY(dataDir, result.height));
    expect(again.stderr).toBe('');

    const conflict = runCli('node', '--data-dir', dataDir, '--block-time', '2');
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(
      /^votary: this chain runs with a block time of 1 s .*cannot continue with 2 s\n$/,
    );
  });

  it('rejects bad options with one line and exit 2', () => {
    for (const args of [
      ['node'],
      ['node', '--data-dir', tempDir(), '--block-time', '0'],
      ['node', '--data-dir', tempDir(), '--block-time', '1.5'],
      ['node', '--data-dir', tempDir(), '--network', 'devnet'],
      ['node', '--data-dir', tempDir(), '--bogus'],
      ['node', '--data-dir', tempDir(), '--port', '70000'],
      ['node', '--data-dir', tempDir(), '--public-port', 'x'],
      ['node', '--data-dir', tempDir(), '--host', ''],
      ['node', 'bogus', '--data-dir', tempDir()],
      ['node', 'verify'],
      ['node', 'verify', '--data-dir', tempDir(), '--block-time', '1'],
    ]) {
      const result = runCli(...args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('node verify exits 1 when there is no chain in the data dir', () => {
    const result = runCli('node', 'verify', '--data-dir', tempDir());
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^votary: no localnet chain in /);
  });

  it('knows localnet as a --network for every command', () => {
    const faucet = localnetWallet('faucet');
    const result = runCli('keys', '--passphrase-file', tempFile(faucet.passphrase), '--network', 'localnet');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ publicKey: faucet.publicKey, address: faucet.address });
  });
});
