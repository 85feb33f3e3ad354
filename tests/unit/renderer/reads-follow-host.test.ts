/**
 * Screens that follow the host without a reload (src/renderer/lib/reads/, on lib/use-read.tsx): each screen's read
 * is keyed on what it moves with, and the store's push events (store/index.ts `storeEvents`) change that key, so
 * the read is made again (`useLatest` reads again at each new key). Each screen is rendered (server rendering:
 * no effect runs and the host is never called), the keys its reads were made with are recorded, a push event is
 * handed to the store as the host would send it, and the screen is rendered again: its read's key must have moved.
 * Before, these screens read once when they opened (Settings → Signing, the lock gate's keychain, the price
 * settings) or moved only with blocks and the pending list (Multisignature), or Send's spendable amount moved with
 * the number of pending entries and not with their state.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UseReadModule from '../../../src/renderer/lib/use-read';
import { pendingView, unlocked, wallet } from './store-fixtures';

type UseRead = typeof UseReadModule;

const keys = vi.hoisted(() => ({ made: [] as string[] }));
vi.mock('../../../src/renderer/lib/use-read', async (original) => {
  const real = await original<UseRead>();
  return {
    ...real,
    useLatest: (load: unknown, key: string, options?: unknown) => {
      keys.made.push(key);
      return real.useLatest(load as never, key, options as never);
    },
  };
});
vi.mock('../../../src/renderer/services/call', () => ({
  call: (channel: string) => Promise.reject(new Error(`no host in this test (${channel})`)),
}));

const { useVotary, storeEvents } = await import('../../../src/renderer/store');
const { SigningSettings } = await import('../../../src/renderer/features/settings/SigningSettings');
const { MultisigPage } = await import('../../../src/renderer/features/multisig/MultisigPage');
const { SendPage } = await import('../../../src/renderer/features/send/SendPage');
const { VaultGate } = await import('../../../src/renderer/features/vault/VaultGate');
const { PriceSettings } = await import('../../../src/renderer/features/settings/PriceSettings');
const { usePriceQuoteStore } = await import('../../../src/renderer/lib/reads/prices');

/** Server rendering reads the stores' initial state: the state a test sets goes there, and is put back after. */
const initial = useVotary.getInitialState();
const saved = { ...initial };
const quotes = usePriceQuoteStore.getInitialState();
const savedQuotes = { ...quotes };
beforeEach(() => {
  useVotary.setState(initial, true);
});
afterEach(() => {
  Object.assign(initial, saved);
  Object.assign(quotes, savedQuotes);
});

/** The state the host's push events left in the store, as the screens will read it. */
const settle = () => Object.assign(initial, useVotary.getState());
/** The keys of the reads `screen` makes whose key starts with `prefix`. */
const readKeys = (screen: ReactElement, prefix: string): string[] => {
  keys.made = [];
  renderToStaticMarkup(screen);
  return keys.made.filter((key) => key.startsWith(prefix));
};
const events = storeEvents(useVotary);

describe('a screen reads again when the host says what it shows changed', () => {
  it('Settings → Signing: after another window saved the signing settings (tx:signing-settings)', () => {
    const before = readKeys(createElement(SigningSettings), 'signing-settings');
    expect(before).toHaveLength(1);
    events['tx:signing-settings']!({ minutes: 0, multiple: 20 });
    settle();
    const after = readKeys(createElement(SigningSettings), 'signing-settings');
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
  });

  it('Multisignature: after a proposal was signed (multisig:changed), without a block', () => {
    const screen = () => createElement(MultisigPage);
    const before = [...readKeys(screen(), 'multisig:'), ...readKeys(screen(), 'proposals:')];
    expect(before).toHaveLength(2);
    events['multisig:changed']!({ reason: 'signed' });
    settle();
    const after = [...readKeys(screen(), 'multisig:'), ...readKeys(screen(), 'proposals:')];
    expect(after).toHaveLength(2);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
  });

  it('Send: the spendable amount after a pending transaction was refused, before any block (tx:status)', () => {
    Object.assign(initial, {
      vault: unlocked,
      wallets: [wallet],
      pending: [pendingView('t1', { walletId: wallet.id, sender: wallet.address })],
    });
    useVotary.setState(initial, true);
    const all = readKeys(createElement(SendPage), '');
    const before = readKeys(createElement(SendPage), 'spendable:');
    // Refused: what it held is spendable again. The list keeps its length and no block came.
    events['tx:status']!(
      pendingView('t1', { walletId: wallet.id, sender: wallet.address, status: 'rejected' }),
    );
    settle();
    expect(readKeys(createElement(SendPage), '')).not.toEqual(all);
    const after = readKeys(createElement(SendPage), 'spendable:');
    expect(before).toHaveLength(1);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
  });

  it('the lock gate’s “Unlock on this device”: after another profile was opened (profile:changed)', () => {
    const profile = (activeId: string) => ({
      activeId,
      profiles: [
        { id: 'a', name: 'A', createdAt: '2026-01-01T00:00:00Z', active: activeId === 'a', hasVault: true },
        { id: 'b', name: 'B', createdAt: '2026-01-02T00:00:00Z', active: activeId === 'b', hasVault: true },
      ],
    });
    const locked = { hasVault: true, unlocked: false, idleLockMs: 0 };
    Object.assign(initial, { vault: locked, profiles: profile('a') });
    useVotary.setState(initial, true);
    const all = readKeys(createElement(VaultGate), '');
    expect(all).toHaveLength(1);
    useVotary.getState().profilesChanged(profile('b'));
    settle();
    expect(readKeys(createElement(VaultGate), '')).not.toEqual(all);
  });

  it('Settings → Prices: after the host pushed the quote that follows a change of the settings', () => {
    const before = readKeys(createElement(PriceSettings), 'price-settings');
    expect(before).toHaveLength(1);
    usePriceQuoteStore.getState().set({ state: 'none', networkId: 'localnet' });
    Object.assign(quotes, usePriceQuoteStore.getState());
    const after = readKeys(createElement(PriceSettings), 'price-settings');
    expect(after[0]).not.toBe(before[0]);
  });

  it('a block alone moves neither the signing settings nor the keychain', () => {
    const signing = readKeys(createElement(SigningSettings), 'signing-settings');
    events['networks:block']!({ networkId: 'localnet', height: 7, id: 'b7', transactions: 0, at: 1 });
    settle();
    expect(readKeys(createElement(SigningSettings), 'signing-settings')).toEqual(signing);
  });
});
