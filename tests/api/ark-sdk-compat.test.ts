/**
 * Compatibility with ARK's published client libraries: the API, listening on ephemeral ports over a
 * real localnet chain, is driven by `@arkecosystem/client` 3.x, and transactions built and signed by
 * `@arkecosystem/crypto` 3.x — configured the way an ARK application does it, from the node's own
 * /node/configuration/crypto — are broadcast through the SDK, accepted, and forged into blocks. Both packages are
 * dev dependencies only; nothing in Votary imports them.
 */
// Must stay first: selects bcrypto's JS backend before @arkecosystem/crypto loads it.
import './support/bcrypto-js-backend';
import { Connection } from '@arkecosystem/client';
import { Identities, Managers, Transactions } from '@arkecosystem/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiServer, type ApiServer } from '../../src/core/api';
import {
  SECRET_HASH,
  VTY,
  faucet,
  startApiChain,
  user1,
  votedDelegate,
  type ApiChain,
} from './support/api-chain';
import { at, items } from './support/http';

let chain: ApiChain;
let server: ApiServer;
let client: Connection;

/** The SDK's answer body (it types bodies loosely; the assertions below check every value they use). */
type Body = Record<string, unknown>;
const bodyOf = (response: { body: unknown }): Body => response.body as Body;

beforeAll(async () => {
  chain = await startApiChain();
  server = createApiServer({
    node: chain.node,
    publicPort: 0,
    port: 0,
    now: () => chain.clock.now,
    onServerError: (error) => chain.serverErrors.push(error),
  });
  const { publicUrl } = await server.listen();
  client = new Connection(publicUrl);
});
afterAll(async () => {
  expect(chain?.serverErrors).toEqual([]);
  await server?.close();
  await chain?.close();
});

const newcomer = 'votary sdk compatibility newcomer passphrase';

describe('@arkecosystem/crypto configured from the node', () => {
  it('takes /node/configuration/crypto as its network config', async () => {
    const config = bodyOf(await client.api('node').crypto()).data as Parameters<
      typeof Managers.configManager.setConfig
    >[0];
    Managers.configManager.setConfig(config);
    Managers.configManager.setHeight(chain.node.height);
    const configuration = bodyOf(await client.api('node').configuration());
    expect(Managers.configManager.get('network.nethash')).toBe(at(configuration, 'data', 'nethash'));
    expect(Identities.Address.fromPassphrase(faucet.passphrase)).toBe(faucet.address);
    expect(Identities.PublicKey.fromPassphrase(faucet.passphrase)).toBe(faucet.publicKey);
  });

  it('verifies every transaction the node forged (raw JSON → TransactionFactory)', async () => {
    const raw = items(bodyOf(await client.api('transactions').all({ transform: false, limit: 100 })), 'data');
    expect(raw.length).toBeGreaterThan(5);
    for (const data of raw) {
      const tx = Transactions.TransactionFactory.fromJson(
        data as Parameters<typeof Transactions.TransactionFactory.fromJson>[0],
      );
      expect(tx.id).toBe(at(data, 'id'));
      expect(tx.verify()).toBe(true);
    }
  });
});

