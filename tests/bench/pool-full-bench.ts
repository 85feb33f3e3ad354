/**
 * `npm run bench:pool-full`: a full pool's admission cost. The pool holds ARK's default 15,000 transactions, each
 * from a sender of its own (as a pool filled by many wallets is); then 400 new senders post batches of 40 transfers
 * whose fee is lower than every pooled one (each refused, ERR_POOL_FULL) and then higher (each evicting the lowest
 * other sender's last transaction). Reports each kind's time a 40-transfer batch on the calling thread — the
 * node's event loop, which nothing else runs on meanwhile. Signatures are verified inline here (no workers), so
 * the time is the pool's whole admission, signature included.
 *
 * Usage: node dist/bench-pool-full.mjs [pooled = 15000]
 */
import { loadavg } from 'node:os';
import { PoolHarness, transfer } from '../node/transaction-pool/support';

const POOLED = Number(process.argv[2] ?? 15_000);
const BATCH = 40;
const LATE = 400;

const harness = new PoolHarness({ maxTransactionsInPool: POOLED });
const funded = (passphrase: string) => {
  harness.fund(passphrase, 10n ** 12n);
  return passphrase;
};
const pooled = Array.from({ length: POOLED }, (_, i) =>
  transfer(funded(`full pool sender ${i}`), 1n, { fee: 1_000_000n }),
);
for (let i = 0; i < pooled.length; i += 500) harness.pool.addTransactions(pooled.slice(i, i + 500));
if (harness.pool.size() !== POOLED) throw new Error(`the pool holds ${harness.pool.size()}, not ${POOLED}`);

const late = Array.from({ length: LATE }, (_, i) => funded(`late sender ${i}`));
const load = loadavg()[0]!.toFixed(1);
const shapes = [
  { name: 'refused (lower fee)', fee: 900_000n, accepted: 0 },
  { name: 'evicting (higher fee)', fee: 2_000_000n, accepted: BATCH },
];
const results: Record<string, { medianMs: number; worstMs: number }> = {};
for (const shape of shapes) {
  const txs = late.map((passphrase) => transfer(passphrase, 1n, { fee: shape.fee }));
  const times: number[] = [];
  for (let i = 0; i < txs.length; i += BATCH) {
    const started = performance.now();
    const result = harness.pool.addTransactions(txs.slice(i, i + BATCH));
    times.push(performance.now() - started);
    if (result.accept.length !== shape.accepted)
      throw new Error(`${shape.name}: ${result.accept.length} accepted, ${JSON.stringify(result.errors)}`);
  }
  times.sort((a, b) => a - b);
  results[shape.name] = {
    medianMs: Math.round(times[times.length >> 1]! * 10) / 10,
    worstMs: Math.round(times.at(-1)! * 10) / 10,
  };
}
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      loadAverage: `${load} → ${loadavg()[0]!.toFixed(1)}`,
      pooled: POOLED,
      batch: BATCH,
      ...results,
    },
    null,
    2,
  ),
);
