/**
 * A multisignature server's answer is read no further than MAX_MUSIG_ANSWER_BYTES, like a node's
 * (client/http.ts MAX_ANSWER_BYTES, both through client/answer-body.ts), and JSON nested deeper than
 * MAX_JSON_DEPTH is refused before it is parsed: such an answer is the server's fault (ERR_MUSIG_SERVER), never
 * held whole in the core's memory.
 */
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/shared/lib/json-depth';
import { MultisigError } from '../../src/core/services/multisig/errors';
import {
  MAX_MUSIG_ANSWER_BYTES,
  RestMusigClient,
  RpcMusigClient,
} from '../../src/core/services/multisig/transports';

const KEY = '02'.padEnd(66, '0');
const CHUNK = Buffer.alloc(64 * 1024, 0x20);

/**
 * The longest list an honest server sends: its most (200) proposals, each a multipayment of 256 payments from a
 * wallet of 16 keys, signed by all of them.
 */
function largestList() {
  const key = (i: number) => `02${i.toString(16).padStart(64, '0')}`;
  return Array.from({ length: 200 }, (_, n) => ({
    id: n.toString(16).padStart(64, '0'),
    data: {
      version: 2,
      network: 30,
      typeGroup: 1,
      type: 6,
      nonce: '1',
      senderPublicKey: key(99),
      fee: '10000000',
      amount: '0',
      vendorField: 'v'.repeat(255),
      asset: {
        payments: Array.from({ length: 256 }, () => ({
          amount: '1000000000000',
          recipientId: 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib',
        })),
      },
      signatures: Array.from({ length: 16 }, (_, i) => i.toString(16).padStart(2, '0') + 'ab'.repeat(64)),
      id: n.toString(16).padStart(64, '0'),
    },
    multisigAsset: { min: 16, publicKeys: Array.from({ length: 16 }, (_, i) => key(i)) },
    timestamp: 1_700_000_000,
  }));
}

/** What a call rejected with: a MultisigError's code and message (anything else fails the test). */
async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MultisigError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected the answer to be refused');
}

describe('multisignature server answers vs a hostile server', () => {
  const app = Fastify({ forceCloseConnections: true });
  let url = '';
  let streamed = 0;
  /** A body that never ends, without a declared length: 64 KiB chunks for as long as they are read. */
  const endless = () =>
    new Readable({
      read() {
        streamed += CHUNK.byteLength;
        this.push(CHUNK);
      },
    });
  beforeAll(async () => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('x-server-type', 'MultiSignature');
    });
    // Three times what a node may send, with its length declared.
    app.get('/transactions', (_request, reply) =>
      reply.type('application/json').send(`[]${' '.repeat(48 * 1024 * 1024)}`),
    );
    app.get('/transaction/:id', (_request, reply) => reply.type('application/json').send(endless()));
    // ArkVault's JSON-RPC: `list` answers the largest honest list, anything else JSON nested too deep.
    app.post('/', (request, reply) => {
      const { id, method } = request.body as { id: number; method: string };
      if (method === 'list') return { jsonrpc: '2.0', id, result: largestList() };
      const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
      return reply.type('application/json').send(`{"jsonrpc":"2.0","id":${id},"result":${deep}}`);
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('refuses a 48 MiB answer to a proposal list before reading it', async () => {
    const error = await refusalOf(new RestMusigClient(url).list(KEY));
    expect(error.code).toBe('ERR_MUSIG_SERVER');
    expect(error.message).toContain(`answered more than ${MAX_MUSIG_ANSWER_BYTES} bytes`);
  });

  it('stops reading an endless answer past the limit', async () => {
    const error = await refusalOf(new RestMusigClient(url).show('ab'.repeat(32)));
    expect(error.code).toBe('ERR_MUSIG_SERVER');
    expect(error.message).toContain(`answered more than ${MAX_MUSIG_ANSWER_BYTES} bytes`);
    expect(streamed).toBeGreaterThan(MAX_MUSIG_ANSWER_BYTES);
  });

  it('refuses JSON nested deeper than the limit before parsing it', async () => {
    const error = await refusalOf(new RpcMusigClient(url).show('ab'.repeat(32)));
    expect(error.code).toBe('ERR_MUSIG_SERVER');
    expect(error.message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('reads a full list of the largest proposals', async () => {
    const list = await new RpcMusigClient(url).list(KEY);
    expect(list).toHaveLength(200);
    expect(JSON.stringify(largestList()).length).toBeGreaterThan(MAX_MUSIG_ANSWER_BYTES / 2);
  });
});
