/**
 * A real localnet chain for the API tests: a LocalNode (no slot timer) driven by a fake clock forges blocks
 * holding transfers (with vendor fields), a multipayment, an HTLC lock, a vote and a delegate registration, and
 * leaves one transaction in the pool. The public API and the secondary interface are served over it with
 * fastify's `inject` (no sockets).
 */
import { nodeParts } from '../../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiServer, type ApiServer, type RateLimitOptions } from '../../../src/core/api';
import { localnet, localnetWallet, localnetWallets } from '../../../src/core/node/localnet';
import { LocalNode } from '../../../src/core/node/node';
import { addressFromPassphrase, keyPairFromPassphrase } from '../../../src/core/protocol/crypto';
import { sha256 } from '../../../src/core/protocol/hash';
import { toHex } from '../../../src/core/protocol/hex';
import { epochUnixMs, milestoneAt } from '../../../src/core/protocol/networks';
import {
  signTransaction,
  type TransactionData,
  type TransactionDraft,
} from '../../../src/core/protocol/transactions';

export const VTY = 100_000_000n;
export const PUBLIC_HOST = '127.0.0.1:4003';
export const SECONDARY_HOST = '127.0.0.1:4004';

export interface Account {
  passphrase: string;
  publicKey: string;
  address: string;
}

function account(passphrase: string): Account {
  return {
    passphrase,
    publicKey: toHex(keyPairFromPassphrase(passphrase).publicKey),
    address: addressFromPassphrase(passphrase, localnet.network.pubKeyHash),
  };
}

export const faucet: Account = account(localnetWallet('faucet').passphrase);
export const users = [
  account('votary api test user 1'),
  account('votary api test user 2'),
  account('votary api test user 3'),
] as const;
export const [user1, user2, user3] = users;
export const votedDelegate = localnetWallets().find((w) => w.role === 'delegate')!;
export const SECRET_HASH = toHex(sha256('votary api test secret, 32 chars'));

/** The transactions the chain holds, by role, for assertions. */
export interface ChainTransactions {
  helloTransfer: TransactionData;
  wildTransfer: TransactionData;
  user3Funding: TransactionData;
  multiPayment: TransactionData;
  lock: TransactionData;
  vote: TransactionData;
  registration: TransactionData;
  user3Transfer: TransactionData;
  pending: TransactionData;
}

export interface ApiChain {
  node: LocalNode;
  server: ApiServer;
  txs: ChainTransactions;
  /** Height → which block holds what. */
  heights: { transfers: number; voteAndRegistration: number; user3Transfer: number };
  /** Unix milliseconds of the fake clock. */
  clock: { now: number };
  blockTime: number;
  /** Genuine server errors (500s) the API reported: every test expects none. */
  serverErrors: unknown[];
  /** Moves the clock to the next slot and forges it. */
  step(): void;
  close(): Promise<void>;
}

function signer(from: Account, height: number) {
  return (draft: TransactionDraft) =>
    signTransaction(draft, { passphrase: from.passphrase }, { network: localnet, height });
}

function addAll(node: LocalNode, txs: TransactionData[]): void {
  const result = node.addTransactions(txs);
  if (result.invalid.length > 0)
    throw new Error(`the pool refused test transactions: ${JSON.stringify(result.errors)}`);
}

export async function startApiChain(
  options: { rateLimit?: RateLimitOptions; host?: string; responseCache?: boolean } = {},
): Promise<ApiChain> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-api-'));
  const blockTime = milestoneAt(localnet, 1).blocktime;
  const clock = { now: epochUnixMs(localnet) + 1000 * blockTime * 1000 };
  const node = await LocalNode.start({ dataDir, forging: false, now: () => clock.now });
  const step = () => {
    clock.now += blockTime * 1000;
    const outcome = nodeParts(node).forger.forgeAt(clock.now);
    if (outcome.kind !== 'forged') throw new Error(`slot not forged: ${JSON.stringify(outcome)}`);
  };
  step();
  step();

  const next = () => node.height + 1;
  const fromFaucet = signer(faucet, next());
  const helloTransfer = fromFaucet({
    type: 0,
    nonce: 1n,
    amount: 1000n * VTY,
    recipientId: user1.address,
    vendorField: 'hello world',
  });
  const wildTransfer = fromFaucet({
    type: 0,
    nonce: 2n,
    amount: 1000n * VTY,
    recipientId: user2.address,
    vendorField: 'odd %_*? chars',
  });
  const user3Funding = fromFaucet({ type: 0, nonce: 3n, amount: 500n * VTY, recipientId: user3.address });
  const multiPayment = fromFaucet({
    type: 6,
    nonce: 4n,
    asset: {
      payments: [
        { amount: 7n * VTY, recipientId: user1.address },
        { amount: 9n * VTY, recipientId: user3.address },
      ],
    },
  });
  const lock = fromFaucet({
    type: 8,
    nonce: 5n,
    amount: 3n * VTY,
    recipientId: user3.address,
    asset: { lock: { secretHash: SECRET_HASH, expiration: { type: 2, value: 100_000 } } },
  });
  addAll(node, [helloTransfer, wildTransfer, user3Funding, multiPayment, lock]);
  step();
  const transfers = node.height;

  const vote = signer(
    user1,
    next(),
  )({ type: 3, nonce: 1n, asset: { votes: [`+${votedDelegate.publicKey}`] } });
  const registration = signer(
    user2,
    next(),
  )({ type: 2, nonce: 1n, asset: { delegate: { username: 'api_user2' } } });
  addAll(node, [vote, registration]);
  step();
  const voteAndRegistration = node.height;

  const user3Transfer = signer(
    user3,
    next(),
  )({
    type: 0,
    nonce: 1n,
    amount: 2n * VTY,
    recipientId: user1.address,
    vendorField: 'hello again',
  });
  addAll(node, [user3Transfer]);
  step();
  const user3Height = node.height;
  step();
  step();

  const pending = signer(user1, next())({ type: 0, nonce: 2n, amount: 1n * VTY, recipientId: user2.address });
  addAll(node, [pending]);

  const serverErrors: unknown[] = [];
  const server = createApiServer({
    node,
    now: () => clock.now,
    eagerSchemas: true,
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.host ? { host: options.host } : {}),
    ...(options.responseCache === undefined ? {} : { responseCache: options.responseCache }),
    onServerError: (error) => serverErrors.push(error),
  });
  await server.publicApp.ready();
  await server.secondaryApp.ready();
  return {
    node,
    server,
    txs: {
      helloTransfer,
      wildTransfer,
      user3Funding,
      multiPayment,
      lock,
      vote,
      registration,
      user3Transfer,
      pending,
    },
    heights: { transfers, voteAndRegistration, user3Transfer: user3Height },
    clock,
    blockTime,
    serverErrors,
    step,
    async close() {
      await server.close();
      await node.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
