/** The store's slices with the services replaced: no DOM, no host (zustand testing guide: a fresh store per test). */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingView } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { VotaryError } from '../../../src/shared/ipc/errors';
import { pendingView } from './store-fixtures';

const vault = vi.hoisted(() => ({
  vaultStatus: vi.fn(),
  createVault: vi.fn(),
  unlockVault: vi.fn(),
  lockVault: vi.fn(),
  setAutoLock: vi.fn(),
}));
const wallets = vi.hoisted(() => ({ listWallets: vi.fn() }));
const chain = vi.hoisted(() => ({ chainWallet: vi.fn() }));
// The host, channel by channel (src/renderer/services/call.ts), answered by the functions above.
vi.mock('../../../src/renderer/services/call', () => ({
  call: (channel: string, request?: Record<string, unknown>): unknown => {
    switch (channel) {
      case 'vault:status':
        return vault.vaultStatus();
      case 'vault:create':
        return vault.createVault(request?.['password']);
      case 'vault:unlock':
        return vault.unlockVault(request?.['password']);
      case 'vault:lock':
        return vault.lockVault();
      case 'vault:set-auto-lock':
        return vault.setAutoLock(request?.['minutes']);
      case 'wallets:list':
        return wallets.listWallets();
      case 'chain:wallets':
        return Promise.all(
          (request?.['addresses'] as string[]).map((address) => chain.chainWallet(address) as unknown),
        );
      default:
        return Promise.reject(new Error(`no answer for ${channel} in this test`));
    }
  },
}));

const { createVotaryStore } = await import('../../../src/renderer/store');
const { totalBalance, signingWallets, watchOnlyBalance } =
  await import('../../../src/renderer/store/wallets-slice');
const { upsertPending } = await import('../../../src/renderer/store/pending-slice');

const wallet = (id: string, address: string, kind: WalletView['kind'] = 'mnemonic'): WalletView => ({
  id,
  name: id,
  kind,
  network: 'localnet',
  nethash: 'n',
  address,
  hasSecondPassphrase: false,
  createdAt: '2026-01-01T00:00:00Z',
});
const chainState = (address: string, balance: string) => ({
  address,
  known: true,
  balance,
  nonce: '1',
  lockedBalance: '0',
});

beforeEach(() => vi.resetAllMocks());

describe('vault slice', () => {
  it('a wrong password leaves the vault locked and reports the error in plain words', async () => {
    const store = createVotaryStore();
    vault.unlockVault.mockRejectedValue(new VotaryError({ code: 'ERR_WRONG_PASSWORD', message: 'wrong' }));
    expect(await store.getState().unlockVault('nope')).toBe(false);
    expect(store.getState().error).toEqual({
      code: 'ERR_WRONG_PASSWORD',
      message: 'That password is not right. Try again.',
    });
    expect(store.getState().vault).toBeUndefined();
  });

  it('unlocking loads the wallets and balances; the password is not kept in the store', async () => {
    const store = createVotaryStore();
    vault.unlockVault.mockResolvedValue({ hasVault: true, unlocked: true, idleLockMs: 0 });
    wallets.listWallets.mockResolvedValue([wallet('a', 'AAA'), wallet('w', 'WWW', 'watch')]);
    chain.chainWallet.mockImplementation((address: string) =>
      Promise.resolve(chainState(address, address === 'AAA' ? '150000000' : '50000000')),
    );
    expect(await store.getState().unlockVault('secret password')).toBe(true);
    await vi.waitFor(() => expect(Object.keys(store.getState().chainWallets)).toHaveLength(2));
    // The total is what this vault can spend: the watch-only wallet's balance is shown apart.
    expect(totalBalance(store.getState())).toBe('150000000');
    expect(watchOnlyBalance(store.getState())).toBe('50000000');
    expect(signingWallets(store.getState()).map((w) => w.id)).toEqual(['a']);
    expect(JSON.stringify(store.getState())).not.toContain('secret password');
  });

  it('an auto-lock push returns to the gate and forgets the wallets; unlocking returns to where the person was', () => {
    const store = createVotaryStore();
    store.setState({
      vault: { hasVault: true, unlocked: true, idleLockMs: 60_000 },
      wallets: [wallet('a', 'A')],
    });
    store.getState().navigate('send');
    store.getState().vaultChanged({ hasVault: true, unlocked: false, idleLockMs: 60_000, lockedBy: 'idle' });
    expect(store.getState().vault?.unlocked).toBe(false);
    expect(store.getState().wallets).toEqual([]);
    // The gate covers every screen while locked; the place stays, so unlocking lands back on Send.
    expect(store.getState().route).toBe('send');
  });
});

describe('node slice', () => {
  it('follows block and sync events of the active network only', () => {
    const store = createVotaryStore();
    store.setState({
      node: {
        networkId: 'embedded',
        height: 5,
        blockId: 'x',
        synced: true,
        syncing: false,
        blocksBehind: 0,
        progress: 1,
      },
    });
    store.getState().blockArrived({ networkId: 'embedded', height: 6, id: 'y', transactions: 0, at: 1 });
    expect(store.getState().node?.height).toBe(6);
    store.getState().blockArrived({ networkId: 'other', height: 99, id: 'z', transactions: 0, at: 2 });
    expect(store.getState().node?.height).toBe(6);
    store
      .getState()
      .syncChanged({ networkId: 'embedded', height: 7, syncing: true, blocksBehind: 3, progress: 0.5 });
    expect(store.getState().node).toMatchObject({ height: 7, synced: false, blocksBehind: 3 });
  });
});

describe('pending slice', () => {
  const entry = (id: string, createdAt: number, status: PendingView['status']): PendingView =>
    pendingView(id, {
      networkId: 'embedded',
      sender: 'S',
      status,
      statusText: status,
      expiresAtHeight: 100,
      createdAt,
      lastBroadcastAt: createdAt,
    });

  it('keeps one entry per id, newest first', () => {
    let list = upsertPending([], entry('a', 1, 'broadcast'));
    list = upsertPending(list, entry('b', 2, 'broadcast'));
    list = upsertPending(list, entry('a', 1, 'confirmed'));
    expect(list.map((p) => `${p.id}:${p.status}`)).toEqual(['b:broadcast', 'a:confirmed']);
  });
});
