/**
 * `votary musig-server` against strangers, over real sockets (node:http requests, raw TCP for the slow clients),
 * as tests/sync/hostile/ attacks the follower: each attack a stranger could make on the server as it was
 * (docs/design/multisig.md "Strangers"), and what stops it now:
 * 1. hiding a person's proposals under a flood of invitations from fresh 1-of-2 wallets: limits per participant
 *    key and for the whole server (429 with ARK's sentence), a paged list that puts the person's own first, and
 *    clients that page through instead of refusing a long list;
 * 2. holding connections: the public API's deadlines and connection cap;
 * 3. corrupting a stored proposal by resubmitting it with the asset's keys and the signatures' indices swapped;
 * 4. reading and deleting anyone's proposals: proof of taking part, CORS without DELETE, a localnet server that
 *    answers its app only;
 * 5. squatting a wallet's pending slots with proposals whose nonce is used, or from forged wallets: a server that
 *    knows a node refuses and removes them.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ProposalRules,
  ProposalStore,
  createMusigServer,
  nodeWalletLookup,
  type MusigServerOptions,
  type ServerLimits,
} from '../../src/core/musig-server';
import type { ConnectionLimits } from '../../src/core/api';
import { addressFromPublicKey, schnorrVerify } from '../../src/core/protocol/crypto';
import { fromHex } from '../../src/core/protocol/hex';
import { multiSignatureSigningHash, transactionFromJson } from '../../src/core/protocol/transactions';
import { RestMusigClient, RpcMusigClient } from '../../src/core/services/multisig/transports';
import { closedWithin, rawConnect } from '../ipc/support/raw-websocket';
import {
  ASSET,
  CTX,
  KEYS,
  MULTI_KEY,
  PARTICIPANTS,
  body,
  proof,
  registration,
  signerOf,
  spend,
  strangerProposal,
} from './fixtures';
import { httpCall, type HttpCallOptions } from '../support/http-call';

/** One request through node:http, as any client on the network sends it; its body read as JSON. */
async function call(port: number, method: string, path: string, options: HttpCallOptions = {}) {
  const answer = await httpCall(port, method, path, options);
  return { status: answer.status, headers: answer.headers, json: () => JSON.parse(answer.text) as unknown };
}

const running: { app: FastifyInstance; store: ProposalStore }[] = [];
const others: Server[] = [];
afterEach(async () => {
  for (const { app, store } of running.splice(0)) {
    await app.close();
    store.close();
  }
  for (const server of others.splice(0)) await new Promise((done) => server.close(done));
});

async function serve(
  limits: Partial<ServerLimits> = {},
  options: Omit<MusigServerOptions, 'rules'> & { wallets?: ReturnType<typeof nodeWalletLookup> } = {},
): Promise<{ port: number; url: string; rules: ProposalRules }> {
  const store = new ProposalStore(':memory:');
  const { wallets, ...rest } = options;
  const rules = new ProposalRules({
    store,
    ctx: CTX,
    ...limits,
    ...(wallets === undefined ? {} : { wallets }),
  });
  const app = await createMusigServer({ rules, rateLimitPerMinute: 0, ...rest });
  await app.listen({ host: '127.0.0.1', port: 0 });
  running.push({ app, store });
  const port = (app.server.address() as { port: number }).port;
  return { port, url: `http://127.0.0.1:${port}`, rules };
}

const VICTIM = PARTICIPANTS[0]!;
const VICTIM_KEY = KEYS[0]!;

/** A stranger's proposal from a fresh 1-of-2 wallet [stranger's own key, victim's key], signed by the stranger. */
const invitation = (n: number) => strangerProposal(`musig stranger ${n}`, 'x'.repeat(200));

