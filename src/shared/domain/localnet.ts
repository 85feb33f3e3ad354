/**
 * Localnet controls (docs/design/node.md "Localnet controls"): what the control panel shows and asks
 * of the embedded node. Every control refuses on a remote network (`ERR_LOCALNET_ONLY`).
 */
import { z } from 'zod';
import { publicKeyHex } from './common';

/** A snapshot name: letters, digits, spaces and `._-`, as a user types it (it is also its key). */
export const snapshotName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w .-]+$/, 'use letters, digits, spaces, dots, dashes or underscores');

export const localnetSnapshotView = z.object({
  name: z.string(),
  height: z.number().int(),
  blockId: z.string(),
  /** ISO text. */
  createdAt: z.string(),
  /**
   * False when the snapshot's block is no longer on the chain (a rollback or reset went below it and the chain
   * grew again): rolling back to it is refused (docs/design/node.md "Snapshots").
   */
  reachable: z.boolean(),
});
export type LocalnetSnapshotView = z.output<typeof localnetSnapshotView>;

export const localnetDelegateView = z.object({
  username: z.string(),
  publicKey: z.string(),
  /** Position in the current round's forging order (0…20). */
  slot: z.number().int(),
  /** Taken offline by the user: its slots are missed. */
  offline: z.boolean(),
});
export type LocalnetDelegateView = z.output<typeof localnetDelegateView>;

export const localnetStatus = z.object({
  forging: z.enum(['running', 'paused']),
  /** Seconds per slot. */
  blockTime: z.number().int(),
  height: z.number().int(),
  lastBlockId: z.string(),
  /** The current round's active delegates, in forging order. */
  delegates: z.array(localnetDelegateView),
  snapshots: z.array(localnetSnapshotView),
});
export type LocalnetStatus = z.output<typeof localnetStatus>;

/** A delegate named by username or public key. */
export const delegateRef = z.union([publicKeyHex, z.string().min(1).max(20)]);

/**
 * What happens to the reverted blocks' transactions: `readmit` puts them back into the pool, which keeps those that
 * still apply (ARK `readdTransactions`, the default); `flush` empties the pool, so the chain restarts from exactly
 * the chosen point with nothing pending.
 */
export const rollbackPool = z.enum(['readmit', 'flush']);

export const rollbackRequest = z.union([
  z.strictObject({ snapshot: snapshotName, pool: rollbackPool.default('readmit') }),
  z.strictObject({ height: z.number().int().min(1), pool: rollbackPool.default('readmit') }),
]);
export type RollbackRequest = z.output<typeof rollbackRequest>;

/** What a reset or rollback did. */
export const rollbackResult = z.object({
  /** Blocks reverted. */
  reverted: z.number().int(),
  /** Blocks re-applied from the snapshot archive (a rollback forward to a snapshot above the tip). */
  reapplied: z.number().int(),
  height: z.number().int(),
  lastBlockId: z.string(),
  /** The reverted blocks' transactions that are back in the pool (not in a re-applied block). */
  returned: z.number().int(),
  /** The reverted blocks' transactions that no longer apply (or were flushed): neither on chain nor in the pool. */
  dropped: z.number().int(),
  /** Pool size after the reverted transactions were re-admitted. */
  poolSize: z.number().int(),
});
export type RollbackResult = z.output<typeof rollbackResult>;
