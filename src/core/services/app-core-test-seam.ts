/**
 * The test seam of AppCore (app-core.ts): the few things tests (tests/services) reach inside the composition that no
 * channel, event or option offers, each named for what it is. The composed parts themselves stay private to the
 * composition; the shells (src/main, src/cli) never use this.
 */
import type { ChainAccess } from '../chain-access';
import type { Keystore } from '../keystore';
import type { Networks } from './networks/networks';
import type { PendingTracker } from './transactions/pending-tracker';

export interface AppCoreTestSeam {
  /**
   * The chain a network is read and sent through now (networks/networks.ts `chain`): its own node's while one runs
   * in this process (`inProcess`), else its peers'. Tests watch what is broadcast and read there.
   */
  readonly chain: (networkId: string) => ChainAccess;
  /**
   * Runs the pending list's check at `tip`, as a network's sync event at that height does (networks/chain-watch.ts):
   * tests move a transaction's wait in a pool, or its expiry, without forging the blocks in between.
   */
  readonly checkPending: (networkId: string, tip: number) => Promise<void>;
  /** The vault's auto-lock in milliseconds (`vault:set-auto-lock` takes whole minutes). */
  readonly setIdleLockMs: (ms: number) => void;
}

/** The seam over the composed parts; read when called, so a profile switch (profile-switch.ts) is followed. */
export function appCoreTestSeam(parts: {
  networks: Networks;
  tracker: PendingTracker;
  keystore: Keystore;
}): AppCoreTestSeam {
  return {
    chain: (networkId) => parts.networks.chain(networkId),
    checkPending: (networkId, tip) => parts.tracker.check(networkId, tip),
    setIdleLockMs: (ms) => parts.keystore.setIdleLock(ms),
  };
}
