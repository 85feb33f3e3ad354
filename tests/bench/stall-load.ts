/**
 * The load of `npm run bench:stall` (stall-bench.ts), in a process of its own: ARK clients of the embedded
 * localnet node. It funds `senders` fresh wallets from the genesis delegates (multipayments of 128, forged in a
 * few 1-second blocks), signs one transfer per sender, says `ready`; on `go` it POSTs them to
 * `/api/transactions` in batches of 40 from 2 concurrent clients, for at most `seconds`, and says `done`.
 */
import { localnet, localnetDelegateSecrets } from '../../src/core/node/localnet';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import {
  signTransaction,
  transactionToJson,
  type TransactionData,
} from '../../src/core/protocol/transactions';

export interface LoadJob {
  /** The node's public API (…/api). */
  url: string;
  senders: number;
  seconds: number;
}

export interface LoadResult {
  accepted: number;
  seconds: number;
  firstError?: string;
}

const PAYMENTS = 128;
const BATCH = 40;
const CLIENTS = 2;

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  if (!answer.ok) throw new Error(`GET ${url}: ${answer.status}`);
  return (await answer.json()) as T;
}

async function post(url: string, transactions: unknown[]): Promise<{ accepted: number; error?: string }> {
  const answer = await fetch(`${url}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transactions }),
  });
  const parsed = (await answer.json()) as { data?: { accept: string[] }; errors?: unknown; message?: string };
  const error =
    parsed.errors !== undefined || parsed.data === undefined
      ? JSON.stringify(parsed.errors ?? parsed).slice(0, 300)
      : undefined;
  return { accepted: parsed.data?.accept.length ?? 0, ...(error === undefined ? {} : { error }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoad(job: LoadJob, send: (message: unknown) => void): Promise<void> {
  const { url } = job;
  const height = async () =>
    (await getJson<{ data: { block: { height: number } } }>(`${url}/blockchain`)).data.block.height;
  const ctx = async () => ({ network: localnet, height: (await height()) + 1 });
  const senders = Array.from({ length: job.senders }, (_, i) => `votary stall bench sender ${i}`);
  const addresses = senders.map((passphrase) =>
    addressFromPassphrase(passphrase, localnet.network.pubKeyHash),
  );

  // 1. Funding, from the delegates in turn (nonces read from the API once).
  const delegates = localnetDelegateSecrets();
  const nonces = new Map<string, bigint>();
  const funding: TransactionData[] = [];
  const fundingCtx = await ctx();
  for (let start = 0, k = 0; start < addresses.length; start += PAYMENTS, k++) {
    const passphrase = delegates[k % delegates.length]!;
    let nonce = nonces.get(passphrase);
    if (nonce === undefined) {
      const address = addressFromPassphrase(passphrase, localnet.network.pubKeyHash);
      const wallet = await getJson<{ data: { nonce: string } }>(`${url}/wallets/${address}`);
      nonce = BigInt(wallet.data.nonce);
    }
    nonce += 1n;
    nonces.set(passphrase, nonce);
    const payments = addresses
      .slice(start, start + PAYMENTS)
      .map((recipientId) => ({ recipientId, amount: 100_000_000n }));
    funding.push(
      signTransaction({ type: 6, nonce, fee: 50_000_000n, asset: { payments } }, { passphrase }, fundingCtx),
    );
  }
  for (let i = 0; i < funding.length; i += BATCH) {
    const { error } = await post(url, funding.slice(i, i + BATCH).map(transactionToJson));
    if (error !== undefined) throw new Error(`funding refused: ${error}`);
  }
  const last = addresses.at(-1)!;
  for (;;) {
    const wallet = await fetch(`${url}/wallets/${last}`);
    if (wallet.ok && ((await wallet.json()) as { data: { balance: string } }).data.balance !== '0') break;
    await sleep(250);
  }

  // 2. One transfer per sender, signed ahead.
  const transferCtx = await ctx();
  const bodies: unknown[][] = [];
  for (let i = 0; i < senders.length; i += BATCH) {
    bodies.push(
      senders.slice(i, i + BATCH).map((passphrase, j) =>
        transactionToJson(
          signTransaction(
            {
              type: 0,
              nonce: 1n,
              amount: 1_000n + BigInt(i + j),
              recipientId: addresses[(i + j + 1) % senders.length]!,
            },
            { passphrase },
            transferCtx,
          ),
        ),
      ),
    );
  }
  send({ kind: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  // 3. The run.
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  let next = 0;
  let accepted = 0;
  let firstError: string | undefined;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < bodies.length && performance.now() < deadline) {
        const answer = await post(url, bodies[next++]!);
        accepted += answer.accepted;
        firstError ??= answer.error;
      }
    }),
  );
  // The node keeps forging what it accepted: the run lasts its full time, so blocks full of transfers are applied
  // while the windows' side is measured.
  const left = deadline - performance.now();
  if (left > 0) await sleep(left);
  const result: LoadResult = {
    accepted,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    ...(firstError === undefined ? {} : { firstError }),
  };
  send({ kind: 'done', ...result });
}
