/**
 * Status lines tied to the state they describe (docs/design/ui.md): the store's parts the screens read follow the
 * host, and a line about an earlier moment leaves when the state it spoke of changes. The host is replaced: each
 * channel answers from the variables below.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileList } from '../../../src/shared/domain/profiles';
import type { PendingView } from '../../../src/shared/domain/transactions';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { VotaryError } from '../../../src/shared/ipc/errors';
import { pendingView } from './store-fixtures';

const host = vi.hoisted(() => ({
  /** What profiles:list answers: the last list pushed. */
  profiles: [] as ProfileList[],
  calls: [] as string[],
}));
vi.mock('../../../src/renderer/services/call', () => ({
  call: (channel: string): Promise<unknown> => {
    host.calls.push(channel);
    switch (channel) {
      case 'vault:create':
        return Promise.resolve({ hasVault: true, unlocked: true, idleLockMs: 0 });
      case 'profiles:list':
        return Promise.resolve(host.profiles.at(-1));
      case 'wallets:list':
        return Promise.resolve([]);
      default:
        return Promise.reject(new Error(`no answer for ${channel} in this test`));
    }
  },
}));

const { createVotaryStore, useVotary } = await import('../../../src/renderer/store');
const { changeTick, walletChangeTick } = await import('../../../src/renderer/store/host-changes');
const { RECENT_MOVES_WITH } = await import('../../../src/renderer/features/dashboard/RecentActivity');
const { runProfileAction } = await import('../../../src/renderer/features/profiles/use-profile-actions');
const { secondPassphraseState } =
  await import('../../../src/renderer/features/delegate/second-passphrase-state');

const profiles = (hasVault: boolean): ProfileList => ({
  activeId: 'work',
  profiles: [
    { id: 'default', name: 'Me', createdAt: '2026-01-01T00:00:00Z', active: false, hasVault: true },
    { id: 'work', name: 'Work', createdAt: '2026-01-02T00:00:00Z', active: true, hasVault },
  ],
});
const entry = (id: string, status: PendingView['status'], extra: Partial<PendingView> = {}): PendingView =>
  pendingView(id, { status, statusText: status, ...extra });

beforeEach(() => {
  host.calls = [];
});

describe('the Profiles list follows the open profile’s vault', () => {
  it('a vault made in a profile opened without one: the list is read again and says it has one', async () => {
    const store = createVotaryStore();
    store.setState({ profiles: profiles(false) });
    host.profiles.push(profiles(true));
    expect(await store.getState().createVault('a long enough password 1')).toBe(true);
    await vi.waitFor(() =>
      expect(store.getState().profiles?.profiles.find((p) => p.id === 'work')?.hasVault).toBe(true),
    );
  });

  it('a vault status that agrees with the list reads nothing again', () => {
    const store = createVotaryStore();
    store.setState({ profiles: profiles(true) });
    store.getState().vaultChanged({ hasVault: true, unlocked: false, idleLockMs: 0 });
    expect(host.calls).not.toContain('profiles:list');
  });
});

describe('a profile action’s banner', () => {
  it('“That password is not right” leaves once the right password removed the profile', async () => {
    useVotary.getState().clearError();
    const wrong = await runProfileAction(
      () => Promise.reject(new VotaryError({ code: 'ERR_WRONG_PASSWORD', message: 'wrong password' })),
      false,
    );
    expect(wrong).toBe(false);
    expect(useVotary.getState().error?.message).toMatch(/password is not right/);
    expect(await runProfileAction(() => Promise.resolve(profiles(true)), false)).toBe(true);
    expect(useVotary.getState().error).toBeUndefined();
  });
});

describe('the second passphrase on the Delegate page', () => {
  const wallet = { id: 'w1', address: 'D1', networkId: 'localnet', kind: 'mnemonic' } as WalletView;
  const state = (secondPublicKey: string | undefined, pending: PendingView[] = []) => ({
    chainWalletsNetworkId: 'localnet',
    chainWallets: {
      D1: {
        address: 'D1',
        known: true,
        balance: '1',
        nonce: '1',
        lockedBalance: '0',
        ...(secondPublicKey ? { secondPublicKey } : {}),
      },
    },
    pending,
  });

  it('is offered while the chain has none and none is on its way', () => {
    expect(secondPassphraseState(state(undefined) as never, wallet)).toBe('none');
    const refused = entry('t', 'rejected', { walletId: 'w1', kind: 'secondSignature' });
    expect(secondPassphraseState(state(undefined, [refused]) as never, wallet)).toBe('none');
  });

  it('is waiting while its registration is pending, and registered once the chain has it', () => {
    const sent = entry('t', 'in-pool', { walletId: 'w1', kind: 'secondSignature' });
    expect(secondPassphraseState(state(undefined, [sent]) as never, wallet)).toBe('pending');
    expect(secondPassphraseState(state('02ab', [sent]) as never, wallet)).toBe('registered');
  });
});

