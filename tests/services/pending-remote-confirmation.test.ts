/**
 * A remote node's answer about a sent transaction is a claim, not a fact (docs/design/security.md "Remote nodes").
 * The pending list takes a confirmation only from an answer about this very transaction — same id, sender, nonce,
 * amount, recipient and type as the app signed; anything else is the node's bad answer, said in the entry's reason
 * while it keeps waiting. A remote's claim is worded as that node's report and read again on every block until it
 * is a round deep; when CLAIM_MISSES checks in a row find it in no block, the entry waits again (remote-claims.ts,
 * pending-answer.ts).
 */
import { describe, expect, it } from 'vitest';
import { CLAIM_MISSES } from '../../src/core/services/transactions/remote-claims';
import type { PendingView } from '../../src/shared/domain/transactions';
import { transactionFixture } from '../client/support/fake-node';
import { call, nextEvent, reviewAndSend } from './support';
import { remoteWorld, SENDER, type RemoteWorld } from './support/remote-setup';

/** Sends 1 arktoshi to the wallet itself; answers the pending entry and the signed JSON the node received. */
async function sendOne({ core, node, wallet }: RemoteWorld) {
  const sent = await reviewAndSend(core, wallet.id, {
    kind: 'transfer',
    recipientId: wallet.address,
    amount: '1',
  });
  expect(sent.accepted).toBe(true);
  const json = node.posted.flatMap((body) => body.transactions).find((tx) => tx['id'] === sent.id)!;
  return { sent, json, sentHeight: node.height };
}

/** Makes the node answer `/transactions/<id>` with `record` in a block of its own at `height`. */
function inBlock(node: RemoteWorld['node'], id: string, record: Record<string, unknown>, height: number) {
  const blockId = `${height.toString(16)}`.padStart(64, 'b');
  node.on('GET', new RegExp(`^/api/transactions/${id}$`), () => ({
    data: { ...record, blockId, confirmations: 1 },
  }));
  node.on('GET', new RegExp(`^/api/blocks/${blockId}$`), () => ({
    data: {
      id: blockId,
      version: 0,
      height,
      forged: { reward: '0', fee: '0', amount: '0', total: '0' },
      payload: { hash: 'a6'.repeat(32), length: 0 },
      generator: { address: SENDER, publicKey: '02'.padEnd(66, '0') },
      confirmations: 1,
      transactions: 1,
      timestamp: { epoch: 1, unix: 1, human: 'x' },
    },
  }));
}

/** The transaction as ARK Core's API gives it once forged (core-api `resources/transaction.ts`). */
function forged(json: Record<string, unknown>) {
  return {
    id: json['id'],
    version: json['version'],
    type: json['type'],
    typeGroup: json['typeGroup'] ?? 1,
    amount: json['amount'],
    fee: json['fee'],
    sender: SENDER,
    senderPublicKey: json['senderPublicKey'],
    recipient: json['recipientId'] ?? SENDER,
    signature: json['signature'],
    nonce: json['nonce'],
  };
}

/** The next report of the entry `id` as confirmed. */
const confirmedEvent = (w: RemoteWorld, id: string) =>
  nextEvent<PendingView>(w.core, 'tx:status', (p) => p.id === id && p.status === 'confirmed');

