import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../support/node-bundle';
import {
  BURN_ADDRESS_LABEL,
  GENESIS_LABEL,
  LOCALNET_TOTAL_SUPPLY,
  localnet,
  localnetBurnAddress,
  localnetGenesis,
  localnetWallets,
  passphraseFromLabel,
} from '../../../src/core/node/localnet';
import { buildLocalnetFiles } from '../../../src/core/node/localnet/make-genesis';
import { payloadHash, verifyBlockSignature } from '../../../src/core/protocol/blocks';
import {
  addressFromPublicKey,
  decodeAddress,
  isValidMnemonic,
  keyPairFromPassphrase,
} from '../../../src/core/protocol/crypto';
import { sha256 } from '../../../src/core/protocol/hash';
import { toHex } from '../../../src/core/protocol/hex';
import { milestoneAt, networkByName } from '../../../src/core/protocol/networks';
import { CoreType, verifyTransaction } from '../../../src/core/protocol/transactions';

const root = join(import.meta.dirname, '..', '..', '..');
const resources = join(root, 'resources', 'networks', 'localnet');
const scratch = mkdtempSync(join(tmpdir(), 'votary-localnet-'));

const bundles: string[] = [];

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  for (const bundle of bundles) rmSync(bundle, { force: true });
});

function readDir(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]));
}

describe('localnet genesis script', () => {
  it('builds exactly the committed files', () => {
    const files = buildLocalnetFiles();
    expect(Object.keys(files).sort()).toEqual([
      'genesis.json',
      'milestones.json',
      'network.json',
      'wallets.json',
    ]);
    for (const [name, content] of Object.entries(files)) {
      expect(content, name).toBe(readFileSync(join(resources, name), 'utf8'));
    }
  });

  it('writes identical files when run twice', async () => {
    const bundle = await bundleForNode(
      'scripts/make-localnet-genesis.ts',
      `make-localnet-genesis-test-${process.pid}.mjs`,
    );
    bundles.push(bundle);
    const outputs = ['first', 'second'].map((name) => {
      const out = join(scratch, name);
      const run = spawnSync(process.execPath, [bundle, '--out', out], { encoding: 'utf8', cwd: root });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      return readDir(out);
    });
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[0]).toEqual(readDir(resources));
  });
});

describe('localnet wallets.json', () => {
  const wallets = localnetWallets();
  const file = JSON.parse(readFileSync(join(resources, 'wallets.json'), 'utf8')) as {
    note: string;
    testOnly: boolean;
    wallets: { testOnly: boolean }[];
  };

  it('marks the file and every secret as test-only', () => {
    expect(file.testOnly).toBe(true);
    expect(file.note).toMatch(/TEST-ONLY/);
    expect(file.wallets.every((w) => w.testOnly)).toBe(true);
  });

  it('has 21 delegates genesis_1..genesis_21, a faucet, a devFund and a communityFund', () => {
    const delegates = wallets.filter((w) => w.role === 'delegate');
    expect(delegates.map((w) => w.username)).toEqual(
      Array.from({ length: 21 }, (_, i) => `genesis_${i + 1}`),
    );
    expect(wallets.filter((w) => w.role !== 'delegate').map((w) => w.role)).toEqual([
      'faucet',
      'devFund',
      'communityFund',
    ]);
  });

  it('derives every address and public key from its 24-word passphrase', () => {
    for (const wallet of wallets) {
      expect(wallet.passphrase.split(' ')).toHaveLength(24);
      expect(isValidMnemonic(wallet.passphrase)).toBe(true);
      const publicKey = toHex(keyPairFromPassphrase(wallet.passphrase).publicKey);
      expect(wallet.publicKey).toBe(publicKey);
      expect(wallet.address).toBe(addressFromPublicKey(publicKey, 30));
      expect(wallet.address.startsWith('D')).toBe(true);
    }
    const label = (w: (typeof wallets)[number]) =>
      w.role === 'delegate' ? `votary localnet delegate ${w.username}` : `votary localnet ${w.role}`;
    for (const wallet of wallets) expect(wallet.passphrase).toBe(passphraseFromLabel(label(wallet)));
    expect(new Set(wallets.map((w) => w.passphrase)).size).toBe(wallets.length);
  });

  it('balances sum to the genesis total of 125,000,000 VTY, most of it in the faucet', () => {
    const total = wallets.reduce((sum, w) => sum + w.balance, 0n);
    expect(total).toBe(LOCALNET_TOTAL_SUPPLY);
    expect(total).toBe(125_000_000n * 100_000_000n);
    expect(localnetGenesis().header.totalAmount).toBe(total);
    const faucet = wallets.find((w) => w.role === 'faucet')!;
    expect(faucet.balance * 2n).toBeGreaterThan(total);
  });
});

