/**
 * Crypto micro-benchmarks behind the choices in src/core/protocol/crypto (run:
 * `npx vitest bench --run tests/bench/crypto.bench.ts`). Each group pits what src/ uses against the
 * other @noble/secp256k1 v3 and @noble/curves 2.x alternatives. The alternatives are written here, in the
 * bench only, exactly as the protocol reference §3.1/§10 describes them.
 */
import { secp256k1 as curves } from '@noble/curves/secp256k1.js';
import { bench, describe } from 'vitest';
import {
  ecdsaSign,
  ecdsaVerify,
  publicKeyFromPrivateKey,
  schnorrSign,
  schnorrVerify,
} from '../../src/core/protocol/crypto';
import { compactFromStrictDer } from '../../src/core/protocol/crypto/der';
import { bytesToBigInt, decodePoint, mod, N } from '../../src/core/protocol/crypto/curve';
import { isQuadraticResidue, isQuadraticResidueByExponent } from '../../src/core/protocol/crypto/jacobi';
import { secp } from '../../src/core/protocol/crypto/noble-setup';
import { clearVerificationKeyCache, parseVerificationKey } from '../support/crypto/point-cache';
import { sha256 } from '../../src/core/protocol/hash';
import { concatBytes } from '../../src/core/protocol/hex';

const COUNT = 64;
const privateKeys = Array.from({ length: COUNT }, (_, i) => sha256(`bench key ${i}`));
const publicKeys = privateKeys.map(publicKeyFromPrivateKey);
const hashes = Array.from({ length: COUNT }, (_, i) => sha256(`bench message ${i}`));
const schnorrSignatures = hashes.map((h, i) => schnorrSign(h, privateKeys[i]!));
const ecdsaSignatures = hashes.map((h, i) => ecdsaSign(h, privateKeys[i]!));
const ecdsaCompact = ecdsaSignatures.map((der) => compactFromStrictDer(der)!);
const fieldValues = hashes.map((h) => bytesToBigInt(h));
let i = 0;
const next = (): number => (i = (i + 1) % COUNT);

type Verifier = (hash: Uint8Array, signature: Uint8Array, publicKey: Uint8Array) => boolean;

/** Legacy bip-schnorr verification on a noble Point class (the straightforward §3.1/§10 recipe). */
function legacyVerifyWith(
  fromBytes: (b: Uint8Array) => { toBytes(c: boolean): Uint8Array },
  combine: (s: bigint, e: bigint, point: never) => { x: bigint; y: bigint } | undefined,
  residue: (y: bigint) => boolean,
): Verifier {
  return (hash, signature, publicKey) => {
    const r = bytesToBigInt(signature.subarray(0, 32));
    const s = bytesToBigInt(signature.subarray(32));
    const point = fromBytes(publicKey);
    const e = mod(
      bytesToBigInt(sha256(concatBytes(signature.subarray(0, 32), point.toBytes(true), hash))),
      N,
    );
    const affine = combine(s, e, point as never);
    return affine !== undefined && residue(affine.y) && affine.x === r;
  };
}

type SecpPoint = InstanceType<typeof secp.Point>;
type CurvesPoint = InstanceType<typeof curves.Point>;

const secpVerify = legacyVerifyWith(
  (b) => secp.Point.fromBytes(b),
  (s, e, p: SecpPoint) => {
    const r = secp.Point.BASE.multiply(s).add(p.multiplyUnsafe(N - e));
    return r.equals(secp.Point.ZERO) ? undefined : r.toAffine();
  },
  isQuadraticResidue,
);
const curvesSeparate = legacyVerifyWith(
  (b) => curves.Point.fromBytes(b),
  (s, e, p: CurvesPoint) => {
    const r = curves.Point.BASE.multiplyUnsafe(s).add(p.multiplyUnsafe(N - e));
    return r.is0() ? undefined : r.toAffine();
  },
  isQuadraticResidue,
);
const curvesShamir = legacyVerifyWith(
  (b) => curves.Point.fromBytes(b),
  (s, e, p: CurvesPoint) => {
    const r = curves.Point.BASE.mulAddUnsafe(s, p, N - e);
    return r.is0() ? undefined : r.toAffine();
  },
  isQuadraticResidue,
);

