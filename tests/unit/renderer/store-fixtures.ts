/** Vault states and a wallet the store tests start from. */
import type { VaultStatus } from '../../../src/shared/domain/vault';
import type { PendingView } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';

export const unlocked: VaultStatus = { hasVault: true, unlocked: true, idleLockMs: 600_000 };
export const locked: VaultStatus = { hasVault: true, unlocked: false, idleLockMs: 600_000 };
export const wallet: WalletView = {
  id: 'w1',
  name: 'Main',
  kind: 'mnemonic',
  network: 'localnet',
  nethash: 'n',
  address: 'D1',
  hasSecondPassphrase: false,
  createdAt: '2026-01-01T00:00:00Z',
};

/** A transfer waiting in the pool, as the pending list shows it; `over` sets what a test looks at. */
export const pendingView = (id: string, over: Partial<PendingView> = {}): PendingView => ({
  id,
  networkId: 'localnet',
  sender: 'A',
  kind: 'transfer',
  amount: '1',
  fee: '1',
  nonce: '1',
  status: 'in-pool',
  statusText: 'In the pool, waiting for a block.',
  expiresAtHeight: 600,
  createdAt: 1,
  lastBroadcastAt: 1,
  broadcastCount: 1,
  confirmationFinal: false,
  ...over,
});
