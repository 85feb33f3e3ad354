/**
 * The wallets and balances the store holds are the active network's (src/renderer/store/wallets-slice.ts). Two
 * networks can share an address — localnet and devnet share an address byte, so one passphrase imported on both is
 * two wallets with one address — and the balances come from the active network's node: listing every network's
 * wallets counted that node's balance once per network in the dashboard's total, and showed it on the other
 * network's wallet.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainWallet } from '../../../src/shared/domain/chain-views';
import type { WalletView } from '../../../src/shared/domain/wallets';

const host = vi.hoisted(() => ({
  active: 'devnet-id',
  walletsAsked: [] as (Record<string, unknown> | undefined)[],
  balance: '100000000000',
  /** Holds chain:wallets answers until released (a network switch while they are on their way). */
  hold: undefined as Promise<void> | undefined,
}));

const ADDRESS = 'DAbcdefghijkmnopqrstuvwxyz12345678';
const wallet = (id: string, networkId: string, network: string): WalletView => ({
  id,
  name: id,
  kind: 'passphrase',
  networkId,
  network,
  nethash: networkId,
  address: ADDRESS,
  hasSecondPassphrase: false,
  createdAt: '2026-11-25T00:00:00.000Z',
});
const vault = [wallet('on-devnet', 'devnet-id', 'devnet'), wallet('on-localnet', 'embedded', 'localnet')];

vi.mock('../../../src/renderer/services/call', () => ({
  call: async (channel: string, request?: Record<string, unknown>): Promise<unknown> => {
    switch (channel) {
      case 'networks:list':
        return ['devnet-id', 'embedded'].map((id) => ({ id, active: id === host.active }));
      case 'wallets:list':
        host.walletsAsked.push(request);
        return vault.filter(
          (w) => request?.['networkId'] === undefined || w.networkId === request['networkId'],
        );
      case 'chain:wallets': {
        const balance = host.balance;
        await host.hold;
        return (request?.['addresses'] as string[]).map((address): ChainWallet => ({
          address,
          known: true,
          balance,
          nonce: '1',
          lockedBalance: '0',
        }));
      }
      default:
        throw new Error(`no answer for ${channel} in this test`);
    }
  },
}));

const { createVotaryStore } = await import('../../../src/renderer/store');
const { chainStateOf, totalBalance } = await import('../../../src/renderer/store/wallets-slice');

beforeEach(() => {
  host.active = 'devnet-id';
  host.walletsAsked = [];
  host.balance = '100000000000';
  host.hold = undefined;
});

describe("the store's wallets on one network of two that share an address", () => {
  it("lists the active network's wallets and counts its node's balance once", async () => {
    const store = createVotaryStore();
    await store.getState().loadWallets();
    // The active network's wallets, then the whole vault for wallets of networks no longer in the list.
    expect(host.walletsAsked).toEqual([{ networkId: 'devnet-id' }, undefined]);
    expect(store.getState().wallets.map((w) => w.id)).toEqual(['on-devnet']);
    expect(totalBalance(store.getState())).toBe('100000000000');
  });

  it("drops the last network's balances when the wallets are listed for another", async () => {
    const store = createVotaryStore();
    await store.getState().loadWallets();
    expect(store.getState().chainWallets[ADDRESS]?.balance).toBe('100000000000');
    // Switched to localnet, whose node cannot answer for the address yet: no devnet balance is shown for it.
    host.active = 'embedded';
    host.balance = '5';
    let release = () => {};
    host.hold = new Promise<void>((resolve) => (release = resolve));
    const loading = store.getState().loadWallets();
    await vi.waitFor(() => expect(store.getState().wallets.map((w) => w.id)).toEqual(['on-localnet']));
    expect(store.getState().chainWallets).toEqual({});
    expect(totalBalance(store.getState())).toBe('0');
    release();
    await loading;
    expect(store.getState().chainWallets[ADDRESS]?.balance).toBe('5');
  });

  it('does not keep answers that come back after the wallets were listed for another network', async () => {
    const store = createVotaryStore();
    await store.getState().loadWallets();
    let release = () => {};
    host.hold = new Promise<void>((resolve) => (release = resolve));
    host.balance = '7';
    // A block on devnet asks the balances again; before they answer, the user switches to localnet.
    const refreshing = store.getState().refreshBalances();
    host.active = 'embedded';
    host.hold = undefined;
    host.balance = '5';
    await store.getState().loadWallets();
    release();
    await refreshing;
    expect(store.getState().chainWallets[ADDRESS]?.balance).toBe('5');
  });

  it('keeps a wallet of a network no longer in the list, without a balance from the active node', async () => {
    const orphan: WalletView = { ...wallet('of-a-removed-network', 'gone', 'testnet'), address: ADDRESS };
    delete (orphan as { networkId?: string }).networkId;
    vault.push(orphan);
    try {
      const store = createVotaryStore();
      await store.getState().loadWallets();
      expect(store.getState().wallets.map((w) => w.id)).toEqual(['on-devnet', 'of-a-removed-network']);
      // The same address on the active network has its balance; the orphan shows none, and is not counted.
      expect(chainStateOf(store.getState(), vault[0]!)?.balance).toBe('100000000000');
      expect(chainStateOf(store.getState(), orphan)).toBeUndefined();
      expect(totalBalance(store.getState())).toBe('100000000000');
    } finally {
      vault.pop();
    }
  });
});
