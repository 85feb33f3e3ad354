import { DEFAULT_DYNAMIC_FEES } from '../../protocol/fees';

/** Dynamic fee policy (protocol reference §9): core-transaction-pool 3.9.1 defaults. */
export interface DynamicFeePolicy {
  enabled: boolean;
  /** Satoshi per byte a transaction must pay to enter the pool. */
  minFeePool: number;
  /** Satoshi per byte a transaction must pay to be relayed (its id goes into `broadcast`). */
  minFeeBroadcast: number;
  addonBytes: Readonly<Record<string, number>>;
}

export interface PoolOptions {
  /** ARK maxTransactionsInPool. */
  maxTransactionsInPool: number;
  /** ARK maxTransactionsPerSender. */
  maxTransactionsPerSender: number;
  /** ARK maxTransactionBytes: larger transactions are ERR_TOO_LARGE. */
  maxTransactionBytes: number;
  /**
   * Blocks after which a transaction that was never forged leaves the pool (ARK maxTransactionAge: 2,700 blocks,
   * about 6 hours at 8 s).
   */
  maxTransactionAge: number;
  dynamicFees: DynamicFeePolicy;
}

export const DEFAULT_POOL_OPTIONS: PoolOptions = {
  maxTransactionsInPool: 15_000,
  maxTransactionsPerSender: 150,
  maxTransactionBytes: 2_000_000,
  maxTransactionAge: 2_700,
  dynamicFees: {
    enabled: DEFAULT_DYNAMIC_FEES.enabled,
    minFeePool: DEFAULT_DYNAMIC_FEES.minFeePool,
    minFeeBroadcast: DEFAULT_DYNAMIC_FEES.minFeeBroadcast,
    addonBytes: DEFAULT_DYNAMIC_FEES.addonBytes,
  },
};

export type PoolOptionsInput = Partial<Omit<PoolOptions, 'dynamicFees'>> & {
  dynamicFees?: Partial<DynamicFeePolicy>;
};

export function resolvePoolOptions(input: PoolOptionsInput = {}): PoolOptions {
  const { dynamicFees, ...rest } = input;
  const options: PoolOptions = {
    ...DEFAULT_POOL_OPTIONS,
    ...rest,
    dynamicFees: { ...DEFAULT_POOL_OPTIONS.dynamicFees, ...dynamicFees },
  };
  for (const key of [
    'maxTransactionsInPool',
    'maxTransactionsPerSender',
    'maxTransactionBytes',
    'maxTransactionAge',
  ] as const) {
    if (!Number.isSafeInteger(options[key]) || options[key] < 1) {
      throw new RangeError(`pool option ${key} must be a positive integer, got ${options[key]}`);
    }
  }
  return options;
}
