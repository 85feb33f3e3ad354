/**
 * Full blocks on the ARK Core testnet node of `npm run test:interop`, for bench:sync's (c): signed transfers from
 * its 51 forging delegates (their secrets are the testnet config's delegates.json), posted 40 to a request (ARK's
 * `maxTransactionsPerRequest`) in waves of at most 100 per sender (under core-transaction-pool's 150 a sender), each
 * wave forged before the next is sent. ARK forges them into blocks of up to its milestone's 150.
 */
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import type { Network } from '../../src/core/protocol/networks';
import { signTransaction, transactionToJson } from '../../src/core/protocol/transactions';
import { delegateSecrets } from '../interop/ark-node';

const PER_REQUEST = 40;
const PER_SENDER_A_WAVE = 100;

interface Sender {
  passphrase: string;
  address: string;
  nonce: bigint;
}

async function get<T>(api: string, route: string): Promise<T> {
  const response = await fetch(`${api}${route}`, { headers: { connection: 'close' } });
  if (!response.ok) throw new Error(`ARK Core ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function post(api: string, transactions: unknown[]): Promise<void> {
  const response = await fetch(`${api}/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ transactions }),
  });
  const answer = (await response.json()) as { data?: { accept?: string[] }; errors?: unknown };
  if (!response.ok || answer.data?.accept?.length !== transactions.length) {
    throw new Error(
      `ARK Core refused transfers: ${response.status} ${JSON.stringify(answer.errors ?? answer)}`,
    );
  }
}

async function untilPoolEmpty(api: string): Promise<void> {
  for (;;) {
    const pool = await get<{ meta: { totalCount: number } }>(api, '/transactions/unconfirmed?limit=1');
    if (pool.meta.totalCount === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/**
 * Sends `count` transfers to ARK Core at `api` (its public API base, with /api) and waits until every one is
 * forged; `log` tells the progress, a line a wave.
 */
export async function fillArkWithTransfers(
  api: string,
  network: Network,
  count: number,
  log: (line: string) => void,
): Promise<void> {
  // Signed by the milestone at ARK's next height (the fee, the rules).
  const tip = await get<{ data: { block: { height: number } } }>(api, '/blockchain');
  const height = tip.data.block.height + 1;
  const senders: Sender[] = [];
  for (const passphrase of delegateSecrets()) {
    const address = addressFromPassphrase(passphrase, network.network.pubKeyHash);
    const wallet = await get<{ data: { nonce: string } }>(api, `/wallets/${address}`);
    senders.push({ passphrase, address, nonce: BigInt(wallet.data.nonce) });
  }
  let sent = 0;
  while (sent < count) {
    const wave = Math.min(count - sent, senders.length * PER_SENDER_A_WAVE);
    const transactions: unknown[] = [];
    for (let i = 0; i < wave; i++) {
      const sender = senders[i % senders.length]!;
      sender.nonce += 1n;
      const recipient = senders[(i + 1) % senders.length]!.address;
      const tx = signTransaction(
        { type: 0, nonce: sender.nonce, amount: 1n, recipientId: recipient },
        { passphrase: sender.passphrase },
        { network, height },
      );
      transactions.push(transactionToJson(tx));
    }
    for (let i = 0; i < transactions.length; i += PER_REQUEST) {
      await post(api, transactions.slice(i, i + PER_REQUEST));
    }
    sent += wave;
    log(`sent ${sent} of ${count} transfers to ARK Core; waiting for them to be forged…`);
    await untilPoolEmpty(api);
  }
}
