import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../src/core/services';
import type { PendingView } from '../../src/shared/domain/transactions';
import type { WalletView } from '../../src/shared/domain/wallets';
import { startFakeNode, type FakeNode } from '../client/support/fake-node';
import { call, nextEvent, openCore, PASSWORD, removeDir, reviewAndSend, tempDir } from './support';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { devnet } from '../../src/core/protocol/networks';

const DEV_SENDER = addressFromPassphrase('devnet sender passphrase', devnet.network.pubKeyHash);

describe('chain reads of the embedded node, and a remote network added by URL', () => {
  let dir: string;
  let core: AppCore;
  let alice: WalletView;
  let remote: FakeNode;
  let remotePeer: FakeNode;
  let funded: string;

  beforeAll(async () => {
    dir = tempDir();
    [core, remote, remotePeer] = await Promise.all([
      openCore(dir, { pollMs: 100 }),
      // The remote node knows the devnet sender with a balance: a wallet with nothing is refused before signing.
      startFakeNode({ wallets: { [DEV_SENDER]: { balance: '100000000', nonce: '0' } } }),
      startFakeNode(),
    ]);
    await call(core, 'vault:create', { password: PASSWORD });
    alice = await call(core, 'wallets:import-passphrase', { passphrase: 'reader alice passphrase' });
    funded = (await call(core, 'localnet:fund', { address: alice.address })).transactionId;
    await nextEvent<PendingView>(core, 'tx:status', (p) => p.id === funded && p.status === 'confirmed');
  });
  afterAll(async () => {
    await core.close();
    await Promise.all([remote.close(), remotePeer.close()]);
    removeDir(dir);
  });

  it('reads wallets, history with filters, delegates, blocks, fees and node state as decimal-string DTOs', async () => {
    const wallet = await call(core, 'chain:wallet', { address: alice.address });
    expect(wallet).toMatchObject({ known: true, balance: '100000000000', nonce: '0' });
    const cold = await call(core, 'chain:wallet', { address: 'D6bw2U6FEgKojYuSARBtPmzJe4o8SZWTwN' });
    expect(cold.known).toBe(true);
    // Several in one read, in the order asked, each once.
    const both = await call(core, 'chain:wallets', {
      addresses: [alice.address, 'D6bw2U6FEgKojYuSARBtPmzJe4o8SZWTwN', alice.address],
    });
    expect(both).toEqual([wallet, cold]);

    const all = await call(core, 'chain:wallet-transactions', { address: alice.address });
    expect(all.data.map((t) => t.id)).toContain(funded);
    expect(all.data.find((t) => t.id === funded)).toMatchObject({ direction: 'received', kind: 'transfer' });
    const received = await call(core, 'chain:wallet-transactions', {
      address: alice.address,
      direction: 'received',
      type: 0,
    });
    expect(received.meta).toMatchObject({ page: 1, limit: 25, totalCount: 1 });
    const sent = await call(core, 'chain:wallet-transactions', { address: alice.address, direction: 'sent' });
    expect(sent.data).toEqual([]);

    const delegates = await call(core, 'chain:delegates', { search: 'genesis_1', limit: 100 });
    expect(delegates.data.length).toBeGreaterThan(0);
    expect(delegates.data.every((d) => d.username.includes('genesis_1'))).toBe(true);

    const blocks = await call(core, 'chain:blocks', { limit: 5 });
    expect(blocks.data[0]!.height).toBe(core.node.height);
    const fees = await call(core, 'chain:fees');
    expect(fees.static['1']?.['transfer']).toBe('10000000');
    const status = await call(core, 'networks:status');
    expect(status).toMatchObject({ networkId: 'embedded', syncing: false, progress: 1 });
    const config = await call(core, 'networks:configuration');
    expect(config.constants.blocktime).toBe(1);
    const peers = await call(core, 'networks:peers');
    expect(peers[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const locks = await call(core, 'chain:wallet-locks', { address: alice.address });
    expect(locks.data).toEqual([]);
  });

  it('adds a remote network by URL, edits its peers, follows it when active, refuses the faucet there', async () => {
    const added = await call(core, 'networks:add', { url: remote.url });
    expect(added).toMatchObject({ kind: 'remote', name: 'devnet', active: false, peers: [remote.url] });
    const withPeer = await call(core, 'networks:add-peer', { networkId: added.id, url: remotePeer.url });
    expect(withPeer.peers).toEqual([remote.url, remotePeer.url]);
    await call(core, 'networks:remove-peer', { networkId: added.id, url: remotePeer.url });

    const block = nextEvent(core, 'networks:block', (e: { networkId: string }) => e.networkId === added.id);
    expect((await call(core, 'networks:select', { networkId: added.id })).active).toBe(true);
    expect(await block).toMatchObject({ height: 5_000_000 });
    expect((await call(core, 'networks:status')).networkId).toBe(added.id);

    const refused = await core.handleRequest('localnet:fund', { address: alice.address });
    expect(refused).toMatchObject({ ok: false, error: { code: 'ERR_FAUCET_UNAVAILABLE' } });

    // A devnet wallet signs in the key store; the transaction goes to the remote node.
    const devWallet = await call(core, 'wallets:import-passphrase', {
      passphrase: 'devnet sender passphrase',
    });
    expect(devWallet.networkId).toBe(added.id);
    const sent = await reviewAndSend(core, devWallet.id, {
      kind: 'transfer',
      recipientId: devWallet.address,
      amount: '1',
    });
    expect(sent).toMatchObject({
      accepted: true,
      pending: { networkId: added.id, nonce: '1', status: 'broadcast' },
    });
    expect(remote.posted).toHaveLength(1);

    await call(core, 'networks:remove', { networkId: added.id });
    const networks = await call(core, 'networks:list');
    expect(networks.map((n) => [n.id, n.active])).toEqual([['embedded', true]]);
  });
});
