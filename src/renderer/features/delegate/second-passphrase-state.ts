/**
 * Where a wallet's second passphrase stands, from what the store keeps current: the chain wallet (read again on
 * every block) and the pending list (`tx:status`). "registered" once the chain has its second public key; "pending"
 * while a registration this app sent is on its way (or confirmed, until the chain wallet read after that block
 * arrives); otherwise "none", and the form is offered.
 */
import type { WalletView } from '../../../shared/domain/wallets';
import type { VotaryState } from '../../store/types';
import { chainStateOf } from '../../store/wallets-slice';

export type SecondPassphraseState = 'registered' | 'pending' | 'none';

export function secondPassphraseState(
  state: Pick<VotaryState, 'chainWallets' | 'chainWalletsNetworkId' | 'pending'>,
  wallet: WalletView | undefined,
): SecondPassphraseState {
  if (wallet === undefined) return 'none';
  if (chainStateOf(state, wallet)?.secondPublicKey !== undefined) return 'registered';
  const sent = state.pending.some(
    (entry) =>
      entry.walletId === wallet.id &&
      entry.kind === 'secondSignature' &&
      (entry.status === 'broadcast' || entry.status === 'in-pool' || entry.status === 'confirmed'),
  );
  return sent ? 'pending' : 'none';
}