const notFound = (node: RemoteWorld['node'], id: string) =>
  node.on('GET', new RegExp(`^/api/transactions/${id}$`), (_r, reply) =>
    reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Transaction not found' }),
  );

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !done(); await pause(20)) {
    if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms: ${what}`);
  }
}

describe('pending list vs a remote node that claims a transaction is in a block', () => {
  const world = remoteWorld({ pollMs: 100 });

  it('a different transaction in the answer confirms nothing, and a withdrawn claim does not stay confirmed', async () => {
    const { core, node, wallet } = world();
    const sent = await reviewAndSend(core, wallet.id, {
      kind: 'transfer',
      recipientId: wallet.address,
      amount: '1',
    });
    expect(sent.accepted).toBe(true);
    expect(sent.id).not.toBe(transactionFixture.id);

    // The node answers every id with some other transaction (another id, sender, amount), in block 4_999_000.
    node.on('GET', /^\/api\/transactions\/(?!unconfirmed)([^/]+)$/, () => ({ data: transactionFixture }));
    node.on('GET', /^\/api\/blocks\/([^/]+)$/, (_r, _reply, m) => ({
      data: {
        id: m[1],
        version: 0,
        height: 4_999_000,
        forged: { reward: '0', fee: '0', amount: '0', total: '0' },
        payload: { hash: 'a6'.repeat(32), length: 0 },
        generator: { address: wallet.address, publicKey: '02'.padEnd(66, '0') },
        confirmations: 1001,
        transactions: 1,
        timestamp: { epoch: 1, unix: 1, human: 'x' },
      },
    }));
    const confirmed = nextEvent<PendingView>(
      core,
      'tx:status',
      (p) => p.id === sent.id && p.status === 'confirmed',
      5_000,
    );
    node.height += 1;
    const claim = await confirmed.catch(() => undefined);

    // Then it stops lying: the transaction is in no block and no pool, and the chain goes on.
    node.on('GET', /^\/api\/transactions\/(?!unconfirmed)([^/]+)$/, (_r, reply) =>
      reply.code(404).send({ statusCode: 404, error: 'Not Found', message: 'Transaction not found' }),
    );
    for (let i = 0; i < 5; i++) {
      node.height += 1;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    const now = await call(core, 'tx:pending', { networkId: world().networkId });
    const entry = now.find((p) => p.id === sent.id);

    // A transaction must not be confirmed by an answer about another transaction, …
    expect
      .soft(claim, `confirmed by an answer about ${transactionFixture.id}: ${claim?.statusText ?? ''}`)
      .toBeUndefined();
    // … and a claim the node withdraws must not stay "confirmed".
    expect.soft(entry?.status, entry?.statusText).not.toBe('confirmed');
    // (The block it was "confirmed" in, 4_999_000, is even below the height it was broadcast at, 5_000_000.)
  });

  it("takes the node's answer about this very transaction as that node's report, and drops it when withdrawn", async () => {
    const w = world();
    const { sent, json, sentHeight } = await sendOne(w);
    const host = new URL(w.node.url).host;
    const reported = confirmedEvent(w, sent.id);
    inBlock(w.node, sent.id, forged(json), sentHeight + 1);
    w.node.height += 1;
    const claim = await reported;
    expect(claim.height).toBe(sentHeight + 1);
    expect(claim.reportedBy).toBe(host);
    expect(claim.statusText).toMatch(`${host} reports it in block ${sentHeight + 1} (`);

    // Then the node has it in no block. One such answer may be a lagging peer's: the claim stands …
    const withdrawn = nextEvent<PendingView>(
      w.core,
      'tx:status',
      (p) => p.id === sent.id && p.status !== 'confirmed',
    );
    notFound(w.node, sent.id);
    const path = `/api/transactions/${sent.id}`;
    const reads = () => w.node.hits.get(path) ?? 0;
    for (let check = 1; check < CLAIM_MISSES; check++) {
      const before = reads();
      w.node.height += 1;
      await until(() => reads() > before, `check ${check} read the claim again`);
    }
    await pause(100);
    const standing = (await call(w.core, 'tx:pending', { networkId: w.networkId })).find(
      (p) => p.id === sent.id,
    );
    expect(standing?.status).toBe('confirmed');
    // … until CLAIM_MISSES checks in a row found it nowhere: it waits again.
    w.node.height += 1;
    const back = await withdrawn;
    expect(back.status).toBe('broadcast');
    expect(back.height).toBeUndefined();
    expect(back.reason).toBe(
      `${host} reported it in block ${sentHeight + 1}, but the network's nodes no longer answer with it there: it is waiting to be seen in a block again.`,
    );
    // Waiting again, it can be sent again.
    expect((await call(w.core, 'tx:rebroadcast', { id: sent.id })).broadcastCount).toBe(2);
  });

  it('says in the reason what the answer got wrong, and keeps waiting', async () => {
    const w = world();
    const { sent, json, sentHeight } = await sendOne(w);
    const host = new URL(w.node.url).host;
    const said = (words: string) =>
      nextEvent<PendingView>(
        w.core,
        'tx:status',
        (p) => p.id === sent.id && (p.reason ?? '').includes(words),
      );

    // This transaction's id, but another amount.
    const answer = said('another amount');
    inBlock(w.node, sent.id, { ...forged(json), amount: '100000000000' }, sentHeight + 1);
    w.node.height += 1;
    expect((await answer).reason).toBe(
      `${host} answered with this transaction's id but another amount, so that answer does not count: it is still waiting to be seen in a block.`,
    );

    // This very transaction, in a block below the height the node said it had at sending: that height was the
    // node's word, no floor for its later answers (pending-answer.ts) — the answer is taken as its report.
    const reported = confirmedEvent(w, sent.id);
    inBlock(w.node, sent.id, forged(json), sentHeight - 1);
    w.node.height += 1;
    const below = await reported;
    expect(below.statusText).toMatch(`${host} reports it in block ${sentHeight - 1} (`);
  });

  it('a claim a round deep (51 blocks on devnet) is settled and no longer read', async () => {
    const w = world();
    const { sent, json, sentHeight } = await sendOne(w);
    const reported = confirmedEvent(w, sent.id);
    inBlock(w.node, sent.id, forged(json), sentHeight + 1);
    w.node.height += 1;
    expect((await reported).confirmationFinal).toBe(false);
    const path = `/api/transactions/${sent.id}`;
    const hits = (route: string) => w.node.hits.get(route) ?? 0;
    const polls = () => hits('/api/node/syncing');
    const claimed = hits(path);

    // Still read while fewer than 51 blocks are on top of it: once more at the check that finds it 51 deep, which
    // says it is final (a vote waits for that after its unvote, vote-steps.ts) …
    const final = nextEvent<PendingView>(w.core, 'tx:status', (p) => p.id === sent.id && p.confirmationFinal);
    w.node.height += 50;
    await until(() => hits(path) > claimed, 'read again at 51 confirmations');
    expect((await final).status).toBe('confirmed');
    await pause(100);
    const reads = hits(path);
    // … and no more after that, even if the node then says it has it in no block.
    notFound(w.node, sent.id);
    for (let i = 0; i < 3; i++) {
      w.node.height += 1;
      const before = polls();
      await until(() => polls() >= before + 2, 'the node polled at its new height');
    }
    await pause(100);
    expect(w.node.hits.get(path)).toBe(reads);
    const entry = (await call(w.core, 'tx:pending', { networkId: w.networkId })).find(
      (p) => p.id === sent.id,
    );
    expect(entry?.status).toBe('confirmed');
  });
});
