/**
 * The localnet network, loaded from resources/networks/localnet/ (written by
 * scripts/make-localnet-genesis.ts) and registered with the protocol library on import, so that
 * `networkByName('localnet')` — and the CLI's `--network localnet` — work everywhere.
 */
import genesisJson from '../../../../resources/networks/localnet/genesis.json';
import milestonesJson from '../../../../resources/networks/localnet/milestones.json';
import networkJson from '../../../../resources/networks/localnet/network.json';
import walletsJson from '../../../../resources/networks/localnet/wallets.json';
import { deserializeBlock, type Block } from '../../protocol/blocks';
import { fromHex } from '../../protocol/hex';
import { registerNetwork, type Network } from '../../protocol/networks';
import type { LocalnetWallet, LocalnetWalletRole } from './wallets';

export const localnet: Network = {
  network: networkJson,
  milestones: milestonesJson,
  genesisBlock: {
    id: genesisJson.id,
    height: genesisJson.height,
    timestamp: genesisJson.timestamp,
    payloadHash: genesisJson.payloadHash,
    generatorPublicKey: genesisJson.generatorPublicKey,
    numberOfTransactions: genesisJson.numberOfTransactions,
    totalAmount: genesisJson.totalAmount,
  },
};

registerNetwork(localnet);

/** The genesis block, decoded from its committed bytes (a fresh copy on each call). */
export function localnetGenesis(): Block {
  return deserializeBlock(fromHex(genesisJson.serialized, 'localnet genesis block'), localnet);
}

/** The genesis wallets of wallets.json. Their passphrases are TEST-ONLY (`testOnly: true` on each). */
export function localnetWallets(): LocalnetWallet[] {
  return walletsJson.wallets.map((w) => ({
    role: w.role as LocalnetWalletRole,
    ...('username' in w && typeof w.username === 'string' ? { username: w.username } : {}),
    passphrase: w.passphrase,
    address: w.address,
    publicKey: w.publicKey,
    balance: BigInt(w.balance),
    testOnly: true,
  }));
}

/** Passphrases of the 21 genesis delegates: what the node forges with by default. TEST-ONLY. */
export function localnetDelegateSecrets(): string[] {
  return localnetWallets()
    .filter((w) => w.role === 'delegate')
    .map((w) => w.passphrase);
}

/** A wallet of wallets.json by role (faucet, devFund, communityFund) — TEST-ONLY secrets. */
export function localnetWallet(role: Exclude<LocalnetWalletRole, 'delegate'>): LocalnetWallet {
  const found = localnetWallets().find((w) => w.role === role);
  if (!found) throw new Error(`localnet wallets.json has no ${role} wallet`);
  return found;
}