describe('localnet network', () => {
  it('is registered under its name', () => {
    expect(networkByName('localnet')).toBe(localnet);
    expect(localnet.network).toMatchObject({ name: 'localnet', pubKeyHash: 30, wif: 170 });
    expect(localnet.network.client).toMatchObject({ token: 'VTY', symbol: 'Ѵ' });
  });

  it("has localnet's milestone", () => {
    const milestone = milestoneAt(localnet, 1);
    expect(localnet.milestones).toHaveLength(1);
    expect(milestone).toMatchObject({
      activeDelegates: 21,
      blocktime: 8,
      reward: 200000000,
      block: { version: 0, maxTransactions: 150, maxPayload: 6300000, idFullSha256: true },
      epoch: '2017-03-21T13:00:00.000Z',
      vendorFieldLength: 255,
      multiPaymentLimit: 128,
      aip11: true,
      htlcEnabled: true,
      aip36: true,
      aip37: true,
    });
    expect(milestone.fees.staticFees.transfer).toBe(10000000);
    expect(milestone.fees.staticFees.delegateRegistration).toBe(2500000000);
  });

  it('has a burn address nobody holds a key for, derived from a public label', () => {
    const burn = localnet.network.burnAddress!;
    expect(burn).toBe(localnetBurnAddress());
    const { version, hash } = decodeAddress(burn);
    expect(version).toBe(30);
    expect(toHex(hash)).toBe(toHex(sha256(BURN_ADDRESS_LABEL).subarray(0, 20)));
  });

  it('has a genesis block whose payloadHash is the nethash', () => {
    const block = localnetGenesis();
    expect(block.header.id).toBe(localnet.genesisBlock.id);
    expect(block.header.payloadHash).toBe(localnet.network.nethash);
    expect(payloadHash(block.transactions.map((tx) => tx.id!))).toBe(block.header.payloadHash);
    expect(verifyBlockSignature(block.header, localnet)).toBe(true);
    const genesisKey = toHex(keyPairFromPassphrase(passphraseFromLabel(GENESIS_LABEL)).publicKey);
    expect(block.header.generatorPublicKey).toBe(genesisKey);
    for (const tx of block.transactions)
      expect(verifyTransaction(tx, { network: localnet, height: 1 }).verified).toBe(true);
  });

  it('registers and self-votes each genesis delegate in the genesis block', () => {
    const block = localnetGenesis();
    const delegates = localnetWallets().filter((w) => w.role === 'delegate');
    const registrations = block.transactions.filter((tx) => tx.type === CoreType.DelegateRegistration);
    const votes = block.transactions.filter((tx) => tx.type === CoreType.Vote);
    expect(registrations.map((tx) => tx.asset?.delegate?.username)).toEqual(delegates.map((d) => d.username));
    expect(votes.map((tx) => tx.asset?.votes?.[0])).toEqual(delegates.map((d) => `+${d.publicKey}`));
    const transfers = block.transactions.filter((tx) => tx.type === CoreType.Transfer);
    expect(transfers.map((tx) => tx.recipientId)).toEqual(localnetWallets().map((w) => w.address));
  });
});
