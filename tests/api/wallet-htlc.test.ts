/**
 * ARK forgets a wallet's `htlc` attribute when a claim or refund brings its locked balance to zero (core-transactions
 * `handlers/two/htlc-claim.ts`); ARK Core testnet answers so for a wallet whose only lock was claimed. Votary kept
 * `htlc: {locks: {}, lockedBalance: "0"}` for such a wallet before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localnet } from '../../src/core/node/localnet';
import { sha256 } from '../../src/core/protocol/hash';
import { fromHex, toHex } from '../../src/core/protocol/hex';
import { signTransaction, type TransactionDraft } from '../../src/core/protocol/transactions';
import { VTY, faucet, startApiChain, user1, user3, type Account, type ApiChain } from './support/api-chain';

const SECRET = toHex(sha256('votary wallet htlc test secret'));
const HASH = toHex(sha256(fromHex(SECRET)));

let chain: ApiChain;

function forge(from: Account, draft: TransactionDraft): void {
  const tx = signTransaction(
    draft,
    { passphrase: from.passphrase },
    { network: localnet, height: chain.node.height + 1 },
  );
  const result = chain.node.addTransactions([tx]);
  if (result.invalid.length > 0) throw new Error(JSON.stringify(result.errors));
  chain.step();
}

async function wallet(address: string): Promise<{ attributes: Record<string, unknown> }> {
  const answer = await chain.server.publicApp.inject({
    url: `/api/wallets/${address}`,
    headers: { host: '127.0.0.1:4003' },
  });
  return answer.json<{ data: { attributes: Record<string, unknown> } }>().data;
}

async function lockers(): Promise<string[]> {
  const answer = await chain.server.publicApp.inject({
    url: '/api/wallets?attributes.htlc.lockedBalance.from=0',
    headers: { host: '127.0.0.1:4003' },
  });
  return answer.json<{ data: { address: string }[] }>().data.map((w) => w.address);
}

beforeAll(async () => {
  chain = await startApiChain();
  // user3 (funded by the chain) locks 1 VTY for user1, who claims it.
  const lock = signTransaction(
    {
      type: 8,
      nonce: 2n,
      amount: 1n * VTY,
      recipientId: user1.address,
      asset: { lock: { secretHash: HASH, expiration: { type: 2, value: chain.node.height + 1000 } } },
    },
    { passphrase: user3.passphrase },
    { network: localnet, height: chain.node.height + 1 },
  );
  chain.node.addTransactions([lock]);
  chain.step();
  expect((await wallet(user3.address)).attributes.htlc).toMatchObject({ lockedBalance: String(1n * VTY) });
  forge(user1, {
    type: 9,
    nonce: 3n,
    asset: { claim: { lockTransactionId: lock.id!, unlockSecret: SECRET } },
  });
});

afterAll(async () => {
  await chain.close();
});

describe('a wallet whose locks were all claimed', () => {
  it('has no htlc attribute, as ARK answers', async () => {
    expect((await wallet(user3.address)).attributes).not.toHaveProperty('htlc');
  });

  it('is not among the wallets with an htlc attribute', async () => {
    expect(await lockers()).not.toContain(user3.address);
    // The faucet still has open locks.
    expect(await lockers()).toContain(faucet.address);
  });
});
