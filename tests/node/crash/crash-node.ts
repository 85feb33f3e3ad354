/**
 * The child process of the crash test (tests/node/crash/crash.test.ts), bundled to
 * dist/crash-node.mjs by scripts/build-cli.mjs.
 *
 *   node dist/crash-node.mjs DATA_DIR LOG_FILE SEED
 *
 * Opens a LocalNode (block time 1 s) on DATA_DIR, replays the stored chain (verifyChain) and reports `ready`
 * with the result, then forges and keeps submitting signed transfers from five funded genesis wallets (TEST-ONLY
 * secrets) to its own pool. Every id the pool accepts is appended to LOG_FILE and fsynced BEFORE it is reported
 * on stdout: whatever the log holds was acknowledged, so it must survive a SIGKILL (in a block or in the pool).
 * stdout carries one JSON object per line: ready, block, accepted, forging-error. SIGTERM stops cleanly.
 */
import { nodeParts } from '../../../src/core/node/parts';
import { closeSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { verifyChain } from '../../../src/core/node/block-store';
import { localnet, localnetWallets } from '../../../src/core/node/localnet';
import { LocalNode } from '../../../src/core/node/node';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { signTransaction, type TransactionData } from '../../../src/core/protocol/transactions';

const [dataDir, logFile, seedText] = process.argv.slice(2);
if (dataDir === undefined || logFile === undefined || seedText === undefined) {
  process.stderr.write('usage: crash-node DATA_DIR LOG_FILE SEED\n');
  process.exit(64);
}

/** Transfers submitted per tick, and the tick: a steady 30 transfers per second. */
const BATCH = 3;
const TICK_MS = 100;

function report(value: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** mulberry32: a small seeded generator, so that a run can be repeated. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const wallets = localnetWallets();
const senders = [
  ...wallets.filter((w) => w.role !== 'delegate'),
  ...wallets.filter((w) => w.role === 'delegate').slice(0, 2),
];
const recipients = Array.from({ length: 8 }, (_, i) =>
  addressFromPassphrase(`crash test recipient ${i}`, 30),
);

async function main(dir: string, log: string, seed: number): Promise<void> {
  const next = random(seed);
  const node = await LocalNode.start({ dataDir: dir, blockTime: 1, forging: false });
  const verification = verifyChain(nodeParts(node).store);
  report({
    event: 'ready',
    height: node.height,
    verified: verification.verified,
    differences: verification.differences.slice(0, 5),
    pool: nodeParts(node).pool.size(),
  });
  node.on('block', (block) =>
    report({ event: 'block', height: block.header.height, transactions: block.transactions.length }),
  );
  node.on('forging-error', (error) => report({ event: 'forging-error', message: error.message }));
  nodeParts(node).forger.start();

  const logFd = openSync(log, 'a');
  let turn = 0;
  const nextNonce = (publicKey: string): bigint => {
    const queued = nodeParts(node).pool.bySender(publicKey);
    const last = queued[queued.length - 1];
    return (last ? last.nonce : nodeParts(node).store.state().walletByPublicKey(publicKey).nonce) + 1n;
  };
  const tick = () => {
    const batch: TransactionData[] = [];
    for (let i = 0; i < BATCH; i++) {
      const sender = senders[turn++ % senders.length]!;
      batch.push(
        signTransaction(
          {
            type: 0,
            // BATCH < senders.length: a sender appears once per batch, after its pooled transactions.
            nonce: nextNonce(sender.publicKey),
            amount: 1n + BigInt(Math.floor(next() * 100_000)),
            recipientId: recipients[Math.floor(next() * recipients.length)]!,
          },
          { passphrase: sender.passphrase },
          { network: localnet, height: node.height + 1 },
        ),
      );
    }
    const { accept } = node.addTransactions(batch);
    if (accept.length === 0) return;
    // The acknowledgement: durable in the log before anyone hears of it.
    writeSync(logFd, accept.map((id) => `${id}\n`).join(''));
    fsyncSync(logFd);
    report({ event: 'accepted', ids: accept });
  };
  const timer = setInterval(tick, TICK_MS);
  const stop = () => {
    clearInterval(timer);
    closeSync(logFd);
    void node.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main(dataDir, logFile, Number(seedText)).catch((error: unknown) => {
  process.stderr.write(
    `crash-node: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
