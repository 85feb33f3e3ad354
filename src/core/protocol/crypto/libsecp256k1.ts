/**
 * The signature checks on libsecp256k1, the C library ARK Core verifies with: its native addon (bcrypto,
 * secp256k1-native.ts) where it loads, else its WebAssembly build (tiny-secp256k1, secp256k1-wasm.ts) — the same
 * verdicts, about four times slower. The choice is made once per thread when this module loads;
 * `secp256k1Verifier()` tells which and why, and the node's host says so in its log when it is the fallback
 * (core/parallel/verify-workers.ts). VOTARY_SECP256K1=wasm forces the WebAssembly build (benchmarks compare them).
 * Only public data passes through these functions; signing stays on noble (ecdsa.ts, schnorr.ts).
 *
 * The callers check what is ARK's and not libsecp256k1's first: strict DER and low-S for ECDSA, r < p and s < n for
 * legacy Schnorr; the key's encoding is checked here. Nothing here throws: a key that is not a point is a failed
 * check.
 */
import { toHex } from '../hex';
import type { SchnorrInput, Secp256k1Backend, Secp256k1BackendName } from './secp256k1-backend';
import { loadNativeSecp256k1 } from './secp256k1-native';
import { wasmSecp256k1 } from './secp256k1-wasm';

export interface Secp256k1Choice {
  backend: Secp256k1Backend;
  /** Why the native build is not the one chosen. */
  unavailable?: string;
}

/** The native build unless the environment asks for WebAssembly or the addon does not load (then why). */
export function chooseSecp256k1Backend(
  env: Readonly<Record<string, string | undefined>>,
  loadNative: () => Secp256k1Backend | Error,
): Secp256k1Choice {
  if (env['VOTARY_SECP256K1'] === 'wasm') {
    return { backend: wasmSecp256k1, unavailable: 'VOTARY_SECP256K1=wasm asks for the WebAssembly build' };
  }
  const native = loadNative();
  return native instanceof Error
    ? { backend: wasmSecp256k1, unavailable: native.message }
    : { backend: native };
}

const chosen = chooseSecp256k1Backend(process.env, loadNativeSecp256k1);
let backend = chosen.backend;

/** Which build verifies in this thread, and why not the native one when it is not. */
export function secp256k1Verifier(): { name: Secp256k1BackendName; unavailable?: string } {
  return chosen.unavailable === undefined
    ? { name: backend.name }
    : { name: backend.name, unavailable: chosen.unavailable };
}

/**
 * Verifies with the given build from now on in this thread (tests running the same vectors through both builds);
 * answers the one used before. Asking for 'native' where it did not load throws.
 */
export function useSecp256k1Backend(name: Secp256k1BackendName): Secp256k1BackendName {
  const previous = backend.name;
  if (name === 'wasm') backend = wasmSecp256k1;
  else if (chosen.backend.name === 'native') backend = chosen.backend;
  else throw new Error(`the native libsecp256k1 is not available: ${chosen.unavailable}`);
  return previous;
}

/** A 33-byte compressed (02/03) or 65-byte uncompressed (04) point encoding, as noble accepts; never hybrid (06/07). */
function isKeyEncoding(publicKey: Uint8Array): boolean {
  const prefix = publicKey[0];
  return (
    (publicKey.length === 33 && (prefix === 0x02 || prefix === 0x03)) ||
    (publicKey.length === 65 && prefix === 0x04)
  );
}

/**
 * Keys libsecp256k1 has parsed, most recent last. tiny-secp256k1 reports a key that does not parse by throwing from
 * inside the WebAssembly call, which skips the C code's stack restore: every such throw leaks shadow-stack space,
 * and after a few thousand the verifier returns false for valid signatures (tests/unit/core/protocol/crypto/
 * libsecp256k1.test.ts). So on that build no key reaches a verification before `isPoint` (which answers without
 * throwing) has accepted it; senders repeat, so accepted keys are remembered. The native addon refuses such a key
 * itself, and its batch verification is handed keys unparsed (libsecpSchnorrVerifyBatch).
 */
const POINTS_KEPT = 4096;
const acceptedPoints = new Map<string, true>();

/** Whether these bytes encode a point (33 bytes 02/03, or 65 bytes 04): libsecp256k1's parse, remembered. */
export function libsecpIsPoint(publicKey: Uint8Array): boolean {
  if (!isKeyEncoding(publicKey)) return false;
  const id = toHex(publicKey);
  if (acceptedPoints.has(id)) return true;
  if (!backend.isPoint(publicKey)) return false;
  rememberPoint(id);
  return true;
}

function rememberPoint(id: string): void {
  if (acceptedPoints.has(id)) return;
  if (acceptedPoints.size >= POINTS_KEPT) acceptedPoints.delete(acceptedPoints.keys().next().value!);
  acceptedPoints.set(id, true);
}

/**
 * Keys libsecp256k1 verified a signature with, on another thread (a worker of the verify pool) or in a batch here: a
 * signature only verifies after its key parsed, so the sender's address can be derived without parsing it again.
 */
export function rememberVerifiedKeys(publicKeys: Iterable<Uint8Array>): void {
  for (const publicKey of publicKeys) if (isKeyEncoding(publicKey)) rememberPoint(toHex(publicKey));
}

/** ECDSA over a 32-byte hash with a 64-byte r ‖ s signature whose ranges and low-S the caller checked. */
export function libsecpEcdsaVerify(hash: Uint8Array, compact: Uint8Array, publicKey: Uint8Array): boolean {
  if (hash.length !== 32 || compact.length !== 64 || !libsecpIsPoint(publicKey)) return false;
  try {
    return backend.ecdsaVerify(hash, compact, publicKey);
  } catch {
    return false;
  }
}

/** Legacy bip-schnorr over a 32-byte hash with a 64-byte r ‖ s whose r < p and s < n the caller checked. */
export function libsecpSchnorrVerify(
  hash: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (hash.length !== 32 || signature.length !== 64 || !libsecpIsPoint(publicKey)) return false;
  try {
    return backend.schnorrVerify(hash, signature, publicKey);
  } catch {
    return false;
  }
}

/**
 * Whether every one of these legacy Schnorr checks verifies (each's r < p and s < n checked by the caller), decided
 * by libsecp256k1's batch verification where the build has it; undefined where it has not, or where an input is one
 * that is refused before asking (the caller then checks one by one, and finds which): a wrong length or key
 * encoding, and on the WebAssembly build a key that does not parse. The native addon refuses bad keys itself (false)
 * and gets the keys unparsed here: the batch parses each anyway, and a sender's key parsed apart first cost the
 * verify workers about 4 µs of their 45 a distinct sender's transfer (docs/benchmarks.md "Ingest"). The keys of a
 * batch that verified are remembered as points, as a parse here would have (the sender's address is derived from
 * its key next).
 */
export function libsecpSchnorrVerifyBatch(checks: readonly SchnorrInput[]): boolean | undefined {
  const build = backend;
  if (build.schnorrVerifyBatch === undefined) return undefined;
  const keyMayBeAsked = build.refusesBadKeys ? isKeyEncoding : libsecpIsPoint;
  for (const { hash, signature, publicKey } of checks) {
    if (hash.length !== 32 || signature.length !== 64 || !keyMayBeAsked(publicKey)) return undefined;
  }
  let verified: boolean;
  try {
    verified = build.schnorrVerifyBatch(checks);
  } catch {
    return undefined;
  }
  if (verified && build.refusesBadKeys) rememberVerifiedKeys(checks.map((check) => check.publicKey));
  return verified;
}
