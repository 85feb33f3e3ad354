/**
 * The checks a transaction passes before it touches any state (core-transaction-pool 3.x `processor.ts` and
 * `sender-state.ts`; ark-core-api.md §7): decoding, network, size, supported type, expiry, fee floor, signature.
 */
import { sha256 } from '../../protocol/hash';
import { toHex } from '../../protocol/hex';
import { isProtocolError } from '../../protocol/errors';
import { dynamicFee, staticFee } from '../../protocol/fees';
import { contextMilestone, type ChainContext, type Milestone } from '../../protocol/networks';
import {
  CoreType,
  MagistrateType,
  TypeGroup,
  deserializeTransaction,
  internalTypeLabel,
  serializeTransaction,
  typeName,
  validateTransaction,
  verifyTransaction,
  type TransactionData,
} from '../../protocol/transactions';
import { rememberVerdicts } from '../../protocol/crypto/verdicts';
import { checkKey, transactionCheck, type SignatureCheck } from '../../parallel/signature-checks';
import { describeLazily } from './describe';
import { PoolError } from './errors';
import type { PoolOptions } from './options';

/** A decoded transaction with its canonical bytes. */
export interface PoolCandidate {
  id: string;
  tx: TransactionData;
  bytes: Uint8Array;
  /** The sender signature's check, when it was computed already (prefetched on the worker pool). */
  signatureCheck?: SignatureCheck;
  /** The verify workers' verdict on `signatureCheck`, when they gave one (node.ts prefetchSignatures). */
  signatureVerdict?: boolean;
}

export type DecodeResult = { key: string; candidate: PoolCandidate } | { key: string; error: PoolError };

/** ERR_WRONG_NETWORK, in ARK's words (the API refuses a JSON item with it before decoding it too). */
export function wrongNetwork(actual: number, expected: number): PoolError {
  return new PoolError('ERR_WRONG_NETWORK', `network ${actual} doesn't match node's network ${expected}`);
}

/** A protocol failure while decoding: an unknown type or version is unsupported, anything else is bad data. */
function decodeError(error: unknown): PoolError {
  if (isProtocolError(error)) {
    if (error.code === 'ERR_UNKNOWN_TYPE' || error.code === 'ERR_VERSION') {
      return new PoolError('ERR_UNSUPPORTED', error.message);
    }
    return new PoolError('ERR_BAD_DATA', `Invalid transaction data: ${error.message}`);
  }
  throw error;
}

function decodeBytes(bytes: Uint8Array, ctx: ChainContext): DecodeResult {
  // A v2 id is SHA256 of the bytes: the key under which even an undecodable item is reported.
  const key = toHex(sha256(bytes));
  const pubKeyHash = ctx.network.network.pubKeyHash;
  // Byte 2 is the network byte of both layouts (0xff ‖ version ‖ network, protocol reference §4.1).
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[2] !== pubKeyHash) {
    return { key, error: wrongNetwork(bytes[2]!, pubKeyHash) };
  }
  try {
    const tx = deserializeTransaction(bytes, ctx);
    return { key: tx.id ?? key, candidate: { id: tx.id ?? key, tx, bytes } };
  } catch (error) {
    return { key, error: decodeError(error) };
  }
}

function decodeData(data: TransactionData, index: number, ctx: ChainContext): DecodeResult {
  if (typeof data !== 'object' || data === null) {
    return {
      key: String(index),
      error: new PoolError('ERR_BAD_DATA', 'Invalid transaction data: a transaction must be an object'),
    };
  }
  const key = typeof data.id === 'string' ? data.id : String(index);
  const pubKeyHash = ctx.network.network.pubKeyHash;
  if (data.network !== undefined && data.network !== pubKeyHash) {
    return { key, error: wrongNetwork(data.network, pubKeyHash) };
  }
  try {
    // The schema first (it names the bad field), then serializing and decoding again: the canonical form,
    // validated exactly as received bytes would be.
    validateTransaction(data, ctx);
    const bytes = serializeTransaction(data);
    const tx = deserializeTransaction(bytes, ctx);
    const id = tx.id ?? '';
    if (data.id !== id) {
      return {
        key,
        error: new PoolError(
          'ERR_BAD_DATA',
          `Invalid transaction data: id ${String(data.id)} does not match the transaction's content (${id})`,
        ),
      };
    }
    return { key, candidate: { id, tx, bytes } };
  } catch (error) {
    return { key, error: decodeError(error) };
  }
}

export function decodeIncoming(
  item: Uint8Array | TransactionData,
  index: number,
  ctx: ChainContext,
): DecodeResult {
  return item instanceof Uint8Array ? decodeBytes(item, ctx) : decodeData(item, index, ctx);
}

