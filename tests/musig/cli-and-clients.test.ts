/**
 * `votary musig-server` as a process, and Votary's two clients against it: ARK's REST shape and ArkVault's
 * JSON-RPC, the handshake header, refusals as typed errors, proposals kept across a restart (SQLite), and the
 * command's usage errors (one line, exit 2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  RestMusigClient,
  RpcMusigClient,
  type MusigTransport,
} from '../../src/core/services/multisig/transports';
import { runCli } from '../cli/run-cli';
import { KEYS, MULTI_KEY, PARTICIPANTS, body, signerOf, spend } from './fixtures';

/** Each client proves taking part with participant 1's key (X-Musig-Auth). */
const sign = signerOf(PARTICIPANTS[1]!);

const votary = join(import.meta.dirname, '..', '..', 'scripts', 'votary.mjs');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-musig-'));
  dirs.push(dir);
  return dir;
}

interface Running {
  url: string;
  line: string;
  stop: () => Promise<number | null>;
}

function startServer(dataDir: string): Promise<Running> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(
      process.execPath,
      [votary, 'musig-server', '--data-dir', dataDir, '--network', 'devnet', '--port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`musig-server did not start: ${stdout} ${stderr}`));
    }, 30_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^votary musig-server ready: (http:\/\/127\.0\.0\.1:\d+),/.exec(stdout);
      if (match && stdout.includes('\n')) {
        clearTimeout(guard);
        resolve({
          url: match[1]!,
          line: stdout,
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    });
  });
}

describe('votary musig-server with both clients', () => {
  it('stores, lists, shows and deletes through REST and JSON-RPC, and keeps proposals across a restart', async () => {
    const dataDir = tempDir();
    let server = await startServer(dataDir);
    expect(server.line).toMatch(/network devnet, database .*musig-devnet\.db, 3 pending per sender\n$/);
    const rest: MusigTransport = new RestMusigClient(`${server.url}/`, { sign });
    const rpc: MusigTransport = new RpcMusigClient(server.url, { sign });

    const { id } = await rest.submit(body(spend([0])));
    expect((await rpc.list(KEYS[2]!, 'pending')).map((p) => p.id)).toEqual([id]);
    // ArkVault's client adds the second signature; the REST client sees it ready.
    expect(await rpc.submit(body(spend([1])))).toEqual({ id });
    const [ready] = await rest.list(MULTI_KEY, 'ready');
    expect(ready!.data['signatures']).toHaveLength(2);

    expect(await server.stop()).toBe(0);
    server = await startServer(dataDir);
    const again = new RestMusigClient(server.url, { sign });
    expect((await again.show(id)).data['id']).toBe(spend([0, 1]).id);
    // Without proof of taking part, nothing is read or deleted.
    await expect(new RestMusigClient(server.url).show(id)).rejects.toMatchObject({
      message: expect.stringMatching(/needs proof of taking part/) as string,
    });
    await expect(new RpcMusigClient(server.url).remove(id)).rejects.toMatchObject({
      message: expect.stringMatching(/needs proof of taking part/) as string,
    });
    await new RpcMusigClient(server.url, { sign }).remove(id);
    await expect(again.show(id)).rejects.toMatchObject({
      code: 'ERR_MUSIG_SERVER',
      message: expect.stringMatching(/Failed to find/) as string,
    });
    expect(await server.stop()).toBe(0);
  });

  it('turns the server’s refusals into typed errors with its sentence', async () => {
    const server = await startServer(tempDir());
    try {
      const rest = new RestMusigClient(server.url);
      const rpc = new RpcMusigClient(server.url);
      const forged = { ...spend([0]), signatures: [`02${spend([0]).signatures![0]!.slice(2)}`] };
      for (const client of [rest, rpc]) {
        await expect(client.submit(body(forged))).rejects.toMatchObject({
          code: 'ERR_MUSIG_SERVER',
          message: expect.stringMatching(
            /refused: signatures\[0\] is not participant 2's signature/,
          ) as string,
        });
      }
      for (const nonce of [1n, 2n, 3n]) await rest.submit(body(spend([0], nonce)));
      await expect(rpc.submit(body(spend([0], 4n)))).rejects.toMatchObject({
        message: expect.stringMatching(/maximum of 3 pending transactions/) as string,
      });
    } finally {
      await server.stop();
    }
  });

  it('refuses a server without the handshake header, and one that cannot be reached', async () => {
    const plain = createServer((_request, response) => response.end('[]'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const port = (plain.address() as { port: number }).port;
    try {
      await expect(new RestMusigClient(`http://127.0.0.1:${port}`).list(KEYS[0]!)).rejects.toMatchObject({
        code: 'ERR_NOT_MUSIG_SERVER',
      });
    } finally {
      plain.close();
    }
    await expect(new RpcMusigClient(`http://127.0.0.1:${port}`).list(KEYS[0]!)).rejects.toMatchObject({
      code: 'ERR_MUSIG_SERVER',
      message: expect.stringMatching(/could not be reached/) as string,
    });
  });

  it.each([
    [['musig-server'], /--data-dir is required/],
    [['musig-server', '--data-dir', '/tmp/x', '--network', 'nonet'], /unknown network "nonet"/],
    [
      ['musig-server', '--data-dir', '/tmp/x', '--port', '99999'],
      /--port must be a whole number from 0 to 65535/,
    ],
    [['musig-server', '--data-dir', '/tmp/x', '--pending', '0'], /--pending must be a whole number from 1/],
    [['musig-server', '--data-dir', '/tmp/x', '--per-key', '0'], /--per-key must be a whole number from 1/],
    [
      ['musig-server', '--data-dir', '/tmp/x', '--node', 'ftp://node'],
      /--node must be a node's http\(s\) URL/,
    ],
    [['musig-server', '--data-dir', '/tmp/x', '--bogus'], /Unknown option '--bogus'/],
  ])('%j is a usage error: one line, exit 2', (args, message) => {
    const result = runCli(...args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });
});
