/**
 * One read model (docs/design/architecture.md "Chain access"): for every ChainReader method, the node's own
 * ChainQueries (what a LocalChain reads) and NodeClient over the node's public API (what any other reader of it
 * gets) answer the same records, and the same not-found. The chains are real localnet chains forged by the node:
 * the DPoS chain (transfers, a multipayment, an HTLC lock, votes, delegate registrations and a resignation, a
 * second signature, a multisignature wallet, an IPFS hash, an entity) and the lock and entity chain (HTLC claims
 * and refunds, entity updates and resignations), so every transaction type passes through both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeClient, isNotFound } from '../../src/core/client';
import type { ChainReader, ListQuery } from '../../src/core/domain';
import type { TransactionData } from '../../src/core/protocol/transactions';
import type { ApiChain } from '../api/support/api-chain';
import { startDposChain, type DposChain } from '../api/support/dpos-chain';
import { startLockEntityChain, type LockEntityChain } from '../api/support/lock-entity-chain';
import { inProcessFetch } from '../support/in-process-fetch';

const MISSING_ID = 'ab'.repeat(32);
const MISSING_ADDRESS = 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib';

/** The reads of one chain, each call on both readers: a key per ChainReader method, so none is left out. */
type Calls = { [K in keyof ChainReader]: (reader: ChainReader) => Promise<unknown>[] };

function callsFor(chain: ApiChain, transactions: readonly TransactionData[]): Calls {
  const { txs } = chain;
  const delegate = txs.registration.senderPublicKey;
  const page = (query: ListQuery) => [query, { ...query, page: 2, limit: 3 }];
  const lists = (list: (query: ListQuery) => Promise<unknown>, ...queries: ListQuery[]) =>
    [{}, ...queries].flatMap(page).map(list);
  return {
    configuration: (r) => [r.configuration()],
    cryptoConfiguration: (r) => [r.cryptoConfiguration()],
    status: (r) => [r.status()],
    syncing: (r) => [r.syncing()],
    fees: (r) => [r.fees(), r.fees(7), r.fees(30)],
    staticFees: (r) => [r.staticFees()],
    blockchain: (r) => [r.blockchain()],
    lastBlock: (r) => [r.lastBlock()],
    block: (r) => [
      r.block(1),
      r.block(chain.heights.transfers),
      r.block(String(chain.node.height)),
      r.block(MISSING_ID),
    ],
    blocks: (r) =>
      lists(
        (query) => r.blocks(query),
        { orderBy: 'height:asc' },
        { 'height.from': 2, 'height.to': 6, orderBy: 'height:asc' },
        { generatorPublicKey: chain.node.lastBlock().generatorPublicKey },
      ),
    transactions: (r) =>
      lists(
        (query) => r.transactions(query),
        { type: 3 },
        { typeGroup: 2 },
        { senderId: chain.txs.user3Transfer.recipientId! },
        { recipientId: chain.txs.helloTransfer.recipientId! },
        { orderBy: 'amount:desc' },
      ),
    transaction: (r) => [...transactions.map((tx) => r.transaction(tx.id!)), r.transaction(MISSING_ID)],
    unconfirmedTransactions: (r) =>
      lists((query) => r.unconfirmedTransactions(query), { orderBy: 'fee:desc' }),
    unconfirmedTransaction: (r) => [
      r.unconfirmedTransaction(txs.pending.id!),
      r.unconfirmedTransaction(MISSING_ID),
    ],
    wallet: (r) => [
      ...accounts(transactions).map((id) => r.wallet(id)),
      r.wallet('api_user2'),
      r.wallet(MISSING_ADDRESS),
    ],
    wallets: (r) => lists((query) => r.wallets(query), { orderBy: 'nonce:desc' }),
    walletTransactions: (r) => [
      ...accounts(transactions).map((id) => r.walletTransactions(id)),
      r.walletTransactions(MISSING_ADDRESS),
    ],
    walletVotes: (r) => [
      ...accounts(transactions).map((id) => r.walletVotes(id)),
      r.walletVotes(MISSING_ADDRESS),
    ],
    walletLocks: (r) => [
      ...accounts(transactions).map((id) => r.walletLocks(id)),
      r.walletLocks(MISSING_ADDRESS),
    ],
    delegates: (r) => lists((query) => r.delegates(query), { username: '%api%' }, { orderBy: 'votes:desc' }),
    delegate: (r) => [r.delegate(delegate), r.delegate('api_user2'), r.delegate(MISSING_ADDRESS)],
    delegateVoters: (r) => [
      r.delegateVoters(delegate),
      r.delegateVoters(chain.node.lastBlock().generatorPublicKey),
    ],
    delegateBlocks: (r) => [
      r.delegateBlocks(chain.node.lastBlock().generatorPublicKey),
      r.delegateBlocks(chain.node.lastBlock().generatorPublicKey, { page: 2, limit: 1 }),
      r.delegateBlocks(MISSING_ADDRESS),
    ],
    locks: (r) => lists((query) => r.locks(query), { orderBy: 'amount:desc' }),
    lock: (r) => [
      ...transactions.filter((tx) => tx.type === 8 && tx.typeGroup === 1).map((tx) => r.lock(tx.id!)),
      r.lock(MISSING_ID),
    ],
    unlockingTransactions: (r) => [
      r.unlockingTransactions(transactions.filter((tx) => tx.type === 8).map((tx) => tx.id!)),
      r.unlockingTransactions([MISSING_ID]),
    ],
    peers: (r) => [r.peers()],
    roundDelegates: (r) => [r.roundDelegates(1), r.roundDelegates(2), r.roundDelegates(10_000)],
  };
}

