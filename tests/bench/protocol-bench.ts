/**
 * `npm run bench:protocol`: ops/s of the protocol library on this machine. Single-threaded figures
 * for key derivation, signing, verification and serialization, then deserialize+verify of transfers inline and
 * spread over worker threads by VerifyWorkers. Two workloads: 2,000 transfers from 2,000 distinct senders (the
 * parsed-key cache never helps) and 2,000 transfers from 20 repeat senders (the cache's precomputed tables do).
 */
import { availableParallelism } from 'node:os';
import {
  ecdsaSign,
  ecdsaVerify,
  keyPairFromPassphrase,
  schnorrSign,
  schnorrVerify,
} from '../../src/core/protocol/crypto';
import { secp256k1Verifier, useSecp256k1Backend } from '../../src/core/protocol/crypto/libsecp256k1';
import { sha256 } from '../../src/core/protocol/hash';
import { devnet } from '../../src/core/protocol/networks';
import { VerifyWorkers } from '../../src/core/parallel/verify-workers';
import { verifySerialized } from '../../src/core/parallel/verify-serialized';
import {
  serializeTransaction,
  signTransaction,
  type TransactionData,
} from '../../src/core/protocol/transactions';

const ctx = { network: devnet, height: 6_000_000 };
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 2);

function measure(name: string, op: (i: number) => void): number {
  for (let i = 0; i < 20; i++) op(i); // warm-up
  const deadline = performance.now() + SECONDS * 1000;
  let count = 0;
  const start = performance.now();
  while (performance.now() < deadline) {
    for (let j = 0; j < 10; j++) op(count++);
  }
  const opsPerSecond = count / ((performance.now() - start) / 1000);
  console.log(`${name.padEnd(44)} ${opsPerSecond.toFixed(0).padStart(10)} ops/s`);
  return opsPerSecond;
}

function transfer(senderIndex: number): TransactionData {
  return signTransaction(
    {
      version: 2,
      network: devnet.network.pubKeyHash,
      typeGroup: 1,
      type: 0,
      nonce: 1n,
      fee: 10_000_000n,
      amount: 100_000_000n + BigInt(senderIndex),
      recipientId: 'DEMvpU4Qq6KvSzF3sRNjGCkm6Kj7cFfVaz',
      expiration: 0,
    },
    { passphrase: `bench sender ${senderIndex}` },
    ctx,
  );
}

async function main(): Promise<void> {
  const COUNT = 2000;
  console.log(
    `Votary protocol benchmark · node ${process.version} · ${availableParallelism()} cores · ${SECONDS}s per figure` +
      ` · libsecp256k1 ${secp256k1Verifier().name}`,
  );
  const hash = sha256('votary benchmark message');
  const keys = keyPairFromPassphrase('this is a top secret passphrase 1');
  const schnorrSig = schnorrSign(hash, keys.privateKey);
  const ecdsaSig = ecdsaSign(hash, keys.privateKey);

  console.log(`preparing ${COUNT} signed transfers from distinct senders…`);
  const transfers = Array.from({ length: COUNT }, (_, i) => transfer(i));
  const serialized = transfers.map((tx) => serializeTransaction(tx));

  const results: Record<string, number> = {};
  results['keyDerivation'] = measure('key derivation (passphrase → key pair)', (i) => {
    keyPairFromPassphrase(`passphrase ${i}`);
  });
  results['schnorrSign'] = measure('Schnorr sign', () => {
    schnorrSign(hash, keys.privateKey);
  });
  results['schnorrVerify'] = measure('Schnorr verify', () => {
    schnorrVerify(hash, schnorrSig, keys.publicKey);
  });
  results['ecdsaSign'] = measure('ECDSA sign', () => {
    ecdsaSign(hash, keys.privateKey);
  });
  results['ecdsaVerify'] = measure('ECDSA verify', () => {
    ecdsaVerify(hash, ecdsaSig, keys.publicKey);
  });
  // The same two checks on libsecp256k1's WebAssembly build, the fallback where the native addon does not load.
  const previous = useSecp256k1Backend('wasm');
  results['schnorrVerifyWasm'] = measure('Schnorr verify (WebAssembly build)', () => {
    schnorrVerify(hash, schnorrSig, keys.publicKey);
  });
  results['ecdsaVerifyWasm'] = measure('ECDSA verify (WebAssembly build)', () => {
    ecdsaVerify(hash, ecdsaSig, keys.publicKey);
  });
  useSecp256k1Backend(previous);
  results['serializeTransfer'] = measure('serialize transfer', (i) => {
    serializeTransaction(transfers[i % COUNT]!);
  });
  results['deserializeVerifyInline'] = measure('deserialize+verify, distinct senders (1 thread)', (i) => {
    if (!verifySerialized(serialized[i % COUNT]!, ctx).verified) throw new Error('benchmark transfer failed');
  });

  const repeatSerialized = Array.from({ length: COUNT }, (_, i) => serializeTransaction(transfer(i % 20)));
  results['deserializeVerifyInlineRepeatSenders'] = measure(
    'deserialize+verify, 20 senders (1 thread)',
    (i) => {
      if (!verifySerialized(repeatSerialized[i % COUNT]!, ctx).verified)
        throw new Error('benchmark transfer failed');
    },
  );

  const workers = new VerifyWorkers({ workerUrl: new URL('./verify-worker.mjs', import.meta.url) });
  await workers.verifyMany(serialized.slice(0, 200), ctx); // warm-up: workers load and JIT
  const pooled = async (label: string, items: Uint8Array[]): Promise<number> => {
    const rounds = 3;
    const start = performance.now();
    for (let r = 0; r < rounds; r++) {
      const outcomes = await workers.verifyMany(items, ctx);
      if (outcomes.some((o) => !o.verified)) throw new Error('benchmark transfer failed in the pool');
    }
    const opsPerSecond = (rounds * items.length) / ((performance.now() - start) / 1000);
    console.log(
      `${`${label} (verifyMany, ${workers.size} workers)`.padEnd(44)} ${opsPerSecond.toFixed(0).padStart(10)} ops/s`,
    );
    return opsPerSecond;
  };
  results['deserializeVerifyPool'] = await pooled('deserialize+verify, distinct', serialized);
  results['deserializeVerifyPoolRepeatSenders'] = await pooled(
    'deserialize+verify, 20 senders',
    repeatSerialized,
  );
  await workers.close();
  console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, results }));
}

await main();