describe('changeTick: what a screen’s read moves with', () => {
  const base = {
    lastBlock: { networkId: 'localnet', height: 5, id: 'b5', transactions: 0, at: 1 },
    node: undefined,
    pending: [entry('t1', 'in-pool')],
    wallets: [] as WalletView[],
    chainWallets: {},
    chainWalletsNetworkId: 'localnet',
  };

  it('changes with a new block and with a pending transaction’s state, not with its confirmations', () => {
    const tick = changeTick(base, ['block', 'pending']);
    expect(
      changeTick({ ...base, lastBlock: { ...base.lastBlock, height: 6, id: 'b6' } }, ['block']),
    ).not.toBe(changeTick(base, ['block']));
    const confirmed = { ...base, pending: [entry('t1', 'confirmed', { height: 6 })] };
    expect(changeTick(confirmed, ['block', 'pending'])).not.toBe(tick);
    const counted = { ...base, pending: [entry('t1', 'in-pool', { confirmations: 3 })] };
    expect(changeTick(counted, ['block', 'pending'])).toBe(tick);
  });

  it('a screen that names only blocks does not move with the pending list', () => {
    const other = { ...base, pending: [entry('t2', 'broadcast')] };
    expect(changeTick(other, ['block'])).toBe(changeTick(base, ['block']));
  });
});

describe('reads that move with the wallets’ chain state (Dashboard’s recent activity, a wallet’s locks)', () => {
  const mine = { id: 'w1', address: 'D1', networkId: 'localnet', kind: 'mnemonic' } as WalletView;
  const chain = (balance: string, nonce = '1', lockedBalance = '0') => ({
    address: 'D1',
    known: true,
    balance,
    nonce,
    lockedBalance,
  });
  const state = (over: Record<string, unknown> = {}) => ({
    lastBlock: { networkId: 'localnet', height: 5, id: 'b5', transactions: 0, at: 1 },
    node: undefined,
    pending: [entry('t1', 'in-pool', { walletId: 'w1' })],
    wallets: [mine],
    chainWallets: { D1: chain('100') },
    chainWalletsNetworkId: 'localnet',
    ...over,
  });

  it('the recent activity is read again on the block that confirms a transaction of its wallets', () => {
    const before = changeTick(state(), RECENT_MOVES_WITH);
    // The sent transaction confirmed: it leaves the open list, and the confirmed rows must have it now — before,
    // they were read every fifth block, and it was on neither list until then.
    const confirmed = state({ pending: [entry('t1', 'confirmed', { walletId: 'w1', height: 6 })] });
    expect(changeTick(confirmed, RECENT_MOVES_WITH)).not.toBe(before);
    // Its balance read after that block moved too.
    expect(changeTick(state({ chainWallets: { D1: chain('90', '2') } }), RECENT_MOVES_WITH)).not.toBe(before);
    // A block that touched none of them reads nothing again.
    const other = state({
      lastBlock: { networkId: 'localnet', height: 6, id: 'b6', transactions: 3, at: 2 },
    });
    expect(changeTick(other, RECENT_MOVES_WITH)).toBe(before);
    const stranger = state({ chainWallets: { D1: chain('100'), D2: { ...chain('5'), address: 'D2' } } });
    expect(changeTick(stranger, RECENT_MOVES_WITH)).toBe(before);
  });

  it('a wallet’s locks are read again when its locked balance moves, not for another wallet', () => {
    const before = walletChangeTick(state(), 'D1');
    expect(walletChangeTick(state({ chainWallets: { D1: chain('90', '2', '10') } }), 'D1')).not.toBe(before);
    const elsewhere = state({ chainWallets: { D1: chain('100'), D2: { ...chain('5'), address: 'D2' } } });
    expect(walletChangeTick(elsewhere, 'D1')).toBe(before);
  });
});
