/**
 * libsecp256k1 as a native addon: bcrypto 5's build of it, the very library ARK Core 3.9.1 verifies with
 * (@arkecosystem/crypto's `Hash.verifyECDSA` calls `secp256k1.verify`, `Hash.verifySchnorr` calls
 * `secp256k1.schnorrVerify`, packages/crypto/src/crypto/hash.ts). Each check is one native call, about four times
 * faster than the WebAssembly build (docs/benchmarks.md, "Ingest"). The addon is N-API, so one build serves Node and
 * Electron alike; it is compiled from bcrypto's bundled C sources when the package installs.
 *
 * bcrypto's own entry picks its JavaScript backend when NODE_BACKEND=js is set in the process; this module loads the
 * libsecp256k1 wrapper directly, so it verifies natively or not at all (libsecp256k1.ts then falls back).
 */
import { createRequire } from 'node:module';
import type { Secp256k1Backend } from './secp256k1-backend';

/** The part of bcrypto's `lib/native/secp256k1-libsecp256k1.js` used here (bcrypto ships no types). */
interface BcryptoSecp256k1 {
  publicKeyVerify(key: Buffer): boolean;
  /** ECDSA with a 64-byte r ‖ s; bcrypto normalizes S first (ARK checks low-S before, and so do the callers). */
  verify(msg: Buffer, sig: Buffer, key: Buffer): boolean;
  /** Legacy bip-schnorr (secp256k1_schnorrleg_verify). */
  schnorrVerify(msg: Buffer, sig: Buffer, key: Buffer): boolean;
  /** Legacy bip-schnorr batch verification (secp256k1_schnorrleg_verify_batch): true when every item verifies. */
  schnorrVerifyBatch(batch: [msg: Buffer, sig: Buffer, key: Buffer][]): boolean;
}

/** A Buffer over the same memory (bcrypto asserts Buffer.isBuffer): no copy. */
function buffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const fromHex = (hex: string) => Buffer.from(hex, 'hex');

/**
 * One signature of each kind from the protocol's vectors (tests/fixtures/vectors/signatures.json, "message 1"):
 * an addon that loads but does not accept them, or accepts them altered, is not used.
 */
const SELF_CHECK = {
  publicKey: fromHex('0205d9bbe71c343ac9a6a83a4344fd404c3534fc7349827097d0835d160bc2b896'),
  hash: fromHex('b526aef1a341cfe6e5c377ed4c222888eeb81f913a107110a867e009c1758f24'),
  schnorr: fromHex(
    '93dafadcb873b31308ea98084506dd5efbba9ff9b0ebb29e25d53c3071a2c65f' +
      '55d17fdfa28c62589c72f4f6055c4a87a5e5052f0e386226a194c1ffb5e9094a',
  ),
  ecdsa: fromHex(
    '3d26463588c6b4350a7e6ba9672cbd9f4857ad8fd8e24813d1045507cda9ac07' +
      '7be32e5fb265e39352b4e600e76d9bfc63d89e0d157a5e6ffe4c84644fee949b',
  ),
};

function passesSelfCheck(lib: BcryptoSecp256k1): boolean {
  const { publicKey, hash, schnorr, ecdsa } = SELF_CHECK;
  const altered = Buffer.from(hash);
  altered[0]! ^= 1;
  return (
    lib.publicKeyVerify(publicKey) &&
    lib.schnorrVerify(hash, schnorr, publicKey) &&
    lib.verify(hash, ecdsa, publicKey) &&
    !lib.schnorrVerify(altered, schnorr, publicKey) &&
    !lib.verify(altered, ecdsa, publicKey) &&
    lib.schnorrVerifyBatch([
      [hash, schnorr, publicKey],
      [hash, schnorr, publicKey],
    ]) &&
    !lib.schnorrVerifyBatch([
      [hash, schnorr, publicKey],
      [altered, schnorr, publicKey],
    ])
  );
}

/**
 * The native backend, or the reason it cannot be used (the addon is not built, or fails its self-check). `load` is
 * Node's require from here; tests hand in one that fails as a missing build does.
 */
export function loadNativeSecp256k1(
  load: (id: string) => unknown = createRequire(import.meta.url),
): Secp256k1Backend | Error {
  let lib: BcryptoSecp256k1;
  try {
    const binding = load('bcrypto/lib/native/binding.js') as { USE_SECP256K1?: number };
    if (binding.USE_SECP256K1 !== 1) return new Error('bcrypto was built without libsecp256k1');
    lib = load('bcrypto/lib/native/secp256k1-libsecp256k1.js') as BcryptoSecp256k1;
    if (!passesSelfCheck(lib)) return new Error('bcrypto failed its self-check on the protocol vectors');
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
  return {
    name: 'native',
    // secp256k1_ec_pubkey_parse fails inside the C call, which answers false and verifies on as before
    // (tests/unit/core/protocol/crypto/schnorr-batch.test.ts: 20,000 batches holding a key off the curve).
    refusesBadKeys: true,
    isPoint: (publicKey) => lib.publicKeyVerify(buffer(publicKey)),
    ecdsaVerify: (hash, compact, publicKey) => lib.verify(buffer(hash), buffer(compact), buffer(publicKey)),
    schnorrVerify: (hash, signature, publicKey) =>
      lib.schnorrVerify(buffer(hash), buffer(signature), buffer(publicKey)),
    schnorrVerifyBatch: (checks) =>
      lib.schnorrVerifyBatch(
        checks.map(({ hash, signature, publicKey }) => [buffer(hash), buffer(signature), buffer(publicKey)]),
      ),
  };
}
