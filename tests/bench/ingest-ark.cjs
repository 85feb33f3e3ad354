/**
 * ARK Core 3.9.1's own ingest rate for bench:ingest: the same two shapes as Votary's run (batches of 40 from 4
 * concurrent clients; distinct senders with one transfer each, hot wallets with 40 consecutive nonces a batch),
 * signed with ARK's @arkecosystem/crypto for the local ARK Core testnet node (scripts/ark-core/run.sh) and POSTed
 * to its `/api/transactions`. Its senders are funded first by multipayments from the genesis delegates. Run with
 * ARK's Node 16 from ARK_BASE (its crypto, its bcrypto), by tests/bench/ingest-bench.ts:
 *
 *   node16 tests/bench/ingest-ark.cjs <ARK_BASE> <api url, e.g. http://127.0.0.1:17003> <transfers per shape>
 *
 * Prints one JSON line: { distinct: { accepted, perSecond, firstError? }, hot: { … } }. Start the node with
 * ARK_NO_RATE_LIMIT=1 (core-api limits loopback to 100 requests a minute otherwise).
 */
'use strict';
const http = require('http');
const { join } = require('path');

const [base, api, perShapeArg] = process.argv.slice(2);
const PER_SHAPE = Number(perShapeArg || 2000);
const { Managers, Transactions, Identities, Utils } = require(
  join(base, 'node_modules', '@arkecosystem', 'crypto'),
);
const secrets = require(join(base, 'config', 'delegates.json')).secrets;
const BATCH = 40;
const CLIENTS = 4;
const PAYMENTS = 64;

function request(method, path, body) {
  return new Promise((resolve, reject) => {
    const url = new URL(api + path);
    const data = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    // agent:false — core-api destroys the socket after every response (README of the ARK Core install).
    const r = http.request(
      {
        agent: false,
        method,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        headers: {
          'content-type': 'application/json',
          ...(data === undefined ? {} : { 'content-length': Buffer.byteLength(data) }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      },
    );
    r.on('error', reject);
    if (data !== undefined) r.write(data);
    r.end();
  });
}

const getJson = async (path) => JSON.parse((await request('GET', path)).body);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function post(bodies) {
  let next = 0;
  let accepted = 0;
  let firstError;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < bodies.length) {
        const answer = await request('POST', '/api/transactions', bodies[next++]);
        const parsed = JSON.parse(answer.body);
        if (firstError === undefined && (parsed.errors !== undefined || parsed.data === undefined)) {
          firstError = JSON.stringify(parsed.errors || parsed).slice(0, 300);
        }
        accepted += parsed.data ? parsed.data.accept.length : 0;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { accepted, perSecond: Math.round(accepted / seconds), ...(firstError ? { firstError } : {}) };
}

(async () => {
  Managers.configManager.setFromPreset('testnet');
  const height = (await getJson('/api/blockchain')).data.block.height;
  Managers.configManager.setHeight(height);
  const run = Date.now();
  const distinct = Array.from({ length: PER_SHAPE }, (_, i) => `votary ark ingest ${run} sender ${i}`);
  const hot = Array.from(
    { length: Math.ceil(PER_SHAPE / BATCH) },
    (_, i) => `votary ark ingest ${run} hot ${i}`,
  );
  const senders = [...distinct, ...hot];
  const addresses = senders.map((passphrase) => Identities.Address.fromPassphrase(passphrase));

  // Fund: one multipayment of 64 per genesis delegate in turn (1 tARK a distinct sender, 10 a hot wallet).
  const nonces = new Map();
  const funding = [];
  for (let start = 0, k = 0; start < senders.length; start += PAYMENTS, k++) {
    const secret = secrets[k % secrets.length];
    if (!nonces.has(secret)) {
      const wallet = await getJson('/api/wallets/' + Identities.Address.fromPassphrase(secret));
      nonces.set(secret, Utils.BigNumber.make(wallet.data.nonce));
    }
    const nonce = nonces.get(secret).plus(1);
    nonces.set(secret, nonce);
    const builder = Transactions.BuilderFactory.multiPayment()
      .version(2)
      .nonce(nonce.toFixed())
      .fee('10000000');
    addresses.slice(start, start + PAYMENTS).forEach((recipient, j) => {
      builder.addPayment(recipient, start + j < distinct.length ? '100000000' : '1000000000');
    });
    funding.push(builder.sign(secret).build().toJson());
  }
  for (let i = 0; i < funding.length; i += BATCH) {
    const answer = JSON.parse(
      (await request('POST', '/api/transactions', { transactions: funding.slice(i, i + BATCH) })).body,
    );
    if (!answer.data || answer.data.invalid.length > 0)
      throw new Error('funding refused: ' + JSON.stringify(answer));
  }
  for (let waited = 0; ; waited += 2) {
    const wallet = await request('GET', '/api/wallets/' + addresses[addresses.length - 1]);
    if (wallet.status === 200 && JSON.parse(wallet.body).data.balance !== '0') break;
    if (waited > 120) throw new Error('funding not confirmed within 120 s');
    await sleep(2000);
  }
  Managers.configManager.setHeight((await getJson('/api/blockchain')).data.block.height);

  const transfer = (passphrase, nonce, i) =>
    Transactions.BuilderFactory.transfer()
      .version(2)
      .nonce(String(nonce))
      .recipientId(addresses[(i + 1) % PER_SHAPE])
      .amount(String(1000 + i))
      .fee('10000000')
      .sign(passphrase)
      .build()
      .toJson();
  const bodies = (txs) => {
    const out = [];
    for (let i = 0; i < txs.length; i += BATCH)
      out.push(JSON.stringify({ transactions: txs.slice(i, i + BATCH) }));
    return out;
  };
  const distinctBodies = bodies(distinct.map((p, i) => transfer(p, 1, i)));
  const hotTxs = [];
  hot.forEach((passphrase, w) => {
    for (let n = 1; n <= BATCH && hotTxs.length < PER_SHAPE; n++) hotTxs.push(transfer(passphrase, n, w));
  });
  const hotBodies = bodies(hotTxs);

  const result = { height, distinct: await post(distinctBodies), hot: await post(hotBodies) };
  process.stdout.write(JSON.stringify(result) + '\n');
})().catch((error) => {
  process.stderr.write(String((error && error.stack) || error) + '\n');
  process.exitCode = 1;
});
