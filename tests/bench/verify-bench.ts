/**
 * `npm run bench:verify`: the signature backends on one core, and the 100,000-case differential run between the
 * production verifiers (libsecp256k1 in WebAssembly, tiny-secp256k1) and the pure-JS noble ones
 * (tests/support/signature-cases.ts). Prints one JSON report; exits 1 on any disagreement.
 *
 * Backends timed: ECDSA with @noble/curves, tiny-secp256k1 (the production path: strict DER, low-S, then
 * libsecp256k1) and @solar-republic/wasm-secp256k1 (another libsecp256k1 WebAssembly build, ECDSA only: it has no
 * point arithmetic, so it cannot check legacy Schnorr); legacy Schnorr with noble and with tiny-secp256k1.
 */
import { initWasmSecp256k1 } from '@solar-republic/wasm-secp256k1';
import {
  ecdsaSign,
  ecdsaVerify,
  publicKeyFromPrivateKey,
  schnorrSign,
  schnorrVerify,
} from '../../src/core/protocol/crypto';
import { compactFromStrictDer } from '../../src/core/protocol/crypto/der';
import { nobleEcdsaVerify, nobleSchnorrVerify } from '../support/crypto/noble-verify';
import { sha256 } from '../../src/core/protocol/hash';
import { signatureCases } from '../support/signature-cases';

const CASES = Number(process.argv[2] ?? 100_000);
const KEYS = 256;
const ROUNDS = 6_000;

function rate(name: string, verify: (i: number) => boolean): { name: string; perSecond: number } {
  for (let i = 0; i < 500; i++) verify(i % KEYS); // warm-up
  const started = performance.now();
  let ok = 0;
  for (let i = 0; i < ROUNDS; i++) if (verify(i % KEYS)) ok++;
  const seconds = (performance.now() - started) / 1000;
  if (ok !== ROUNDS) throw new Error(`${name}: ${ROUNDS - ok} valid signatures did not verify`);
  return { name, perSecond: Math.round(ROUNDS / seconds) };
}

const privateKeys = Array.from({ length: KEYS }, (_, i) => sha256(`verify bench key ${i}`));
const publicKeys = privateKeys.map(publicKeyFromPrivateKey);
const hashes = Array.from({ length: KEYS }, (_, i) => sha256(`verify bench message ${i}`));
const ecdsa = hashes.map((hash, i) => ecdsaSign(hash, privateKeys[i]!));
const compact = ecdsa.map((der) => compactFromStrictDer(der)!);
const schnorr = hashes.map((hash, i) => schnorrSign(hash, privateKeys[i]!));
const solar = await initWasmSecp256k1();

const speed = [
  rate('ecdsa / @noble/curves', (i) => nobleEcdsaVerify(hashes[i]!, ecdsa[i]!, publicKeys[i]!)),
  rate('ecdsa / tiny-secp256k1 (production)', (i) => ecdsaVerify(hashes[i]!, ecdsa[i]!, publicKeys[i]!)),
  rate('ecdsa / @solar-republic/wasm-secp256k1 (raw verify)', (i) =>
    solar.verify(compact[i]!, hashes[i]!, publicKeys[i]!),
  ),
  rate('schnorr / @noble/curves', (i) => nobleSchnorrVerify(hashes[i]!, schnorr[i]!, publicKeys[i]!)),
  rate('schnorr / tiny-secp256k1 (production)', (i) =>
    schnorrVerify(hashes[i]!, schnorr[i]!, publicKeys[i]!),
  ),
];

const started = performance.now();
const cases = signatureCases('bench-verify', CASES);
let disagreements = 0;
const kinds = new Map<string, number>();
for (const one of cases) {
  const fast = (one.algorithm === 'ecdsa' ? ecdsaVerify : schnorrVerify)(
    one.hash,
    one.signature,
    one.publicKey,
  );
  const reference = (one.algorithm === 'ecdsa' ? nobleEcdsaVerify : nobleSchnorrVerify)(
    one.hash,
    one.signature,
    one.publicKey,
  );
  kinds.set(`${one.algorithm}/${one.kind}`, (kinds.get(`${one.algorithm}/${one.kind}`) ?? 0) + 1);
  if (fast !== reference) {
    disagreements++;
    console.error(`disagreement: ${one.algorithm}/${one.kind} fast=${fast} noble=${reference}`);
  }
}
console.log(
  JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      oneCore: speed,
      differential: {
        cases: cases.length,
        kinds: kinds.size,
        disagreements,
        seconds: Math.round((performance.now() - started) / 100) / 10,
      },
    },
    null,
    2,
  ),
);
if (disagreements > 0) process.exit(1);
