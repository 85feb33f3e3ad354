/** The dashboard's recent activity lists the active network's rows only, even just after switching networks. */
import { describe, expect, it } from 'vitest';
import type { TransactionView } from '../../../src/shared/domain/chain-views';
import type { PendingView } from '../../../src/shared/domain/transactions';
import { directionWords, recentOnNetwork } from '../../../src/renderer/features/dashboard/RecentActivity';

const row = (id: string): TransactionView => ({
  id,
  type: 0,
  typeGroup: 1,
  kind: 'transfer',
  amount: '1',
  fee: '1',
  sender: 'AOnDevnet',
  senderPublicKey: 'p',
  recipient: 'B',
  confirmations: 1,
});

const pending = (id: string, networkId: string, status: PendingView['status']): PendingView => ({
  id,
  networkId,
  sender: 'A',
  kind: 'transfer',
  amount: '1',
  fee: '1',
  nonce: '1',
  status,
  statusText: status,
  expiresAtHeight: 100,
  createdAt: 0,
  lastBroadcastAt: 0,
  broadcastCount: 1,
  confirmationFinal: false,
});

const wallets = [
  { networkId: 'devnet', address: 'AOnDevnet' },
  { networkId: 'localnet', address: 'AOnLocalnet' },
  { networkId: 'localnet', address: 'AOnLocalnet2' },
];
const open = [
  pending('dev-open', 'devnet', 'in-pool'),
  pending('local-open', 'localnet', 'broadcast'),
  pending('local-done', 'localnet', 'confirmed'),
];

describe('recentOnNetwork', () => {
  it('reads only the active network’s wallets and lists only its open transactions', () => {
    const view = recentOnNetwork({ networkId: 'localnet', wallets, recent: undefined, pending: open });
    expect(view.addresses).toEqual(['AOnLocalnet', 'AOnLocalnet2']);
    expect(view.open.map((entry) => entry.id)).toEqual(['local-open']);
    expect(view.shown).toEqual([]);
  });

  it('drops rows read on the previous network until the new network’s read answers', () => {
    const devnetRead = { networkId: 'devnet', list: [row('dev-1'), row('dev-2')] };
    expect(
      recentOnNetwork({ networkId: 'devnet', wallets, recent: devnetRead, pending: [] }).shown,
    ).toHaveLength(2);
    const switched = recentOnNetwork({ networkId: 'localnet', wallets, recent: devnetRead, pending: open });
    expect(switched.shown).toEqual([]);
    expect(switched.open.map((entry) => entry.id)).toEqual(['local-open']);
    const localRead = { networkId: 'localnet', list: [row('local-1')] };
    expect(
      recentOnNetwork({ networkId: 'localnet', wallets, recent: localRead, pending: open }).shown.map(
        (t) => t.id,
      ),
    ).toEqual(['local-1']);
  });

  it('lists nothing on a network without wallets or without an active network', () => {
    const read = { networkId: 'mainnet', list: [row('main-1')] };
    expect(recentOnNetwork({ networkId: 'mainnet', wallets, recent: read, pending: open })).toEqual({
      addresses: [],
      shown: [],
      open: [],
    });
    expect(recentOnNetwork({ networkId: undefined, wallets, recent: read, pending: open }).open).toEqual([]);
  });
});

describe('the direction in words', () => {
  it('says a vote is the wallet’s own act, and a transfer to another own wallet is between them', () => {
    expect(directionWords({ direction: 'self', sender: 'DA', recipient: '' })).toBe('Your wallet’s own');
    expect(directionWords({ direction: 'self', sender: 'DA', recipient: 'DA' })).toBe('Your wallet’s own');
    expect(directionWords({ direction: 'self', sender: 'DA', recipient: 'DB' })).toBe('Between your wallets');
    expect(directionWords({ direction: 'sent', sender: 'DA', recipient: 'DB' })).toBe('Sent');
  });
});
