/**
 * The node's word on which libsecp256k1 verifies its signatures (core/protocol/crypto/libsecp256k1.ts): never a
 * silent fallback. Said once per process, by the host that opens the verify workers (verify-workers.ts).
 */
import { secp256k1Verifier } from '../protocol/crypto/libsecp256k1';

/** The line to log when the WebAssembly build verifies, with the reason; undefined when the native addon does. */
export function secp256k1FallbackLine(
  verifier: ReturnType<typeof secp256k1Verifier> = secp256k1Verifier(),
): string | undefined {
  if (verifier.name === 'native') return undefined;
  return (
    "votary: signatures are verified with libsecp256k1's WebAssembly build (the same verdicts, about four times " +
    `slower than its native addon): ${verifier.unavailable ?? 'chosen for this thread'}`
  );
}

let reported = false;

/** Writes the fallback line to stderr the first time it is asked for in this process (false when nothing to say). */
export function reportSecp256k1Fallback(
  write: (line: string) => void = (line) => process.stderr.write(line),
): boolean {
  const line = secp256k1FallbackLine();
  if (line === undefined || reported) return false;
  reported = true;
  write(`${line}\n`);
  return true;
}
