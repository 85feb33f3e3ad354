/** The vault as the screens see it: state only, never a key, password or phrase. */
import { z } from 'zod';

export const vaultStatus = z.object({
  hasVault: z.boolean(),
  unlocked: z.boolean(),
  /** Auto-lock after this many milliseconds without use; 0 = never. */
  idleLockMs: z.number().int().min(0),
  /** Why the vault last locked, when it did so on its own. */
  lockedBy: z.enum(['idle', 'manual']).optional(),
});
export type VaultStatus = z.output<typeof vaultStatus>;

export const keychainStatus = z.object({
  /** Whether an OS keychain can hold the device key here. */
  available: z.boolean(),
  /** Why it cannot, in plain words. */
  reason: z.string().optional(),
  /** Whether "unlock on this device" is on for this vault (false when there is no vault). */
  enabled: z.boolean(),
});
export type KeychainStatusView = z.output<typeof keychainStatus>;
