/**
 * What signature verification asks of libsecp256k1, whichever build of it runs (libsecp256k1.ts chooses): the
 * native addon ARK Core itself verifies with (secp256k1-native.ts) or the WebAssembly build (secp256k1-wasm.ts).
 *
 * The callers check ARK's rules before asking (ecdsa.ts: strict DER, 0 < r, s < n, low-S; schnorr.ts: r < p,
 * s < n; libsecp256k1.ts: a 33-byte 02/03 or 65-byte 04 key, never hybrid), so both builds answer the same
 * question and give the same verdict (tests/unit/core/protocol/crypto/secp256k1-backends.test.ts).
 */
export type Secp256k1BackendName = 'native' | 'wasm';

export interface Secp256k1Backend {
  readonly name: Secp256k1BackendName;
  /**
   * Whether a key that does not parse may be handed to the verifications: they then answer false and nothing else
   * happens (the native addon). The WebAssembly build must only ever be handed keys `isPoint` accepted
   * (libsecp256k1.ts `acceptedPoints`).
   */
  readonly refusesBadKeys: boolean;
  /** Whether these bytes parse as a point (the encoding's prefix and length are checked already). */
  isPoint(publicKey: Uint8Array): boolean;
  /** ECDSA over a 32-byte hash with a 64-byte r ‖ s whose ranges and low-S are checked already. */
  ecdsaVerify(hash: Uint8Array, compact: Uint8Array, publicKey: Uint8Array): boolean;
  /**
   * Legacy bip-schnorr (protocol reference §3.1) over a 32-byte hash with a 64-byte r ‖ s, r < p and s < n
   * checked already: R = s·G − e·P with e = SHA256(r ‖ compressed P ‖ hash) mod n must be finite, have a
   * quadratic-residue y and x(R) = r.
   */
  schnorrVerify(hash: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean;
  /**
   * Whether every one of these legacy Schnorr checks (each as schnorrVerify's, its inputs checked alike) verifies,
   * decided at once: one multi-scalar multiplication with random weights instead of one multiplication each, so a
   * false answer says that at least one fails, never which. Only where the build has it.
   */
  schnorrVerifyBatch?(checks: readonly SchnorrInput[]): boolean;
}

export interface SchnorrInput {
  hash: Uint8Array;
  signature: Uint8Array;
  publicKey: Uint8Array;
}
