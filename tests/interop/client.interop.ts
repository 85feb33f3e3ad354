/**
 * The client against ARK Core 3.9.1: discovery, every read the app makes, 100 times in a row without one failure
 * (ARK Core closes each connection after answering; src/core/client/http.ts), static fees by typeGroup, rounds.
 */
import { describe, expect, it } from 'vitest';
import { NodeClient, discoverNetwork } from '../../src/core/client';
import { addressFromPassphrase, keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { testnet } from '../../src/core/protocol/networks';
import { toHex } from '../../src/core/protocol/hex';
import { ARK_URL, arkGet, delegateSecrets } from './ark-node';

const client = new NodeClient([ARK_URL], { timeoutMs: 10_000 });
const secret = delegateSecrets()[0]!;
const address = addressFromPassphrase(secret, testnet.network.pubKeyHash);
const publicKey = toHex(keyPairFromPassphrase(secret).publicKey);

describe('the client against ARK Core', () => {
  it('discovers the testnet: nethash, address byte, token and the milestone in force', async () => {
    const found = await discoverNetwork(ARK_URL);
    expect(found.nethash).toBe(testnet.network.nethash);
    expect(found.pubKeyHash).toBe(testnet.network.pubKeyHash);
    expect(found.version).toBe('3.9.1');
    expect(found.constants.activeDelegates).toBe(51);
  });

  it('every read the app makes, 100 times in a row, none fails', async () => {
    const height = (await client.syncing()).height;
    const round = Math.max(1, Math.floor((height - 1) / 51));
    const reads: [string, () => Promise<unknown>][] = [
      ['configuration', () => client.configuration()],
      ['crypto configuration', () => client.cryptoConfiguration()],
      ['status', () => client.status()],
      ['syncing', () => client.syncing()],
      ['blockchain', () => client.blockchain()],
      ['fees', () => client.fees(7)],
      ['static fees', () => client.staticFees()],
      ['last block', () => client.lastBlock()],
      ['blocks', () => client.blocks({ limit: 10 })],
      ['transactions', () => client.transactions({ limit: 10 })],
      ['pool', () => client.unconfirmedTransactions({ limit: 10 })],
      ['wallet', () => client.wallet(address)],
      ['wallet transactions', () => client.walletTransactions(address, { limit: 10 })],
      ['wallet votes', () => client.walletVotes(address, { limit: 10 })],
      ['wallet locks', () => client.walletLocks(address, { limit: 10 })],
      ['delegates', () => client.delegates({ limit: 51 })],
      ['delegate', () => client.delegate(publicKey)],
      ['delegate voters', () => client.delegateVoters(publicKey, { limit: 10 })],
      ['delegate blocks', () => client.delegateBlocks(publicKey, { limit: 10 })],
      ['locks', () => client.locks({ limit: 10 })],
      ['round delegates', () => client.roundDelegates(round)],
    ];
    const failures: string[] = [];
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      for (const [name, read] of reads) {
        await read().catch((error: unknown) => failures.push(`${i} ${name}: ${String(error)}`));
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`interop: ${100 * reads.length} reads in ${seconds.toFixed(1)} s, ${failures.length} failed`);
    expect(failures).toEqual([]);
  });

  it('static fees are keyed by typeGroup, as ARK Core answers them', async () => {
    const fees = await client.staticFees();
    const ark = await arkGet<{ data: Record<string, Record<string, string>> }>('/transactions/fees');
    for (const [group, byType] of Object.entries(ark.data)) {
      for (const [type, fee] of Object.entries(byType)) {
        expect(String(fees[group]?.[type]), `${group}.${type}`).toBe(String(fee));
      }
    }
  });

  it('a round’s delegates are the 51 forgers of that round', async () => {
    const delegates = await client.roundDelegates(1);
    expect(delegates).toHaveLength(51);
    const ark = await arkGet<{ data: { publicKey: string }[] }>('/rounds/1/delegates');
    expect(delegates.map((delegate) => delegate.publicKey)).toEqual(
      ark.data.map((delegate) => delegate.publicKey),
    );
  });
});