/** Why a type may not enter at this milestone (the `verify()` gates of the type classes, protocol reference §5). */
export function unsupportedReason(tx: TransactionData, milestone: Milestone): string | undefined {
  const label = internalTypeLabel(tx.typeGroup, tx.type);
  if (typeName(tx.typeGroup, tx.type) === undefined) return `Unknown transaction type: ${label}`;
  const aip11 = milestone.aip11 === true;
  if (tx.version !== (aip11 ? 2 : 1)) {
    return `version ${tx.version} transactions are not accepted ${aip11 ? 'after' : 'before'} aip11`;
  }
  if (tx.typeGroup === TypeGroup.Magistrate) {
    const aip36 = milestone.aip36 === true;
    if (tx.type === MagistrateType.Entity) return aip36 ? undefined : 'Entity transactions need aip36';
    return aip11 && !aip36 ? undefined : `${label} is only active between aip11 and aip36`;
  }
  switch (tx.type) {
    case CoreType.MultiSignature:
    case CoreType.Ipfs:
    case CoreType.MultiPayment:
    case CoreType.DelegateResignation:
      return aip11 ? undefined : `${label} needs aip11`;
    case CoreType.HtlcLock:
    case CoreType.HtlcClaim:
    case CoreType.HtlcRefund:
      return aip11 && milestone.htlcEnabled === true ? undefined : 'HTLC transactions are not enabled';
    default:
      return undefined;
  }
}

/** The minimum fee to enter the pool (or to be relayed, with minFeeBroadcast): protocol reference §9. */
export function minimumFee(candidate: PoolCandidate, satoshiPerByte: number, options: PoolOptions): bigint {
  return dynamicFee(candidate.tx, {
    satoshiPerByte,
    addonBytes: options.dynamicFees.addonBytes,
    byteLength: candidate.bytes.length,
  });
}

/**
 * The stateless admission rules in ARK's order (sender-state.ts `apply`): size, supported type, expiration height
 * (`expiration ≤ lastHeight + 1` is expired), fee floor, signature. `ctx.height` is the height of the next block.
 */
export function checkAdmission(
  candidate: PoolCandidate,
  ctx: ChainContext,
  options: PoolOptions,
  known: { signatureVerified?: boolean } = {},
): void {
  const { tx } = candidate;
  const milestone = contextMilestone(ctx);
  const describe = describeLazily(tx, ctx.network.network.pubKeyHash);
  if (candidate.bytes.length > options.maxTransactionBytes) {
    throw new PoolError(
      'ERR_TOO_LARGE',
      `${describe()} exceeds size limit of ${options.maxTransactionBytes} bytes`,
    );
  }
  const unsupported = unsupportedReason(tx, milestone);
  if (unsupported !== undefined) throw new PoolError('ERR_UNSUPPORTED', `${describe()} ${unsupported}`);

  if (tx.expiration !== undefined && tx.expiration > 0 && tx.expiration <= ctx.height) {
    throw new PoolError('ERR_EXPIRED', `${describe()} expired at height ${tx.expiration}`);
  }

  const fees = options.dynamicFees;
  if (fees.enabled) {
    if (tx.fee < minimumFee(candidate, fees.minFeePool, options)) {
      // "to low" (sic): ARK's exact wording, which clients may match.
      throw new PoolError('ERR_LOW_FEE', `${describe()} fee is to low to enter the pool`);
    }
  } else {
    // Without dynamic fees the fee must be the static fee exactly (protocol reference §9).
    const expected = staticFee(tx, milestone);
    if (tx.fee < expected)
      throw new PoolError('ERR_LOW_FEE', `${describe()} fee is to low to enter the pool`);
    if (tx.fee > expected)
      throw new PoolError('ERR_HIGH_FEE', `${describe()} fee is to high to enter the pool`);
  }

  // A multisignature spend has no sender signature: its participant signatures are checked against the wallet
  // by the handler. Everything else must carry a valid sender signature (unless this process verified it already:
  // a pooled transaction admitted again after a revert).
  if (known.signatureVerified !== true && (tx.signature !== undefined || tx.signatures === undefined)) {
    // The signing hash once: for the verification and for the verdict below.
    const check = candidate.signatureCheck ?? transactionCheck(tx);
    const verdict = check === candidate.signatureCheck ? candidate.signatureVerdict : undefined;
    if (!verifyTransaction(tx, ctx, check?.hash, verdict).verified) {
      throw new PoolError('ERR_BAD_DATA', `${describe()} didn't passed verification`);
    }
    // The verdict waits for the block that will carry this transaction (crypto/verdicts.ts): a block forged from
    // the pool then checks the signatures of what it holds without computing them again.
    if (check !== undefined) rememberVerdicts([[checkKey(check), true]]);
  }
}

/** Whether a pooled transaction's fee also clears the relay floor (`broadcast` of POST /api/transactions). */
export function passesBroadcastFee(candidate: PoolCandidate, options: PoolOptions): boolean {
  const fees = options.dynamicFees;
  return !fees.enabled || candidate.tx.fee >= minimumFee(candidate, fees.minFeeBroadcast, options);
}