describe('@arkecosystem/client reads the chain', () => {
  it('blocks: all, first, last, get, transactions', async () => {
    const blocks = client.api('blocks');
    const list = bodyOf(await blocks.all({ limit: 2 }));
    expect(at(list, 'meta', 'totalCount')).toBe(chain.node.height);
    expect(items(list, 'data').map((block) => at(block, 'height'))).toEqual([
      chain.node.height,
      chain.node.height - 1,
    ]);
    expect(at(bodyOf(await blocks.first()), 'data', 'height')).toBe(1);
    expect(at(bodyOf(await blocks.last()), 'data', 'height')).toBe(chain.node.height);
    const block = bodyOf(await blocks.get(String(chain.heights.transfers)));
    expect(at(block, 'data', 'transactions')).toBe(5);
    const txs = bodyOf(await blocks.transactions(String(at(block, 'data', 'id')), { limit: 10 }));
    expect(at(txs, 'meta', 'totalCount')).toBe(5);
  });

  it('transactions: all with filters, get, unconfirmed, fees, types, schemas', async () => {
    const transactions = client.api('transactions');
    const sent = bodyOf(await transactions.all({ senderId: faucet.address, type: 0 }));
    expect(at(sent, 'meta', 'totalCount')).toBe(3);
    const one = bodyOf(await transactions.get(chain.txs.helloTransfer.id!));
    expect(at(one, 'data', 'vendorField')).toBe('hello world');
    const pending = bodyOf(await transactions.allUnconfirmed());
    expect(items(pending, 'data').map((tx) => at(tx, 'id'))).toEqual([chain.txs.pending.id]);
    expect(at(bodyOf(await transactions.getUnconfirmed(chain.txs.pending.id!)), 'data', 'id')).toBe(
      chain.txs.pending.id,
    );
    expect(at(bodyOf(await transactions.fees()), 'data', '1', 'transfer')).toBe('10000000');
    expect(at(bodyOf(await transactions.types()), 'data', '1', 'Transfer')).toBe(0);
    expect(at(bodyOf(await transactions.schemas()), 'data', '1', '0')).toBeTypeOf('object');
  });

  it('node: configuration, status, syncing, fees; peers', async () => {
    const node = client.api('node');
    expect(at(bodyOf(await node.configuration()), 'data', 'token')).toBe('VTY');
    expect(at(bodyOf(await node.status()), 'data', 'synced')).toBe(true);
    expect(at(bodyOf(await node.syncing()), 'data', 'height')).toBe(chain.node.height);
    expect(at(bodyOf(await node.fees(7)), 'meta', 'days')).toBe(7);
    expect(at(bodyOf(await client.api('peers').all()), 'meta', 'totalCount')).toBe(0);
  });

  it('wallets, delegates, votes, locks', async () => {
    const wallet = bodyOf(await client.api('wallets').get(user1.address));
    expect(at(wallet, 'data', 'address')).toBe(user1.address);
    expect(at(wallet, 'data', 'attributes', 'vote')).toBe(votedDelegate.publicKey);
    expect(items(bodyOf(await client.api('wallets').all({ limit: 3 })), 'data')).toHaveLength(3);
    expect(at(bodyOf(await client.api('wallets').votes(user1.address)), 'meta', 'totalCount')).toBe(1);
    const delegates = bodyOf(await client.api('delegates').all({ limit: 100 }));
    expect(items(delegates, 'data').map((d) => at(d, 'username'))).toContain('api_user2');
    const delegate = bodyOf(await client.api('delegates').get('api_user2'));
    expect(at(delegate, 'data', 'username')).toBe('api_user2');
    expect(
      at(bodyOf(await client.api('votes').all({ senderPublicKey: user1.publicKey })), 'meta', 'totalCount'),
    ).toBe(1);
    expect(at(bodyOf(await client.api('votes').get(chain.txs.vote.id!)), 'data', 'id')).toBe(
      chain.txs.vote.id,
    );
    const locks = bodyOf(await client.api('locks').all());
    expect(items(locks, 'data').map((lock) => at(lock, 'secretHash'))).toEqual([SECRET_HASH]);
    expect(at(bodyOf(await client.api('locks').get(chain.txs.lock.id!)), 'data', 'isExpired')).toBe(false);
    const unlocked = bodyOf(await client.api('locks').unlocked({ ids: [chain.txs.lock.id!] }));
    expect(at(unlocked, 'meta', 'totalCount')).toBe(0);
  });

  it('errors come back as the SDK’s RequestError with ARK’s body', async () => {
    await expect(client.api('blocks').get('999999')).rejects.toMatchObject({
      response: { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Block not found' } },
    });
  });
});

describe('transactions built by @arkecosystem/crypto, broadcast through @arkecosystem/client', () => {
  async function broadcast(txs: { toJson(): object; id?: string }[]): Promise<void> {
    const answer = bodyOf(
      await client.api('transactions').create({ transactions: txs.map((tx) => tx.toJson()) }),
    );
    expect(at(answer, 'errors')).toBeUndefined();
    expect(at(answer, 'data', 'accept')).toEqual(txs.map((tx) => tx.id));
    chain.step();
    for (const tx of txs) {
      const confirmed = bodyOf(await client.api('transactions').get(tx.id!));
      expect(at(confirmed, 'data', 'confirmations')).toBe(1);
    }
  }

  it('a transfer with a memo, a multipayment and an HTLC lock are accepted and forged', async () => {
    Managers.configManager.setHeight(chain.node.height + 1);
    const wallet = bodyOf(await client.api('wallets').get(faucet.address));
    const nonce = BigInt(String(at(wallet, 'data', 'nonce')));
    const recipient = Identities.Address.fromPassphrase(newcomer);
    const transfer = Transactions.BuilderFactory.transfer()
      .recipientId(recipient)
      .amount((100n * VTY).toString())
      .vendorField('from the ARK SDK')
      .nonce((nonce + 1n).toString())
      .sign(faucet.passphrase)
      .build();
    const multiPayment = Transactions.BuilderFactory.multiPayment()
      .addPayment(recipient, (1n * VTY).toString())
      .addPayment(user1.address, (2n * VTY).toString())
      .nonce((nonce + 2n).toString())
      .sign(faucet.passphrase)
      .build();
    const lock = Transactions.BuilderFactory.htlcLock()
      .htlcLockAsset({ secretHash: SECRET_HASH, expiration: { type: 2, value: chain.node.height + 500 } })
      .recipientId(user1.address)
      .amount((1n * VTY).toString())
      .nonce((nonce + 3n).toString())
      .sign(faucet.passphrase)
      .build();
    await broadcast([transfer, multiPayment, lock]);

    const received = bodyOf(await client.api('wallets').get(recipient));
    expect(at(received, 'data', 'balance')).toBe((101n * VTY).toString());
    const memo = bodyOf(await client.api('transactions').all({ vendorField: 'from the ARK SDK' }));
    expect(items(memo, 'data').map((tx) => at(tx, 'id'))).toEqual([transfer.id]);
    const locks = bodyOf(await client.api('wallets').locks(faucet.address));
    expect(items(locks, 'data').map((item) => at(item, 'lockId'))).toContain(lock.id);
  });

  it('a new wallet registers as a delegate and votes for itself', async () => {
    Managers.configManager.setHeight(chain.node.height + 1);
    const publicKey = Identities.PublicKey.fromPassphrase(newcomer);
    const registration = Transactions.BuilderFactory.delegateRegistration()
      .usernameAsset('ark_sdk_delegate')
      .nonce('1')
      .sign(newcomer)
      .build();
    await broadcast([registration]);
    const vote = Transactions.BuilderFactory.vote()
      .votesAsset([`+${publicKey}`])
      .nonce('2')
      .sign(newcomer)
      .build();
    await broadcast([vote]);

    const delegate = bodyOf(await client.api('delegates').get('ark_sdk_delegate'));
    expect(at(delegate, 'data', 'publicKey')).toBe(publicKey);
    const voters = bodyOf(await client.api('delegates').voters('ark_sdk_delegate'));
    expect(items(voters, 'data').map((voter) => at(voter, 'publicKey'))).toEqual([publicKey]);
  });

  it('a bad signature is reported in the SDK’s answer, not forged', async () => {
    const wallet = bodyOf(await client.api('wallets').get(faucet.address));
    const nonce = BigInt(String(at(wallet, 'data', 'nonce')));
    const json = Transactions.BuilderFactory.transfer()
      .recipientId(user1.address)
      .amount('1')
      .nonce((nonce + 1n).toString())
      .sign(faucet.passphrase)
      .getStruct();
    const forged = { ...json, amount: '2' };
    const answer = bodyOf(await client.api('transactions').create({ transactions: [forged] }));
    expect(at(answer, 'data', 'invalid')).toEqual([json.id]);
    expect(at(answer, 'errors', json.id!, 'type')).toBeTypeOf('string');
  });
});