describe('1. hiding a person’s proposals', () => {
  it('bounds the invitations waiting for one key with 429 and ARK’s sentence; the person’s own still go in', async () => {
    const { port } = await serve({ perKeyLimit: 5 });
    const statuses: number[] = [];
    let refusal: unknown;
    for (let n = 0; n < 8; n++) {
      const answer = await call(port, 'POST', '/transaction', { body: invitation(n) });
      statuses.push(answer.status);
      if (answer.status === 429) refusal = answer.json();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(refusal).toMatchObject({
      message: `The public key [${VICTIM_KEY}] has reached its maximum of 5 pending transactions.`,
    });
    // The victim's own wallet's proposal, which the victim signed, is not an invitation to them.
    expect((await call(port, 'POST', '/transaction', { body: body(spend([0])) })).status).toBe(200);
  });

  it('bounds the whole server by count and by bytes', async () => {
    const byCount = await serve({ maxProposals: 3 });
    const counts: number[] = [];
    for (let n = 0; n < 4; n++)
      counts.push((await call(byCount.port, 'POST', '/transaction', { body: invitation(n) })).status);
    expect(counts).toEqual([200, 200, 200, 429]);
    const bySize = await serve({ maxBytes: 2_000 });
    const sizes: number[] = [];
    let message = '';
    for (let n = 0; n < 4; n++) {
      const answer = await call(bySize.port, 'POST', '/transaction', { body: invitation(n) });
      sizes.push(answer.status);
      if (answer.status === 429) message = (answer.json() as { message: string }).message;
    }
    expect(sizes.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(message).toBe('The server has reached its maximum of 2000 bytes of pending transactions.');
  });

  it('answers a page at a time, the person’s own first, and both clients read a long list whole', async () => {
    const { port, url } = await serve({ perKeyLimit: 1_000 });
    for (let n = 0; n < 230; n++) {
      expect((await call(port, 'POST', '/transaction', { body: invitation(n) })).status).toBe(200);
    }
    const own = (await call(port, 'POST', '/transaction', { body: body(spend([0])) })).json() as {
      id: string;
    };
    const headers = { 'x-musig-auth': proof([VICTIM], 'list', VICTIM_KEY) };
    const first = await call(port, 'GET', `/transactions?publicKey=${VICTIM_KEY}`, { headers });
    const page = first.json() as { id: string }[];
    expect(page).toHaveLength(100);
    expect(page[0]!.id).toBe(own.id);
    const third = await call(port, 'GET', `/transactions?publicKey=${VICTIM_KEY}&page=3&limit=100`, {
      headers,
    });
    expect(third.json()).toHaveLength(31);

    for (const client of [
      new RestMusigClient(url, { sign: signerOf(VICTIM) }),
      new RpcMusigClient(url, { sign: signerOf(VICTIM) }),
    ]) {
      const listed = await client.list(VICTIM_KEY);
      expect(listed).toHaveLength(231);
      expect(listed[0]!.id).toBe(own.id);
      // Under the wallet the victim imported, only its own proposal.
      expect((await client.list(MULTI_KEY)).map((p) => p.id)).toEqual([own.id]);
    }
  });

  it('reads a server that does not page (ARK’s) once, and skips an entry that is not a proposal', async () => {
    const { port } = await serve({ perKeyLimit: 1_000 });
    const entries: unknown[] = [];
    for (let n = 0; n < 120; n++) {
      const { id } = (await call(port, 'POST', '/transaction', { body: invitation(n) })).json() as {
        id: string;
      };
      const shown = await call(port, 'GET', `/transaction/${id}`, {
        headers: { 'x-musig-auth': proof([VICTIM], 'show', id) },
      });
      entries.push(shown.json());
    }
    let requests = 0;
    const ark = createServer((_request, response) => {
      requests += 1;
      response.setHeader('x-server-type', 'MultiSignature');
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify([{ id: 'not a proposal' }, ...entries]));
    });
    others.push(ark);
    await new Promise<void>((done) => ark.listen(0, '127.0.0.1', done));
    const arkUrl = `http://127.0.0.1:${(ark.address() as { port: number }).port}`;
    const listed = await new RestMusigClient(arkUrl).list(VICTIM_KEY);
    expect(listed).toHaveLength(120);
    expect(requests).toBe(1);

    // A strict server that refuses the paging parameters (votary's before it paged) is asked without them.
    const strict = createServer((req, response) => {
      response.setHeader('x-server-type', 'MultiSignature');
      response.setHeader('content-type', 'application/json');
      if (req.url?.includes('page=') === true) {
        response.statusCode = 400;
        response.end('{"statusCode":400,"error":"Bad Request","message":"request: Unrecognized keys"}');
        return;
      }
      response.end(JSON.stringify(entries));
    });
    others.push(strict);
    await new Promise<void>((done) => strict.listen(0, '127.0.0.1', done));
    const strictUrl = `http://127.0.0.1:${(strict.address() as { port: number }).port}`;
    expect(await new RestMusigClient(strictUrl).list(VICTIM_KEY)).toHaveLength(120);
  });
});

describe('2. holding connections', () => {
  const LIMITS: Partial<ConnectionLimits> = {
    headersTimeoutMs: 1_000,
    requestTimeoutMs: 1_500,
    keepAliveTimeoutMs: 1_000,
    checkIntervalMs: 200,
    maxConnections: 12,
  };

  async function open(port: number): Promise<Socket> {
    const socket = await rawConnect(port);
    socket.on('error', () => undefined);
    return socket;
  }

  it('closes a silent connection, trickled headers and a half-sent body within the deadlines', async () => {
    const { port } = await serve({}, { limits: LIMITS });
    const halfSent = await open(port);
    halfSent.write(
      `POST /transaction HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n`,
    );
    halfSent.write('Content-Length: 1000\r\n\r\n{"data":');
    const trickle = await open(port);
    trickle.write('G');
    const drip = setInterval(() => {
      if (!trickle.destroyed) trickle.write('E');
    }, 150);
    const silent = await open(port);
    expect((await call(port, 'GET', '/transactions')).status).toBe(200);
    const closed = await Promise.all([halfSent, trickle, silent].map((s) => closedWithin(s, 4_000)));
    clearInterval(drip);
    expect(closed).toEqual([true, true, true]);
  });

  it('refuses connections over the cap and serves again once they are gone', async () => {
    const { port } = await serve({}, { limits: LIMITS });
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections! }, () => open(port)));
    const extra = await open(port);
    expect(await closedWithin(extra, 1_000)).toBe(true);
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await call(port, 'GET', '/transactions')).status).toBe(200);
  });
});

