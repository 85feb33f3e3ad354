/**
 * A follower's POST /transactions (routes/transactions-post.ts with a sync source): what the pool accepts for
 * relaying goes to the sync source's relay, so that it reaches the peers that forge; what it refuses does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import { localnet } from '../../src/core/node/localnet';
import { signTransaction, type TransactionData } from '../../src/core/protocol/transactions';
import { VTY, faucet, startApiChain, user2, type ApiChain } from './support/api-chain';

let chain: ApiChain;
let server: ApiServer;
const relayed: TransactionData[][] = [];

beforeAll(async () => {
  chain = await startApiChain();
  server = createApiServer({
    node: chain.node,
    sync: {
      networkHeight: () => chain.node.height + 3,
      peers: () => [],
      relay: (txs) => relayed.push([...txs]),
    },
  });
  await server.publicApp.ready();
});

afterAll(async () => {
  await server.close();
  await chain.close();
});

describe('POST /transactions on a follower', () => {
  it('relays what the pool accepted, and says so in `broadcast`', async () => {
    const transfer = signTransaction(
      { type: 0, nonce: 6n, amount: 1n * VTY, recipientId: user2.address },
      { passphrase: faucet.passphrase },
      { network: localnet, height: chain.node.height + 1 },
    );
    const wrongNonce = signTransaction(
      { type: 0, nonce: 60n, amount: 1n * VTY, recipientId: user2.address },
      { passphrase: faucet.passphrase },
      { network: localnet, height: chain.node.height + 1 },
    );
    const answer = await server.publicApp.inject({
      method: 'POST',
      url: '/api/transactions',
      headers: { host: '127.0.0.1:4003' },
      payload: {
        transactions: [transfer, wrongNonce].map((tx) => ({
          ...tx,
          amount: String(tx.amount),
          fee: String(tx.fee),
          nonce: String(tx.nonce),
        })),
      },
    });
    const body = answer.json<{ data: { broadcast: string[]; invalid: string[] } }>();
    expect(body.data.broadcast).toEqual([transfer.id]);
    expect(body.data.invalid).toEqual([wrongNonce.id]);
    expect(relayed.map((batch) => batch.map((tx) => tx.id))).toEqual([[transfer.id]]);
  });

  it('tells the sync on /node/status and /node/syncing', async () => {
    const status = await server.publicApp.inject({
      url: '/api/node/syncing',
      headers: { host: '127.0.0.1:4003' },
    });
    expect(status.json()).toMatchObject({ data: { syncing: true, blocks: 3, height: chain.node.height } });
  });
});
