// From /work/shared/tools/ark-core/send-v1.js (the shared ARK Core tooling of this project), copied unchanged below.
// Build + POST version-1 (pre-aip11) transactions on a chain started with ARK_AIP11_HEIGHT=N; wait for each to be
// confirmed. Prints one JSON line per confirmed transaction (step, id, type, version, height, ...) on stdout.
// Sequence: v1 transfers from a genesis delegate (some with a vendorField, three of them funding fresh wallets A, B
// and C) -> A registers a second passphrase, B registers as a delegate -> A sends a transfer signed with both
// passphrases, C votes for B -> C unvotes B. Refuses (one line on stderr, exit 2) once the chain is past aip11.
const { Managers, Transactions, Identities, Utils } = require("@arkecosystem/crypto");
const http = require("http");
const fs = require("fs");
const { randomBytes } = require("crypto");
const API = process.env.ARK_API || "http://127.0.0.1:4003";
const CFG = process.env.CORE_PATH_CONFIG;
const secrets = require(CFG + "/delegates.json").secrets;
const MARGIN = 12; // blocks this sequence needs (4 rounds of confirmation, with slack) before aip11
function req(method, path, body) {
  return new Promise((res, rej) => {
    const u = new URL(API + path);
    const data = body ? JSON.stringify(body) : undefined;
    // agent:false — core-api destroys the socket after every response although it answers "Connection: keep-alive";
    // a keep-alive agent (Node >=19 default) then fails the next request with ECONNRESET.
    const r = http.request({ agent: false, method, hostname: u.hostname, port: u.port, path: u.pathname + u.search,
      headers: { "content-type": "application/json", ...(data ? { "content-length": Buffer.byteLength(data) } : {}) } },
      (resp) => { let b = ""; resp.on("data", (c) => (b += c)); resp.on("end", () => res({ status: resp.statusCode, body: b })); });
    r.on("error", rej); if (data) r.write(data); r.end();
  });
}
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// core-api limits every IP (loopback included) to 100 requests a minute unless ARK_NO_RATE_LIMIT=1: back off on 429.
async function get(path) {
  for (let i = 0; ; i++) {
    const r = await req("GET", path);
    if (r.status === 429 && i < 12) { await sleep(5000); continue; }
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 300)}`);
    return JSON.parse(r.body).data;
  }
}
const height = async () => (await get("/api/blockchain")).block.height;
const aip11From = (milestones) => (milestones.slice().sort((a, b) => a.height - b.height).find((m) => m.aip11) || {}).height;
function refuse(msg) { console.error("send-v1.js: refusing: " + msg); process.exit(2); }

// The crypto config the node runs with: run.sh writes config/crypto/*.json for ARK_AIP11_HEIGHT, else the preset.
function loadCrypto() {
  const files = ["genesisBlock", "exceptions", "milestones", "network"], dir = CFG + "/crypto";
  if (files.every((f) => fs.existsSync(`${dir}/${f}.json`))) {
    Managers.configManager.setConfig(Object.fromEntries(files.map((f) => [f, JSON.parse(fs.readFileSync(`${dir}/${f}.json`))])));
    return dir;
  }
  Managers.configManager.setFromPreset("testnet");
  return "testnet preset";
}

let aip11Height;
async function checkRoom(need) {
  const h = await height();
  if (aip11Height !== undefined && h + 1 >= aip11Height)
    refuse(`the chain is at height ${h} and aip11 is active from height ${aip11Height}: ARK accepts only version-2 transactions now`);
  if (aip11Height !== undefined && h + need >= aip11Height)
    refuse(`the chain is at height ${h}, only ${aip11Height - h - 1} blocks before aip11 (height ${aip11Height}); this needs ${need}`);
  Managers.configManager.setHeight(h); // builders pick version 1 while getMilestone().aip11 is false
  return h;
}

// POST transactions (all must be version 1), then wait until every one is in a block; returns [{tx, height, data}].
async function sendAndConfirm(list) {
  for (const { tx } of list) if (tx.data.version !== 1) throw new Error(`built version ${tx.data.version}, not 1`);
  const h0 = await height();
  const post = await req("POST", "/api/transactions", { transactions: list.map(({ tx }) => tx.toJson()) });
  const body = JSON.parse(post.body);
  const accepted = (body.data && body.data.accept) || [];
  const refused = list.filter(({ tx }) => !accepted.includes(tx.id));
  if (post.status !== 200 || refused.length) {
    console.error(`POST /api/transactions ${post.status}: refused ${refused.map(({ step, tx }) => step + " " + tx.id).join(", ")}: ${post.body.slice(0, 800)}`);
    process.exit(1);
  }
  const found = new Map();
  let seen = h0;
  for (let i = 0; found.size < list.length; i++) {
    if (i > 60) {
      const missing = list.filter(({ tx }) => !found.has(tx.id)).map(({ step, tx }) => step + " " + tx.id);
      console.error(`NOT confirmed within ${seen - h0} blocks: ${missing.join(", ")}`); process.exit(1);
    }
    await sleep(2000);
    const h = await height();
    for (; seen < h; seen++) {
      for (const t of await get(`/api/blocks/${seen + 1}/transactions?limit=100`)) found.set(t.id, { height: seen + 1, data: t });
    }
  }
  return list.map((e) => ({ ...e, ...found.get(e.tx.id) }));
}
function report(confirmed) {
  for (const { step, tx, height, data } of confirmed) {
    console.log(JSON.stringify({ step, id: tx.id, type: data.type, typeGroup: data.typeGroup, version: data.version, height,
      blockId: data.blockId, sender: data.sender, recipient: data.recipient, amount: data.amount, fee: data.fee,
      ...(data.vendorField ? { vendorField: data.vendorField } : {}), ...(data.asset ? { asset: data.asset } : {}),
      ...(data.signSignature ? { secondSignature: true } : {}) }));
  }
}

(async () => {
  const source = loadCrypto();
  aip11Height = aip11From(Managers.configManager.getMilestones());
  const nodeAip11 = aip11From((await get("/api/node/configuration/crypto")).milestones);
  if (nodeAip11 !== aip11Height) refuse(`the node has aip11 at height ${nodeAip11}, ${source} at ${aip11Height}: wrong CORE_PATH_CONFIG?`);
  const h = await checkRoom(MARGIN);
  console.error(`chain height ${h}, aip11 from height ${aip11Height} (${source})`);

  const fresh = (label) => { const p = `votary v1 ${label} ${randomBytes(8).toString("hex")}`; return { pass: p, address: Identities.Address.fromPassphrase(p), publicKey: Identities.PublicKey.fromPassphrase(p) }; };
  const funder = secrets[0];
  const A = fresh("second signature"), A2 = fresh("second passphrase"), B = fresh("delegate"), C = fresh("voter");
  const transfer = (to, amount, vf) => Transactions.BuilderFactory.transfer().recipientId(to).amount(amount).vendorField(vf);
  const tag = randomBytes(3).toString("hex");

  // 1. v1 transfers from a genesis delegate (the first three to throwaway addresses, three funding A, B and C)
  await checkRoom(MARGIN);
  report(await sendAndConfirm([
    { step: "transfer", tx: transfer(fresh("r1").address, "100000000", `votary v1 transfer ${tag} #1`).sign(funder).build() },
    { step: "transfer", tx: transfer(fresh("r2").address, "200000000").sign(funder).build() },
    { step: "transfer", tx: transfer(fresh("r3").address, "300000000", `votary v1 transfer ${tag} #3`).sign(funder).build() },
    { step: "transfer (fund A: second signature)", tx: transfer(A.address, "10000000000").sign(funder).build() },
    { step: "transfer (fund B: delegate)", tx: transfer(B.address, "5000000000", "fund delegate").sign(funder).build() },
    { step: "transfer (fund C: voter)", tx: transfer(C.address, "1000000000").sign(funder).build() },
  ]));

  // 2. A registers a second passphrase; B registers as a delegate
  await checkRoom(MARGIN - 3);
  const username = ("v1d" + tag + randomBytes(3).toString("hex")).slice(0, 20);
  report(await sendAndConfirm([
    { step: "second-signature registration (A)", tx: Transactions.BuilderFactory.secondSignature().signatureAsset(A2.pass).sign(A.pass).build() },
    { step: "delegate registration (B)", tx: Transactions.BuilderFactory.delegateRegistration().usernameAsset(username).sign(B.pass).build() },
  ]));

  // 3. A sends a transfer signed with both passphrases; C votes for B
  await checkRoom(MARGIN - 6);
  report(await sendAndConfirm([
    { step: "transfer signed with both passphrases (A)", tx: transfer(fresh("r4").address, "100000000", "second-signed v1").sign(A.pass).secondSign(A2.pass).build() },
    { step: "vote (C for B)", tx: Transactions.BuilderFactory.vote().votesAsset(["+" + B.publicKey]).sign(C.pass).build() },
  ]));

  // 4. C unvotes B
  await checkRoom(MARGIN - 9);
  report(await sendAndConfirm([
    { step: "unvote (C from B)", tx: Transactions.BuilderFactory.vote().votesAsset(["-" + B.publicKey]).sign(C.pass).build() },
  ]));

  const [wa, wb, wc, wf] = await Promise.all([A, B, C, { address: Identities.Address.fromPassphrase(funder) }].map((w) => get("/api/wallets/" + w.address)));
  console.log(JSON.stringify({ step: "wallets", funder: { address: wf.address, nonce: wf.nonce },
    A: { address: wa.address, secondPublicKey: wa.attributes.secondPublicKey, nonce: wa.nonce },
    B: { address: wb.address, username: (wb.attributes.delegate || {}).username, nonce: wb.nonce },
    C: { address: wc.address, vote: wc.attributes.vote || null, nonce: wc.nonce } }));
})().catch((e) => { console.error(e); process.exitCode = 1; });