describe('3. corrupting a stored proposal', () => {
  it('refuses a resubmission whose asset differs (keys and indices swapped); every stored signature verifies', async () => {
    const { port } = await serve();
    const { id } = (await call(port, 'POST', '/transaction', { body: body(spend([0, 1])) })).json() as {
      id: string;
    };
    // The same wallet key (a sum of points does not depend on their order) and the same base id; each signature
    // verifies against the swapped asset at the swapped index, so without the stored asset's check it merges.
    const swapped = { min: 2, publicKeys: [KEYS[1]!, KEYS[0]!, KEYS[2]!] };
    const [first, second] = spend([0, 1]).signatures!;
    const forged = { ...spend([0, 1]), signatures: [`00${second!.slice(2)}`, `01${first!.slice(2)}`] };
    const answer = await call(port, 'POST', '/transaction', { body: body(forged, swapped) });
    expect(answer.status).toBe(422);
    expect(answer.json()).toMatchObject({
      message: 'multisigAsset must be the stored proposal’s asset, unchanged',
    });

    const shown = (
      await call(port, 'GET', `/transaction/${id}`, {
        headers: { 'x-musig-auth': proof([VICTIM], 'show', id) },
      })
    ).json() as { data: unknown; multisigAsset: typeof ASSET };
    const tx = transactionFromJson(shown.data, CTX);
    expect(tx.signatures).toHaveLength(2);
    for (const entry of tx.signatures!) {
      const key = shown.multisigAsset.publicKeys[Number.parseInt(entry.slice(0, 2), 16)]!;
      expect(schnorrVerify(multiSignatureSigningHash(tx), fromHex(entry.slice(2)), fromHex(key))).toBe(true);
    }
    // The next co-signer is not refused.
    expect((await call(port, 'POST', '/transaction', { body: body(spend([2])) })).status).toBe(200);
  });
});

describe('4. reading and deleting anyone’s proposals', () => {
  it('needs a fresh proof by a participant, for this action on this proposal', async () => {
    const { port } = await serve();
    const { id } = (await call(port, 'POST', '/transaction', { body: body(spend([0])) })).json() as {
      id: string;
    };
    const stranger = 'musig stranger who knows a key';
    const show = (headers: Record<string, string> = {}) =>
      call(port, 'GET', `/transaction/${id}`, { headers });
    const auth = (value: string) => ({ 'x-musig-auth': value });

    expect((await show()).status).toBe(401);
    expect((await call(port, 'GET', `/transactions?publicKey=${VICTIM_KEY}`)).status).toBe(401);
    expect((await call(port, 'DELETE', `/transactions/${id}`)).status).toBe(401);
    const rpcDelete = await call(port, 'POST', '/', {
      body: { jsonrpc: '2.0', id: 1, method: 'delete', params: { id } },
    });
    expect(rpcDelete.json()).toMatchObject({ error: { code: 401 } });
    // A stranger's own valid proof lists nothing of theirs and reads nothing.
    expect((await show(auth(proof([stranger], 'show', id)))).status).toBe(403);
    const strangerList = await call(port, 'GET', `/transactions?publicKey=${VICTIM_KEY}`, {
      headers: auth(proof([stranger], 'list', VICTIM_KEY)),
    });
    expect(strangerList.json()).toEqual([]);
    expect(
      (await call(port, 'DELETE', `/transactions/${id}`, { headers: auth(proof([stranger], 'delete', id)) }))
        .status,
    ).toBe(403);
    // A participant's proof: for another action, or ten minutes old, proves nothing.
    expect(
      (await call(port, 'DELETE', `/transactions/${id}`, { headers: auth(proof([VICTIM], 'show', id)) }))
        .status,
    ).toBe(401);
    expect((await show(auth(proof([VICTIM], 'show', id, Date.now() - 600_000)))).status).toBe(401);
    expect((await show(auth(proof([VICTIM], 'show', id)))).status).toBe(200);
    expect(
      (await call(port, 'DELETE', `/transactions/${id}`, { headers: auth(proof([VICTIM], 'delete', id)) }))
        .status,
    ).toBe(204);
  });

  it('lets no web page send a DELETE (CORS), and the localnet server answers its app only', async () => {
    const open = await serve();
    const preflight = await call(open.port, 'OPTIONS', `/transactions/${'a'.repeat(64)}`, {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'DELETE' },
    });
    expect(String(preflight.headers['access-control-allow-methods'] ?? '')).not.toMatch(/DELETE/);
    const local = await serve({}, { localOnly: true });
    const fromPage = await call(local.port, 'GET', '/transactions', {
      headers: { origin: 'https://evil.example' },
    });
    expect(fromPage.status).toBe(403);
    expect(fromPage.headers['access-control-allow-origin']).toBeUndefined();
    const rebound = await call(local.port, 'GET', '/transactions', {
      headers: { host: `evil.example:${local.port}` },
    });
    expect(rebound.status).toBe(403);
    expect((await call(local.port, 'GET', '/transactions')).status).toBe(200);
  });
});

