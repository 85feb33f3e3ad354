/**
 * HTLC secrets kept in the vault (core/keystore `keepHtlcSecret`): the secret of every lock a wallet sends is
 * sealed with the wallet before the lock is broadcast, listed (without the secret) for the Locks page, shown again
 * after the vault password and exportable from there, and forgotten once its lock is claimed, refunded or expired
 * (a secret then opens nothing) or when no node accepted the lock.
 */
import type { KeptLockView, RevealedLockSecret } from '../../../shared/domain/transactions';
import type { TransactionDeps } from './deps';

/** The kept locks of a wallet; those the active chain says are closed or expired are forgotten first. */
export async function keptLocks(
  s: Pick<TransactionDeps, 'keystore' | 'networks' | 'chainReads'>,
  walletId: string,
): Promise<KeptLockView[]> {
  const wallet = s.keystore.getWallet(walletId);
  const kept = s.keystore.keptHtlcLocks(walletId);
  const active = s.networks.active();
  if (kept.length > 0 && active.network.network.nethash === wallet.nethash) {
    const states = await s.chainReads.lockStates(kept.map((k) => k.lockId));
    const done = states
      .filter((state) => ['claimed', 'refunded', 'expired'].includes(state.state))
      .map((state) => state.lockId);
    await s.keystore.forgetHtlcSecrets(walletId, done);
    return s.keystore.keptHtlcLocks(walletId);
  }
  return kept;
}

export async function revealLockSecret(
  s: Pick<TransactionDeps, 'keystore' | 'networks' | 'chainReads'>,
  request: { walletId: string; lockId: string; password: string },
): Promise<RevealedLockSecret> {
  return s.keystore.revealHtlcSecret(request.walletId, request.lockId.toLowerCase(), request.password);
}