/** Every sender's public key and every recipient's address: wallets of each kind the chain made. */
function accounts(transactions: readonly TransactionData[]): string[] {
  const ids = transactions.flatMap((tx) => [tx.senderPublicKey, ...(tx.recipientId ? [tx.recipientId] : [])]);
  return [...new Set(ids)];
}

/** An answer without what only HTTP has: a page's links (a reader in this process has no URL to repeat). */
function comparable(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('meta' in value) || !('data' in value)) return value;
  const {
    next: _n,
    previous: _p,
    self: _s,
    first: _f,
    last: _l,
    ...meta
  } = value.meta as Record<string, unknown>;
  return { meta, data: value.data };
}

type Settled = PromiseSettledResult<unknown>;

function expectSame(method: string, index: number, local: Settled, remote: Settled): void {
  const label = `${method} #${index}`;
  if (remote.status === 'rejected') {
    expect(local.status, `${label}: the API answered ${String(remote.reason)}`).toBe('rejected');
    const reason = (local as PromiseRejectedResult).reason as unknown;
    expect(isNotFound(reason), `${label}: ${String(reason)}`).toBe(isNotFound(remote.reason));
    expect((reason as Error).message, label).toBe((remote.reason as Error).message);
    return;
  }
  expect(local.status, `${label}: ${String((local as PromiseRejectedResult).reason)}`).toBe('fulfilled');
  expect(comparable((local as PromiseFulfilledResult<unknown>).value), label).toEqual(
    comparable(remote.value),
  );
}

function conformance(start: () => Promise<ApiChain>, transactionsOf: (chain: ApiChain) => TransactionData[]) {
  let chain: ApiChain;
  let client: NodeClient;

  beforeAll(async () => {
    chain = await start();
    client = new NodeClient(['http://127.0.0.1:4003/api'], { fetch: inProcessFetch(chain.server.publicApp) });
  }, 120_000);
  afterAll(() => chain?.close());

  it('answers every reader method as NodeClient over the public API does', async () => {
    const calls = callsFor(chain, transactionsOf(chain));
    for (const [method, call] of Object.entries(calls) as [keyof Calls, Calls[keyof Calls]][]) {
      const local = await Promise.allSettled(call(chain.server.queries));
      const remote = await Promise.allSettled(call(client));
      expect(local.length, method).toBeGreaterThan(0);
      local.forEach((answer, index) => expectSame(method, index, answer, remote[index]!));
    }
    expect(chain.serverErrors).toEqual([]);
  });
}

const baseTransactions = (chain: ApiChain): TransactionData[] =>
  Object.values<TransactionData>({ ...chain.txs }).filter((tx) => tx !== chain.txs.pending);

describe('ChainQueries and NodeClient over the API: the DPoS chain', () => {
  conformance(startDposChain, (chain) => [
    ...baseTransactions(chain),
    ...Object.values<TransactionData>({ ...(chain as DposChain).dpos }),
  ]);
});

describe('ChainQueries and NodeClient over the API: the lock and entity chain', () => {
  conformance(startLockEntityChain, (chain) => [
    ...baseTransactions(chain),
    ...Object.values<TransactionData>({ ...(chain as LockEntityChain).more }),
  ]);
});