describe('5. squatting a wallet’s pending slots', () => {
  /** A node of the network that knows the 2-of-3 wallet, registered with ASSET, at `nonce`. */
  async function node(nonce: { value: number }): Promise<string> {
    const address = addressFromPublicKey(MULTI_KEY, CTX.network.network.pubKeyHash);
    const server = createServer((req, response) => {
      response.setHeader('content-type', 'application/json');
      if (req.url === `/api/wallets/${address}`) {
        response.end(
          JSON.stringify({
            data: {
              address,
              publicKey: MULTI_KEY,
              balance: '100000000000',
              nonce: String(nonce.value),
              attributes: { multiSignature: ASSET },
            },
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Wallet not found' }));
    });
    others.push(server);
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  it('refuses a used nonce and a forged wallet, so the wallet’s real next proposal goes in', async () => {
    const nonce = { value: 3 };
    const { port, rules } = await serve({}, { wallets: nodeWalletLookup(await node(nonce), CTX) });
    for (const used of [1n, 2n, 3n]) {
      const answer = await call(port, 'POST', '/transaction', { body: body(spend([0], used)) });
      expect(answer.status).toBe(422);
      expect((answer.json() as { message: string }).message).toMatch(new RegExp(`nonce ${used} is used`));
    }
    const forged = await call(port, 'POST', '/transaction', { body: invitation(1) });
    expect(forged.status).toBe(422);
    expect((forged.json() as { message: string }).message).toMatch(
      /not a multisignature wallet of this asset/,
    );
    // The wallet is registered: registering it again never goes through (ARK's MultiSignatureAlreadyRegisteredError).
    const again = await call(port, 'POST', '/transaction', { body: body(registration([0])) });
    expect((again.json() as { message: string }).message).toMatch(/registers is registered already/);
    const next = await call(port, 'POST', '/transaction', { body: body(spend([0], 4n)) });
    expect(next.status).toBe(200);
    const { id } = next.json() as { id: string };

    // Broadcast and forged into a block elsewhere: the nonce is used, the proposal leaves, and cannot come back.
    nonce.value = 4;
    expect(await rules.sweep()).toBe(1);
    const gone = await call(port, 'GET', `/transaction/${id}`, {
      headers: { 'x-musig-auth': proof([VICTIM], 'show', id) },
    });
    expect(gone.status).toBe(404);
    expect((await call(port, 'POST', '/transaction', { body: body(spend([0, 1], 4n)) })).status).toBe(422);
  });
});

describe('interop with ARK’s server', () => {
  it('answers a list without a key with [], an unknown id with 404, a schema failure with 400', async () => {
    const { port } = await serve();
    const none = await call(port, 'GET', '/transactions');
    expect([none.status, none.json()]).toEqual([200, []]);
    expect((await call(port, 'GET', '/transaction/123')).status).toBe(404);
    expect((await call(port, 'DELETE', `/transactions/${'b'.repeat(64)}`)).status).toBe(404);
    expect(
      (await call(port, 'POST', '/transaction', { body: { data: { type: 0 }, multisigAsset: ASSET } }))
        .status,
    ).toBe(400);
    expect((await call(port, 'POST', '/transaction', { body: body(spend([])) })).status).toBe(400);
    const bad = { ...spend([0]), signatures: [`01${spend([0]).signatures![0]!.slice(2)}`] };
    expect((await call(port, 'POST', '/transaction', { body: body(bad) })).status).toBe(422);
  });
});
