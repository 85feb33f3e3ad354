/**
 * A real AppCore whose active network is a remote devnet served by a hostile node (hostile-node.ts), with one
 * devnet wallet in the vault that the hostile node knows with a balance.
 */
import { afterAll, beforeAll } from 'vitest';
import type { AppCore } from '../../../src/core/services';
import type { WalletView } from '../../../src/shared/domain/wallets';
import { addressFromPassphrase, keyPairFromPassphrase } from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import { devnet } from '../../../src/core/protocol/networks';
import { call, openCore, PASSWORD, removeDir, tempDir } from '../support';
import { startHostileNode, type HostileNode } from './hostile-remote-node';

export const SENDER_PASSPHRASE = 'redteam remote sender passphrase';
export const SENDER = addressFromPassphrase(SENDER_PASSPHRASE, devnet.network.pubKeyHash);
export const SENDER_KEY = toHex(keyPairFromPassphrase(SENDER_PASSPHRASE).publicKey);

/** The public key of a passphrase, as hex. */
export const keyOf = (passphrase: string): string => toHex(keyPairFromPassphrase(passphrase).publicKey);

export interface RemoteWorld {
  core: AppCore;
  node: HostileNode;
  wallet: WalletView;
  networkId: string;
  defects: unknown[];
}

export function remoteWorld(options: { pollMs?: number } = {}): () => RemoteWorld {
  let world: RemoteWorld | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = tempDir('votary-redteam-');
    const defects: unknown[] = [];
    const [core, node] = await Promise.all([
      openCore(dir, { pollMs: options.pollMs ?? 60_000, onDefect: (error) => defects.push(error) }),
      startHostileNode(),
    ]);
    node.wallets.set(SENDER, {
      address: SENDER,
      publicKey: SENDER_KEY,
      balance: String(10_000n * 100_000_000n),
      nonce: '0',
      attributes: {},
    });
    await call(core, 'vault:create', { password: PASSWORD });
    const added = await call(core, 'networks:add', { url: node.url });
    await call(core, 'networks:select', { networkId: added.id });
    const wallet = await call(core, 'wallets:import-passphrase', {
      passphrase: SENDER_PASSPHRASE,
      name: 'Mine',
    });
    world = { core, node, wallet, networkId: added.id, defects };
  });
  afterAll(async () => {
    await world?.core.close();
    await world?.node.close();
    removeDir(dir);
  });
  return () => {
    if (world === undefined) throw new Error('opened in beforeAll');
    return world;
  };
}
