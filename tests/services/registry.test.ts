import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { NetworkDescription } from '../../src/core/client';
import { EMBEDDED_NETWORK_ID, NetworkRegistry } from '../../src/core/services/networks/registry';
import { memoryNetworkStore, type NetworkStore } from '../../src/core/services/networks/registry-data';
import { jsonFileNetworkStore } from '../../src/core/services/networks/registry-file-store';
import { devnet, mainnet, milestoneAt, type Network } from '../../src/core/protocol/networks';
import { localnet } from '../../src/core/node/localnet';
import { failure } from '../client/support/failure';

const embedded = { url: 'http://127.0.0.1:4003/', network: localnet };

function description(network: Network, url: string): NetworkDescription {
  return {
    url,
    nethash: network.network.nethash,
    token: network.network.client.token,
    symbol: network.network.client.symbol,
    explorer: network.network.client.explorer,
    version: '3.9.1',
    pubKeyHash: network.network.pubKeyHash,
    ports: {},
    constants: milestoneAt(network, 1) as NetworkDescription['constants'],
    network,
  };
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('NetworkRegistry', () => {
  it('keeps that a network’s nodes run ARK Core in test mode, across a restart', async () => {
    const store = memoryNetworkStore();
    const registry = await NetworkRegistry.open(store, embedded);
    const added = await registry.addRemote(description(devnet, 'http://10.0.0.1:4003/'), 'dev', {
      arkTestMode: true,
    });
    expect(added.arkTestMode).toBe(true);
    const reopened = await NetworkRegistry.open(store, embedded);
    expect(reopened.get(added.id).arkTestMode).toBe(true);
    const plain = await reopened.addRemote(description(mainnet, 'http://10.0.0.2:4003/'));
    expect(plain.arkTestMode).toBeUndefined();
  });

  it('starts with the embedded localnet, which the user cannot change', async () => {
    const registry = await NetworkRegistry.open(memoryNetworkStore(), embedded);
    const [local] = registry.list();
    expect(local).toMatchObject({
      id: EMBEDDED_NETWORK_ID,
      kind: 'embedded',
      name: 'localnet',
      token: 'VTY',
      peers: ['http://127.0.0.1:4003'],
      nethash: localnet.network.nethash,
    });
    expect(local?.explorer).toBeUndefined();
    for (const attempt of [
      registry.addPeer(EMBEDDED_NETWORK_ID, 'http://127.0.0.1:5003'),
      registry.remove(EMBEDDED_NETWORK_ID),
      registry.rename(EMBEDDED_NETWORK_ID, 'mine'),
    ]) {
      expect((await failure(attempt)).code).toBe('ERR_NOT_ALLOWED');
    }
  });

  it('adds remote networks, edits their peers and persists every change', async () => {
    const store = memoryNetworkStore();
    const clock = { now: 1_700_000_000_000 };
    const registry = await NetworkRegistry.open(store, embedded, { now: () => clock.now });
    const dev = await registry.addRemote(description(devnet, 'https://dev.example.org/api'), '  Devnet  ');
    expect(dev).toMatchObject({ id: devnet.network.nethash, kind: 'remote', name: 'Devnet', token: 'DARK' });
    expect(dev.peers).toEqual(['https://dev.example.org']);
    expect(dev.addedAt).toBe(clock.now);

    expect((await failure(registry.addRemote(description(devnet, 'https://other.example.org')))).code).toBe(
      'ERR_DUPLICATE',
    );
    expect((await failure(registry.addRemote(description(localnet, 'http://10.0.0.2:4003')))).code).toBe(
      'ERR_DUPLICATE',
    );

    await registry.addPeer(dev.id, 'http://10.0.0.5:4003/');
    expect((await failure(registry.addPeer(dev.id, 'http://10.0.0.5:4003/api'))).code).toBe('ERR_DUPLICATE');
    expect((await failure(registry.addPeer(dev.id, 'ftp://10.0.0.6'))).code).toBe('ERR_INVALID_URL');
    expect((await failure(registry.addPeer('nope', 'http://10.0.0.6'))).code).toBe('ERR_UNKNOWN_NETWORK');
    let edited = await registry.removePeer(dev.id, 'https://dev.example.org');
    expect(edited.peers).toEqual(['http://10.0.0.5:4003']);
    expect((await failure(registry.removePeer(dev.id, 'http://10.0.0.5:4003'))).message).toContain(
      'last peer',
    );
    edited = await registry.setPeers(dev.id, ['https://a.example.org', 'http://10.0.0.7:4003/api']);
    expect(edited.peers).toEqual(['https://a.example.org', 'http://10.0.0.7:4003']);
    expect((await failure(registry.setPeers(dev.id, []))).code).toBe('ERR_NOT_ALLOWED');
    expect((await failure(registry.setPeers(dev.id, ['http://x.org', 'http://x.org/']))).code).toBe(
      'ERR_DUPLICATE',
    );
    await registry.rename(dev.id, 'ARK devnet');
    await registry.addRemote(description(mainnet, 'https://api.ark.io'));

    // What was saved reads back identically, with the network usable for signing.
    const reopened = await NetworkRegistry.open(store, embedded);
    expect(reopened.list()).toEqual(registry.list());
    const saved = reopened.get(dev.id);
    expect(saved.name).toBe('ARK devnet');
    expect(milestoneAt(saved.network, 5_000_000)).toEqual(milestoneAt(devnet, 5_000_000));
    expect(reopened.byNethash(mainnet.network.nethash.toUpperCase())?.name).toBe('mainnet');

    await reopened.remove(dev.id);
    expect(reopened.find(dev.id)).toBeUndefined();
    expect(store.saved?.networks.map((network) => network.name)).toEqual(['mainnet']);
  });

  it('returns copies, and leaves memory unchanged when saving fails', async () => {
    const inner = memoryNetworkStore();
    let failing = false;
    const store: NetworkStore = {
      load: () => inner.load(),
      save: (data) => (failing ? Promise.reject(new Error('disk full')) : inner.save(data)),
    };
    const registry = await NetworkRegistry.open(store, embedded);
    const dev = await registry.addRemote(description(devnet, 'https://dev.example.org'));
    registry.get(dev.id).peers.push('http://mutated');
    expect(registry.get(dev.id).peers).toEqual(['https://dev.example.org']);

    failing = true;
    await expect(registry.addPeer(dev.id, 'http://10.0.0.9:4003')).rejects.toThrow('disk full');
    expect(registry.get(dev.id).peers).toEqual(['https://dev.example.org']);
    failing = false;
    // Changes queued together apply one after the other, none lost.
    await Promise.all([
      registry.addPeer(dev.id, 'http://10.0.0.1:4003'),
      registry.addPeer(dev.id, 'http://10.0.0.2:4003'),
    ]);
    expect(registry.get(dev.id).peers).toHaveLength(3);
  });

  it('refuses saved data it cannot read back instead of overwriting it', async () => {
    for (const bad of [{ version: 2, networks: [] }, { version: 1, networks: [{ id: 'x' }] }, 'text']) {
      const error = await failure(NetworkRegistry.open(memoryNetworkStore(bad), embedded));
      expect(error.code).toBe('ERR_BAD_STORE');
    }
  });

  it('persists to a JSON file atomically', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'votary-networks-'));
    dirs.push(dir);
    const path = join(dir, 'networks.json');
    const registry = await NetworkRegistry.open(jsonFileNetworkStore(path), embedded);
    await registry.addRemote(description(devnet, 'https://dev.example.org'));
    const file = JSON.parse(readFileSync(path, 'utf8')) as {
      version: number;
      networks: { peers: string[] }[];
    };
    expect(file.version).toBe(1);
    expect(file.networks[0]?.peers).toEqual(['https://dev.example.org']);
    const reopened = await NetworkRegistry.open(jsonFileNetworkStore(path), embedded);
    expect(reopened.list()).toEqual(registry.list());

    writeFileSync(path, '{ not json');
    expect((await failure(NetworkRegistry.open(jsonFileNetworkStore(path), embedded))).code).toBe(
      'ERR_BAD_STORE',
    );
    expect(readFileSync(path, 'utf8')).toBe('{ not json');
  });
});
