/**
 * Signature verdicts computed ahead of time on worker threads (core/parallel/signature-prefetch.ts), waiting
 * for the synchronous validation that asks for them. The node's validation is one synchronous pass over state
 * (pool admission, block application); prefetching its signature checks in bulk on every core and letting that
 * pass find the answers keeps the rules in one place and uses both cores.
 *
 * A verdict is keyed by everything the check depends on (algorithm, hash, signature, public key), is the answer
 * the same function gives on the main thread, and is used once: a hit removes it. Nothing is ever trusted that
 * was not computed here; a miss simply verifies inline.
 */

export type SignatureAlgorithm = 'ecdsa' | 'schnorr';

/**
 * Beyond this many waiting verdicts the oldest go (prefetched for something that never asked, or a pooled
 * transaction that was never forged). A key is ~145 one-byte characters, so this bounds the memo to ~10 MB; it
 * holds a full pool (15,000) and a replay window (64 blocks of 150) with room to spare.
 */
const KEPT = 50_000;
const waiting = new Map<string, boolean>();

/** The bytes as a one-byte-per-character string (Node's latin1 encoder: half the length of hex, built natively). */
function latin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

/**
 * The check's identity: the algorithm, the three lengths (so no two different checks concatenate alike), then the
 * bytes. Built twice a transaction on the main thread (prefetch, admission), so it is not hex (bench:ingest).
 */
export function verdictKey(
  algorithm: SignatureAlgorithm,
  hash: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): string {
  return `${algorithm}:${hash.length}:${signature.length}:${publicKey.length}:${latin1(hash)}${latin1(signature)}${latin1(publicKey)}`;
}

export function rememberVerdicts(entries: Iterable<readonly [string, boolean]>): void {
  for (const [key, verdict] of entries) {
    if (waiting.size >= KEPT) waiting.delete(waiting.keys().next().value!);
    waiting.set(key, verdict);
  }
}

/** The prefetched verdict for this check (removed as it is read), or undefined when there is none. */
export function takeVerdict(
  algorithm: SignatureAlgorithm,
  hash: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean | undefined {
  if (waiting.size === 0) return undefined;
  const key = verdictKey(algorithm, hash, signature, publicKey);
  const verdict = waiting.get(key);
  if (verdict !== undefined) waiting.delete(key);
  return verdict;
}

/** Whether a verdict for this key waits already (the pool verified the transaction on admission). */
export function hasVerdict(key: string): boolean {
  return waiting.has(key);
}

/** Drops every waiting verdict (benchmarks that time verification again on the same transactions). */
export function clearVerdicts(): void {
  waiting.clear();
}

/** How many verdicts wait (for tests and benchmarks). */
export function waitingVerdicts(): number {
  return waiting.size;
}
