import { ProtocolError } from '../errors';
import { CoreType, MagistrateType, TypeGroup, typeName } from '../transactions/constants';
import { serializeTransaction } from '../transactions/serialize';
import type { TransactionData } from '../transactions/types';
import { entityStaticFee } from './static';

/**
 * core-transaction-pool 3.9.1 defaults, which the shipped mainnet/devnet/testnet app.json do not override
 * (protocol reference §9).
 */
export const DEFAULT_DYNAMIC_FEES = {
  enabled: true,
  minFeePool: 3000,
  minFeeBroadcast: 3000,
  addonBytes: {
    transfer: 100,
    secondSignature: 250,
    delegateRegistration: 400000,
    vote: 100,
    multiSignature: 500,
    ipfs: 250,
    multiPayment: 500,
    delegateResignation: 100,
    htlcLock: 100,
    htlcClaim: 0,
    htlcRefund: 0,
  } as Readonly<Record<string, number>>,
} as const;

export interface DynamicFeeOptions {
  /** minFeePool or minFeeBroadcast; ≤ 0 is treated as 1. */
  satoshiPerByte: number;
  /** The addon for this transaction, or the table keyed by type key (a missing key counts 0, as in core). */
  addonBytes?: number | Readonly<Record<string, number>>;
  /** Serialized length in bytes; computed from the data when absent. */
  byteLength?: number;
}

/**
 * The minimum fee of the base TransactionHandler.dynamicFee AS IMPLEMENTED in core-transactions 3.9.1:
 * `(addonBytes + Math.round(serialized.length / 2)) × satoshiPerByte` where `serialized` is a Buffer, so this
 * is HALF the byte length (a leftover from when it was a hex string).
 */
export function baseDynamicFee(tx: TransactionData, options: DynamicFeeOptions): bigint {
  const { satoshiPerByte } = options;
  if (!Number.isSafeInteger(satoshiPerByte)) {
    throw new ProtocolError('ERR_SCHEMA', `satoshiPerByte must be an integer, got ${String(satoshiPerByte)}`);
  }
  const perByte = satoshiPerByte <= 0 ? 1 : satoshiPerByte;
  const key = typeName(tx.typeGroup, tx.type);
  const addon =
    typeof options.addonBytes === 'number'
      ? options.addonBytes
      : key !== undefined && options.addonBytes && Object.hasOwn(options.addonBytes, key)
        ? (options.addonBytes[key] ?? 0)
        : 0;
  if (!Number.isSafeInteger(addon) || addon < 0) {
    throw new ProtocolError('ERR_SCHEMA', `addonBytes must be a non-negative integer, got ${String(addon)}`);
  }
  const byteLength = options.byteLength ?? serializeTransaction(tx).length;
  return BigInt(addon + Math.round(byteLength / 2)) * BigInt(perByte);
}

/**
 * The handler's dynamic fee: HTLC claim and refund handlers return 0, the Entity handler returns its static
 * fee, every other type uses baseDynamicFee (§9).
 */
export function dynamicFee(tx: TransactionData, options: DynamicFeeOptions): bigint {
  if (
    tx.typeGroup === TypeGroup.Core &&
    (tx.type === CoreType.HtlcClaim || tx.type === CoreType.HtlcRefund)
  ) {
    return 0n;
  }
  if (tx.typeGroup === TypeGroup.Magistrate && tx.type === MagistrateType.Entity) return entityStaticFee(tx);
  return baseDynamicFee(tx, options);
}
