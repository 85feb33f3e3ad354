/**
 * The reference's native rate for bench:ingest: ARK Core 3.9.1's own library (@arkecosystem/crypto with bcrypto's
 * native addon, as ARK Core's pool uses it) deserializes and verifies the very bytes Votary is sent, on one
 * thread: `Transactions.TransactionFactory.fromBytes(buffer)` — deserialize, id, strict schema, signature (the
 * steps of core-transaction-pool's worker, `worker.ts`). Run with ARK's Node 16 from the ARK Core install of
 * scripts/ark-core/run.sh (its bcrypto is built for that Node), as a child of tests/bench/ingest-bench.ts:
 *
 *   node16 tests/bench/ingest-native.cjs <ARK_BASE>
 *
 * Messages (IPC): { kind: 'config', pubKeyHash, height } once, then { kind: 'run', items: hex[] } answered with
 * { kind: 'done', verified, failed, ms, cpuMs }.
 */
'use strict';
const { join } = require('path');

const base = process.argv[2];
const crypto = require(join(base, 'node_modules', '@arkecosystem', 'crypto'));
const { Managers, Transactions } = crypto;

// bcrypto's `native` is 2 when its addon loaded (0 is pure JavaScript): say which one ran.
const backend = require(join(base, 'node_modules', 'bcrypto')).native === 2 ? 'native' : 'js';

process.on('message', (message) => {
  if (message.kind === 'config') {
    Managers.configManager.setFromPreset('testnet');
    // The bench's transactions are localnet's (its network byte); everything else is ARK's testnet preset.
    Managers.configManager.set('network.pubKeyHash', message.pubKeyHash);
    Managers.configManager.setHeight(message.height);
    process.send({ kind: 'ready', backend });
    return;
  }
  if (message.kind === 'run') {
    const buffers = message.items.map((hex) => Buffer.from(hex, 'hex'));
    let verified = 0;
    let failed = 0;
    let firstError;
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    for (const buffer of buffers) {
      try {
        if (Transactions.TransactionFactory.fromBytes(buffer).isVerified) verified++;
        else failed++;
      } catch (error) {
        failed++;
        firstError = firstError || String(error && error.message);
      }
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const used = process.cpuUsage(cpu);
    process.send({ kind: 'done', verified, failed, ms, cpuMs: (used.user + used.system) / 1000, firstError });
  }
});
process.send({ kind: 'loaded' });