const sanity = (verify: Verifier): void => {
  for (let k = 0; k < COUNT; k++) {
    if (!verify(hashes[k]!, schnorrSignatures[k]!, publicKeys[k]!))
      throw new Error('benchmark verifier is wrong');
  }
};
// schnorrVerify four times: a key gets its precomputed tables on its fourth use (point-cache.ts).
[
  secpVerify,
  curvesSeparate,
  curvesShamir,
  schnorrVerify,
  schnorrVerify,
  schnorrVerify,
  schnorrVerify,
].forEach(sanity);

describe('Schnorr verify (legacy bip-schnorr)', () => {
  bench('ours: @noble/curves, cached key with precomputed wNAF tables', () => {
    const k = next();
    schnorrVerify(hashes[k]!, schnorrSignatures[k]!, publicKeys[k]!);
  });
  bench('ours: key cache miss (parse + tables every time)', () => {
    const k = next();
    clearVerificationKeyCache();
    schnorrVerify(hashes[k]!, schnorrSignatures[k]!, publicKeys[k]!);
  });
  bench('@noble/secp256k1 v3 Point: G.multiply(s) + P.multiplyUnsafe(-e)', () => {
    const k = next();
    secpVerify(hashes[k]!, schnorrSignatures[k]!, publicKeys[k]!);
  });
  bench('@noble/curves Point: G.multiplyUnsafe(s) + P.multiplyUnsafe(-e)', () => {
    const k = next();
    curvesSeparate(hashes[k]!, schnorrSignatures[k]!, publicKeys[k]!);
  });
  bench('@noble/curves Point: G.mulAddUnsafe(s, P, -e)', () => {
    const k = next();
    curvesShamir(hashes[k]!, schnorrSignatures[k]!, publicKeys[k]!);
  });
});

describe('quadratic-residue test of y(R)', () => {
  bench('binary Jacobi symbol', () => {
    isQuadraticResidue(fieldValues[next()]!);
  });
  bench('Euler criterion y^((p-1)/2) (square-and-multiply)', () => {
    isQuadraticResidueByExponent(fieldValues[next()]!);
  });
});

describe('public key → verification point', () => {
  bench('ours: decodePoint (@noble/curves fromBytes)', () => {
    decodePoint(publicKeys[next()]!);
  });
  bench('ours: parseVerificationKey', () => {
    parseVerificationKey(publicKeys[next()]!);
  });
  bench('@noble/secp256k1 v3 Point.fromBytes', () => {
    secp.Point.fromBytes(publicKeys[next()]!);
  });
  bench('@noble/curves Point.fromBytes', () => {
    curves.Point.fromBytes(publicKeys[next()]!);
  });
});

describe('Schnorr sign', () => {
  bench('ours: @noble/secp256k1 v3 G.multiply (k·G and d·G)', () => {
    const k = next();
    schnorrSign(hashes[k]!, privateKeys[k]!);
  });
  bench('@noble/curves G.multiply (k·G and d·G only)', () => {
    const k = next();
    const k0 = mod(bytesToBigInt(sha256(concatBytes(privateKeys[k]!, hashes[k]!))), N);
    curves.Point.BASE.multiply(k0).toAffine();
    curves.Point.BASE.multiply(bytesToBigInt(privateKeys[k]!)).toBytes(true);
  });
});

describe('ECDSA', () => {
  bench('sign ours (@noble/secp256k1 v3 sign + DER)', () => {
    const k = next();
    ecdsaSign(hashes[k]!, privateKeys[k]!);
  });
  bench('sign @noble/curves', () => {
    const k = next();
    curves.sign(hashes[k]!, privateKeys[k]!, { prehash: false, lowS: true });
  });
  bench('verify ours (strict DER + @noble/curves, key cache hit)', () => {
    const k = next();
    ecdsaVerify(hashes[k]!, ecdsaSignatures[k]!, publicKeys[k]!);
  });
  bench('verify @noble/secp256k1 v3', () => {
    const k = next();
    secp.verify(ecdsaCompact[k]!, hashes[k]!, publicKeys[k]!, { prehash: false, lowS: true });
  });
  bench('verify @noble/curves', () => {
    const k = next();
    curves.verify(ecdsaCompact[k]!, hashes[k]!, publicKeys[k]!, { prehash: false, lowS: true });
  });
});
