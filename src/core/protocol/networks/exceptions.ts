/**
 * ARK's exceptions lists (`exceptions.json` of @arkecosystem/crypto-networks, shipped in resources/networks/<name>/):
 * the history ARK Core 3.9.1 accepts against its own rules. Each reader cites the ARK file that applies the key.
 * Only `network.exceptions` is read, which only the presets Votary ships carry (types.ts `Network.exceptions`).
 */
import type { Network, NetworkExceptions } from './types';

interface ExceptionIndex {
  /** `blocks` ∪ `transactions`: crypto `utils/index.ts` isIdException looks an id up in both lists. */
  ids: Set<string>;
  fixedIds: Set<string>;
}

const indexes = new WeakMap<NetworkExceptions, ExceptionIndex>();

function indexOf(exceptions: NetworkExceptions): ExceptionIndex {
  let index = indexes.get(exceptions);
  if (index === undefined) {
    index = {
      ids: new Set([...(exceptions.blocks ?? []), ...(exceptions.transactions ?? [])]),
      fixedIds: new Set(Object.values(exceptions.transactionIdFixTable ?? {})),
    };
    indexes.set(exceptions, index);
  }
  return index;
}

function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * A transaction ARK applies as an exception (crypto `utils/index.ts` isException with a 64-character id, i.e.
 * isIdException): its signature counts as verified (crypto `transactions/verifier.ts`), and the wallet checks —
 * nonce, balance, second signature, multisignature — are skipped (core-transactions `handlers/transaction.ts`
 * performGenericWalletChecks); its sender may go negative (same file, applyToSender's assert).
 */
export function isExceptionTransaction(network: Network, id: string | undefined): boolean {
  const exceptions = network.exceptions;
  return exceptions !== undefined && id !== undefined && indexOf(exceptions).ids.has(id);
}

/**
 * A block ARK accepts without verification (core-blockchain `processor/block-processor.ts` → `exception-handler.ts`:
 * only height + 1 and a new id are required). A legacy (numeric) id counts only when the block holds exactly the
 * transactions `blocksTransactions` lists for it (crypto `utils/index.ts` isException).
 */
export function isExceptionBlock(
  network: Network,
  id: string | undefined,
  transactionIds: readonly (string | undefined)[],
): boolean {
  const exceptions = network.exceptions;
  if (exceptions === undefined || id === undefined) return false;
  if (id.length < 64) {
    const listed = own(exceptions.blocksTransactions, id);
    if (listed === undefined || listed.length !== transactionIds.length) return false;
    const expected = [...listed].sort();
    const actual = [...transactionIds].sort();
    if (expected.some((txId, i) => actual[i] !== txId)) return false;
  }
  return indexOf(exceptions).ids.has(id);
}

/** The id a block is known by on the chain: its computed id through `outlookTable` (crypto `blocks/deserializer.ts`). */
export function outlookBlockId(network: Network, computedId: string): string {
  return own(network.exceptions?.outlookTable, computedId) ?? computedId;
}

/** The id a v1 transaction is known by: its computed id through `transactionIdFixTable` (crypto `transactions/utils.ts`). */
export function fixedTransactionId(network: Network, computedId: string): string {
  return own(network.exceptions?.transactionIdFixTable, computedId) ?? computedId;
}

/**
 * A transaction of the fix table (its chain id is a value of `transactionIdFixTable`): its signature was made over
 * v1 bytes holding a recipient even for a type 1 or 4 transaction — the recipient or, without one, the sender's own
 * address (crypto `transactions/serializer.ts` getBytesV1, isBrokenTransaction).
 */
export function isIdFixedTransaction(network: Network, id: string | undefined): boolean {
  const exceptions = network.exceptions;
  return exceptions !== undefined && id !== undefined && indexOf(exceptions).fixedIds.has(id);
}

/**
 * The order ARK applies a block's transactions in when it differs from the block's own (`wrongTransactionOrder`,
 * crypto `blocks/block.ts`: the block verifies — payload hash included — in its own order, then is applied in this
 * one); undefined for every other block.
 */
export function transactionApplyOrder(network: Network, blockId: string | undefined): string[] | undefined {
  return blockId === undefined ? undefined : own(network.exceptions?.wrongTransactionOrder, blockId);
}

/**
 * The negative balance a wallet may show at a nonce (`negativeBalances`, core-state `state-builder.ts`
 * verifyWalletsConsistency: ARK refuses to start on any other negative balance of a wallet that is not a genesis
 * sender); undefined when none is allowed.
 */
export function allowedNegativeBalance(
  network: Network,
  publicKey: string | undefined,
  nonce: bigint,
): bigint | undefined {
  if (publicKey === undefined) return undefined;
  const balance = own(own(network.exceptions?.negativeBalances, publicKey), nonce.toString());
  return balance === undefined ? undefined : BigInt(balance);
}
