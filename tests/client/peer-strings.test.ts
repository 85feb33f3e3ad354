/**
 * What a node chooses to say that reaches screens, alerts and the webhook is bounded where its answer is read
 * (client/schemas/common.ts peerString): a delegate's name, a peer's and the node's version, the token's name and
 * symbol are cleaned of control and invisible characters and cut short, however long the node made them.
 */
import { describe, expect, it } from 'vitest';
import { NodeClient, type FetchLike } from '../../src/core/client';
import { delegateFixture, page } from './support/fake-node';

function answering(body: unknown): NodeClient {
  const fetch: FetchLike = () =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  return new NodeClient(['http://127.0.0.1:9'], { fetch, maxAttempts: 1 });
}

const HOSTILE = `@everyone\u202E\u2066${'A'.repeat(100_000)}\n`;

describe('strings a node chose', () => {
  it('a delegate’s name: bidi and control characters gone, at most 32 characters', async () => {
    const client = answering(page([{ ...delegateFixture, username: HOSTILE }], '/delegates'));
    const [delegate] = (await client.delegates()).data;
    expect(delegate!.username).toBe(`@everyone${'A'.repeat(22)}…`);
    expect(Array.from(delegate!.username)).toHaveLength(32);
  });

  it('a peer’s version and address, bounded the same way', async () => {
    const client = answering(
      page(
        [{ ip: `192.0.2.1${'\u200B'.repeat(10)}`, port: 4001, version: HOSTILE, height: 1, latency: 3 }],
        '/peers',
      ),
    );
    const [peer] = (await client.peers()).data;
    expect(peer!.ip).toBe('192.0.2.1');
    expect(peer!.version).toHaveLength(32);
    expect(peer!.version).not.toMatch(/[\u202E\u2066\n]/);
  });

  it('honest values pass unchanged', async () => {
    const client = answering(page([delegateFixture], '/delegates'));
    expect((await client.delegates()).data[0]!.username).toBe(delegateFixture.username);
  });
});
