/**
 * "Unlock on this device" on the read layer: whether the OS keychain keeps a key for the open profile's vault
 * (vault:keychain-status), read by the lock gate and by Settings. It moves with the open profile's vault
 * (store/host-changes.ts `vault`: made, opened, locked, another profile opened), not once per screen.
 */
import type { KeychainStatusView } from '../../../shared/domain/vault';
import type { HostChange } from '../../store/host-changes';
import { call } from '../../services/call';
import { useHostRead } from '../use-host-read';
import type { Latest, LatestOptions } from '../use-read';

/** What the keychain's status moves with. */
export const KEYCHAIN_MOVES_WITH: readonly HostChange[] = ['vault'];

/** `read` false: nothing is asked (the last answer stays). */
export function useKeychainStatus(read: boolean, options: LatestOptions = {}): Latest<KeychainStatusView> {
  return useHostRead(
    read ? () => call('vault:keychain-status') : undefined,
    `keychain:${read}`,
    KEYCHAIN_MOVES_WITH,
    options,
  );
}
