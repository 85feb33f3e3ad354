/**
 * The password-based key derivation: scrypt (RFC 7914) from node:crypto (OpenSSL), which runs on libuv's thread
 * pool, so a derivation never blocks the event loop of the Electron main process or the node. The parameters
 * travel with the vault file (docs/design/security.md "Key store"), so they can be raised without breaking older
 * vaults: a vault derived at a lower cost is re-wrapped on its next unlock (vault-session.ts).
 *
 * Default N = 2^17, r = 8, p = 1 (128 MiB of memory per guess). Measured on the 2-core build machine with
 * `node tests/keystore/measure-kdf.mjs`: OpenSSL ≈ 0.37 s per derivation at 2^17 (0.23 s at 2^16), where the
 * pure-JavaScript @noble/hashes scrypt used before took 0.65 s (0.32 s); both give the same bytes.
 * `npm run bench:latency` times the whole unlock path (tests/bench/latency-bench.ts).
 */
import { randomBytes, scrypt } from 'node:crypto';
import { KeystoreError } from './errors';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export interface KdfRecord extends ScryptParams {
  name: 'scrypt';
  dkLen: 32;
  /** 32 random bytes, base64. */
  salt: string;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/** Work (and memory) of one derivation, to compare parameter sets: 128·N·r bytes, p times. */
export function kdfCost({ N, r, p }: ScryptParams): number {
  return N * r * p;
}

/** 256 MiB: the most a vault file may ask of this machine, so a damaged header cannot exhaust memory. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;

/** True for parameters this build accepts: N a power of two in [2^10, 2^20], r in [1, 32], p in [1, 16]. */
export function isSupportedScrypt({ N, r, p }: ScryptParams): boolean {
  const powerOfTwo = Number.isInteger(N) && N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0;
  const rOk = Number.isInteger(r) && r >= 1 && r <= 32;
  const pOk = Number.isInteger(p) && p >= 1 && p <= 16;
  return powerOfTwo && rOk && pOk && 128 * N * r <= MAX_SCRYPT_MEMORY;
}

/** A fresh KDF record (new random salt) for the given cost. */
export function newKdfRecord(params: ScryptParams = DEFAULT_SCRYPT): KdfRecord {
  if (!isSupportedScrypt(params)) {
    throw new KeystoreError('ERR_INVALID_INPUT', 'scrypt parameters are outside the supported range');
  }
  return {
    name: 'scrypt',
    N: params.N,
    r: params.r,
    p: params.p,
    dkLen: 32,
    salt: randomBytes(32).toString('base64'),
  };
}

/**
 * The 32-byte key-encryption key for a password. The password is NFKC-normalized first so the same password
 * typed through different input methods (composed or decomposed accents) derives the same key.
 */
export async function derivePasswordKey(password: string, kdf: KdfRecord): Promise<Uint8Array> {
  const salt = Buffer.from(kdf.salt, 'base64');
  const secret = Buffer.from(password.normalize('NFKC'), 'utf8');
  try {
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt(
        secret,
        salt,
        kdf.dkLen,
        { N: kdf.N, r: kdf.r, p: kdf.p, maxmem: MAX_SCRYPT_MEMORY + 1024 * 1024 },
        (error, derived) => (error ? reject(error) : resolve(derived)),
      ),
    );
    const copy = Uint8Array.from(key);
    key.fill(0);
    return copy;
  } finally {
    secret.fill(0);
  }
}
