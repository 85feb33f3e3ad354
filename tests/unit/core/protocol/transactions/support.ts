/** Shared fixtures of the transaction unit tests. */
import devnetVectors from '../../../../fixtures/vectors/transactions-devnet.json';
import { isProtocolError, type ProtocolErrorCode } from '../../../../../src/core/protocol/errors';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { devnet } from '../../../../../src/core/protocol/networks';
import { deserializeTransaction, type TransactionData } from '../../../../../src/core/protocol/transactions';

export const ctx = { network: devnet, height: 6000000 };
export const PASSPHRASE = 'this is a top secret passphrase 1';
export const RECIPIENT = 'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF4';
export const MAINNET_ADDRESS = 'AQzhvhyPrq5nixGShV3VsKrFgnvWgDoHYY';

/** The bytes of the devnet vector whose description starts with `prefix`. */
export function vectorBytes(prefix: string): Uint8Array {
  const vector = devnetVectors.vectors.find((v) => v.description.startsWith(prefix));
  if (!vector) throw new Error(`no devnet vector "${prefix}"`);
  return fromHex(vector.serializedHex);
}

export function vectorTx(prefix: string): TransactionData {
  return deserializeTransaction(vectorBytes(prefix), ctx);
}

/** The ProtocolError code `action` throws (fails the test for anything else). */
export function codeOf(action: () => unknown): ProtocolErrorCode {
  try {
    action();
  } catch (error) {
    if (isProtocolError(error)) return error.code;
    throw new Error(`expected a ProtocolError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a ProtocolError, nothing was thrown');
}

export function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (isProtocolError(error)) return error.message;
    throw new Error(`expected a ProtocolError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a ProtocolError, nothing was thrown');
}

export function patched(bytes: Uint8Array, at: number, value: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[at] = value;
  return copy;
}

export function splice(bytes: Uint8Array, at: number, remove: number, insert: number[] = []): Uint8Array {
  return Uint8Array.from([...bytes.subarray(0, at), ...insert, ...bytes.subarray(at + remove)]);
}
