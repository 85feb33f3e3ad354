/**
 * The webhook sender (core/monitor/webhook.ts) against a real HTTP server on 127.0.0.1: the JSON it posts, a
 * failing server retried a bounded number of times, a 4xx not retried, a server that never answers cut off by the
 * timeout, a full queue dropping the oldest, and `post` never waiting for any of it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookSender, webhookUrlProblem, type WebhookAlert } from '../../src/core/monitor/webhook';

interface Received {
  body: unknown;
  contentType: string | undefined;
}

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server answering each request with the next status of `statuses` (the last one repeats); 0 = never answers. */
async function serve(statuses: number[]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  let index = 0;
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      received.push({ body: JSON.parse(text) as unknown, contentType: request.headers['content-type'] });
      const status = statuses[Math.min(index, statuses.length - 1)]!;
      index += 1;
      if (status === 0) return;
      response.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}

function alert(message: string): WebhookAlert {
  return {
    source: 'votary',
    version: 1,
    level: 'warning',
    code: 'MONITOR_DELEGATE_MISSED_SLOT',
    message,
    at: '2026-11-26T01:00:00.000Z',
    network: 'localnet',
  };
}

const noSleep = () => Promise.resolve();

describe('WebhookSender', () => {
  it('sends words that mention nobody in a chat, cleaned of control and invisible characters', async () => {
    const { url, received } = await serve([204]);
    const sender = new WebhookSender({ sleep: noSleep });
    sender.post(url, { ...alert('@everyone\u202E missed slot 7 (<!here>)'), network: '@here net' });
    await sender.idle();
    const body = received[0]!.body as WebhookAlert;
    expect(body.message).toBe('@\u200Beveryone missed slot 7 (<\u200B!here>)');
    expect(body.network).toBe('@\u200Bhere net');
  });

  it('posts the alert as JSON and returns before it is delivered', async () => {
    const { url, received } = await serve([204]);
    const failures: string[] = [];
    const sender = new WebhookSender({ sleep: noSleep, onFailure: (reason) => failures.push(reason) });
    sender.post(url, alert('genesis_3 missed slot 12 (round 1).'));
    expect(received).toEqual([]);
    await sender.idle();
    expect(received).toEqual([
      { body: alert('genesis_3 missed slot 12 (round 1).'), contentType: 'application/json' },
    ]);
    expect(failures).toEqual([]);
  });

  it('tries a failing server again, at most `tries` times, then says why once', async () => {
    const flaky = await serve([500, 503, 200]);
    const failures: string[] = [];
    const sender = new WebhookSender({
      tries: 3,
      sleep: noSleep,
      onFailure: (reason) => failures.push(reason),
    });
    sender.post(flaky.url, alert('first'));
    await sender.idle();
    expect(flaky.received).toHaveLength(3);
    expect(failures).toEqual([]);

    sender.post(flaky.url, alert('second'));
    await sender.idle();
    expect(flaky.received).toHaveLength(4);

    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
    const broken = await serve([502]);
    sender.post(broken.url, alert('third'));
    await sender.idle();
    expect(broken.received).toHaveLength(3);
    expect(failures).toEqual([
      `The alert “third” was not delivered to the webhook ${new URL(broken.url).host}: it answered HTTP 502.`,
    ]);
  });

  it('does not retry a refusal (4xx), and cuts off a server that never answers', async () => {
    const { url, received } = await serve([404]);
    const failures: string[] = [];
    const sender = new WebhookSender({ sleep: noSleep, onFailure: (reason) => failures.push(reason) });
    sender.post(url, alert('refused'));
    await sender.idle();
    expect(received).toHaveLength(1);
    expect(failures[0]).toMatch(/it answered HTTP 404\.$/);

    await new Promise((resolve) => {
      server?.closeAllConnections();
      server?.close(resolve);
    });
    const silent = await serve([0]);
    const slow = new WebhookSender({
      tries: 2,
      timeoutMs: 200,
      sleep: noSleep,
      onFailure: (reason) => failures.push(reason),
    });
    slow.post(silent.url, alert('unanswered'));
    await slow.idle();
    expect(silent.received).toHaveLength(2);
    expect(failures[1]).toMatch(/it did not answer within 0\.2 s\.$/);
  });

  it('drops the oldest alerts past the queue bound and says how many', async () => {
    const { url, received } = await serve([200]);
    const failures: string[] = [];
    const sender = new WebhookSender({
      queueMax: 2,
      sleep: noSleep,
      onFailure: (reason) => failures.push(reason),
    });
    for (const message of ['a', 'b', 'c', 'd', 'e']) sender.post(url, alert(message));
    await sender.idle();
    // 'a' was already being sent; of the four that waited, the two newest were kept.
    expect(received.map((r) => (r.body as WebhookAlert).message)).toEqual(['a', 'd', 'e']);
    expect(failures).toEqual(['2 alerts were not sent: too many were waiting.']);
  });
});

describe('webhookUrlProblem', () => {
  it('takes https anywhere and http on this machine only', () => {
    expect(webhookUrlProblem('https://ntfy.sh/votary')).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook')).toBeUndefined();
    expect(webhookUrlProblem('http://localhost/hook')).toBeUndefined();
    expect(webhookUrlProblem('http://example.com/hook')).toMatch(/must use https/);
    expect(webhookUrlProblem('ftp://example.com/hook')).toMatch(/https URL/);
    expect(webhookUrlProblem('not a url')).toBe('The webhook is not a URL.');
  });
});
