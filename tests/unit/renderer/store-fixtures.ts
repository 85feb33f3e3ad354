/** Vault states and a wallet the store tests start from. */
import type { KeystoreStatus } from '../../../src/shared/domain/keystore';
import type { WalletView } from '../../../src/shared/domain/wallets';

export const unlocked: KeystoreStatus = { hasVault: true, unlocked: true, idleLockMs: 600_000 };
export const locked: KeystoreStatus = { hasVault: true, unlocked: false, idleLockMs: 600_000 };
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
