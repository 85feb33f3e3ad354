/**
 * The browser shell under hostile clients (docs/design/security.md "No client can crash a process"): connections
 * reset during a refused upgrade, oversized and non-UTF-8 frames from an authenticated client, and hundreds of
 * random frames. Each attack must close only its own connection; afterwards the page is still served and a new,
 * valid bridge connection still answers. An uncaught error here would fail the run (Vitest reports it), as it
 * would kill `votary serve`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startBrowserShell, type BrowserShell } from '../../src/cli/browser-shell';
import type { AppCore } from '../../src/core/services';
import { openCore, removeDir, tempDir } from '../services/support';
import { closedWithin, encodeFrame, rawConnect, rawUpgrade, upgradeRequest } from './support/raw-websocket';
import { rendererDir } from './support/renderer-dir';

describe('browser shell: no client can take the host down', () => {
  let dir: string;
  let core: AppCore;
  let shell: BrowserShell;
  let origin: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = tempDir();
    const renderer = rendererDir(dir);
    core = await openCore(join(dir, 'data'), { forging: false });
    shell = await startBrowserShell({
      core,
      rendererDir: renderer,
      port: 0,
      log: (line) => logged.push(line),
    });
    origin = `http://127.0.0.1:${shell.port}`;
  });
  afterAll(async () => {
    await shell.close();
    await core.close();
    removeDir(dir);
  });

  /** The host still serves its page and a new authenticated connection gets an answer. */
  async function hostStillAnswers(): Promise<void> {
    expect((await fetch(`${origin}/`)).status).toBe(200);
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`, {
      headers: { origin },
    });
    const answer = await new Promise<unknown>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ id: 7, channel: 'app:info' })));
      // The answer to this request, not a push event the host may send first (a monitor update, a new block).
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as { id?: unknown };
        if (message.id !== 7) return;
        ws.off('message', onMessage);
        resolve(message);
      };
      ws.on('message', onMessage);
    });
    expect(answer).toMatchObject({ id: 7, result: { ok: true, value: { name: 'Votary' } } });
    ws.close();
  }

  it('survives a refused upgrade whose connection is reset right after the request', async () => {
    for (let i = 0; i < 5; i++) {
      const socket = await rawConnect(shell.port);
      socket.on('error', () => undefined);
      socket.write(upgradeRequest('/bridge?token=wrong', `127.0.0.1:${shell.port}`, origin));
      socket.resetAndDestroy();
    }
    // Also a reset after a refusal was already written, and one mid-request (headers never finished).
    const late = await rawConnect(shell.port);
    late.on('error', () => undefined);
    late.write(upgradeRequest('/bridge?token=wrong', `127.0.0.1:${shell.port}`, origin));
    await new Promise((resolve) => setTimeout(resolve, 20));
    late.resetAndDestroy();
    const half = await rawConnect(shell.port);
    half.on('error', () => undefined);
    half.write('GET /bridge?token=x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n');
    half.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await hostStillAnswers();
  });

  it('closes an authenticated connection that sends a frame over the payload limit', async () => {
    const socket = await rawUpgrade(shell.port, `/bridge?token=${shell.token}`, origin);
    socket.write(encodeFrame({ opcode: 0x1, payload: Buffer.alloc(1024 * 1024 + 1, 0x20) }));
    expect(await closedWithin(socket, 5000)).toBe(true);
    await hostStillAnswers();
  });

  it('closes an authenticated connection that sends a text frame that is not UTF-8', async () => {
    const socket = await rawUpgrade(shell.port, `/bridge?token=${shell.token}`, origin);
    socket.write(encodeFrame({ opcode: 0x1, payload: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]) }));
    expect(await closedWithin(socket, 5000)).toBe(true);
    await hostStillAnswers();
    expect(logged.some((line) => /invalid UTF-8/i.test(line))).toBe(true);
  });

  it('survives hundreds of random frames, and resets in the middle of them', async () => {
    for (let connection = 0; connection < 20; connection++) {
      const socket = await rawUpgrade(shell.port, `/bridge?token=${shell.token}`, origin);
      for (let i = 0; i < 20; i++) {
        const kind = randomInt(6);
        const payload =
          kind === 0
            ? Buffer.from(
                JSON.stringify({ id: i, channel: 'app:info', payload: randomBytes(8).toString('hex') }),
              )
            : randomBytes(randomInt(0, 300));
        socket.write(
          encodeFrame({
            opcode: [0x1, 0x2, 0x0, 0x3, 0x9, 0xa, 0xb][randomInt(7)] ?? 0x1,
            payload,
            fin: randomInt(4) !== 0,
            rsv: randomInt(4) === 0 ? randomInt(8) : 0,
            masked: randomInt(10) !== 0,
          }),
        );
        if (kind === 5) socket.write(randomBytes(randomInt(1, 64)));
      }
      if (connection % 3 === 0) socket.resetAndDestroy();
      else socket.end();
    }
    // A deeply nested frame must be a typed refusal, not a stack overflow in the core.
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/bridge?token=${shell.token}`, {
      headers: { origin },
    });
    const answer = await new Promise<unknown>((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () =>
        ws.send(`{"id":9,"channel":"vault:unlock","payload":${'['.repeat(100_000)}${']'.repeat(100_000)}}`),
      );
      // The answer to this request, not a push event the host may send first (a monitor update, a new block).
      const onMessage = (data: Buffer) => {
        // A frame too deep to read has no id the host could answer with: any answer (not an event) is it.
        const message = JSON.parse(data.toString('utf8')) as { result?: unknown };
        if (message.result === undefined) return;
        ws.off('message', onMessage);
        resolve(message);
      };
      ws.on('message', onMessage);
    });
    expect(answer).toMatchObject({ result: { ok: false, error: { code: 'ERR_INVALID_REQUEST' } } });
    ws.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await hostStillAnswers();
  });
});
