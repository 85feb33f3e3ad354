/**
 * Alerts that leave the app, through AppCore on a real data directory: a block paying a vault wallet raises
 * INCOMING_TRANSACTION, and with a webhook in the monitor settings every alert reaches a local HTTP server as
 * JSON; a webhook URL that would send alerts in the clear to another machine is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import type { AppCore } from '../../src/core/services';
import { call, nextEvent, openCore, PASSWORD, removeDir, tempDir } from './support';

let dir: string;
let core: AppCore;
let server: Server;
const bodies: Record<string, unknown>[] = [];

beforeEach(async () => {
  dir = tempDir();
  core = await openCore(dir);
  bodies.length = 0;
  server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterEach(async () => {
  await core.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  removeDir(dir);
});

it('announces a payment to a vault wallet and posts it to the webhook as JSON', async () => {
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`;
  await call(core, 'monitor:settings', { webhookUrl: ` ${url} ` });
  expect((await call(core, 'monitor:settings')).webhookUrl).toBe(url);
  await call(core, 'vault:create', { password: PASSWORD });
  const address = addressFromPassphrase('alerts webhook test', 30);
  await call(core, 'wallets:add-watch-only', { name: 'Savings', address });

  const announced = nextEvent<{ code: string; message: string }>(
    core,
    'monitor:alert',
    (alert) => alert.code === 'INCOMING_TRANSACTION',
    45_000,
  );
  await call(core, 'localnet:fund', { address, amount: '250000000' });
  const alert = await announced;
  expect(alert.message).toMatch(/^Savings received 2\.5 \S+ from D\w+ on localnet\.$/);

  await expect
    .poll(() => bodies.find((body) => body['code'] === 'INCOMING_TRANSACTION'), { timeout: 15_000 })
    .toEqual({
      source: 'votary',
      version: 1,
      level: 'info',
      code: 'INCOMING_TRANSACTION',
      message: alert.message,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      network: 'localnet',
    });
}, 90_000);

it('refuses a webhook in the clear on another machine, and clears it with an empty URL', async () => {
  const result = await core.handleRequest('monitor:settings', { webhookUrl: 'http://example.com/hook' });
  expect(result).toMatchObject({ ok: false, error: { code: 'ERR_MONITOR_WEBHOOK' } });
  await call(core, 'monitor:settings', { webhookUrl: 'https://ntfy.sh/votary-test' });
  expect((await call(core, 'monitor:settings', { webhookUrl: '' })).webhookUrl).toBeNull();
});
