/**
 * An address of another network is said in words: which network it belongs to and how its addresses look, never
 * its version byte ("version 23, localnet uses 30").
 */
import { describe, expect, it } from 'vitest';
import { watchWallet } from '../../../src/core/keystore/wallet-import';
import { localnet } from '../../../src/core/node/localnet/network';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { devnet, mainnet } from '../../../src/core/protocol/networks';
import { classifyQuery } from '../../../src/core/services/chain/explorer-query';

const MAINNET_ADDRESS = addressFromPassphrase('address network words', 23);
const DEVNET_ADDRESS = addressFromPassphrase('address network words', 30);

const refusal = (address: string, network = localnet) => {
  try {
    watchWallet(address, { network });
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

describe('a watch-only import of another network’s address', () => {
  it('names the network the address belongs to, in words', () => {
    const message = refusal(MAINNET_ADDRESS);
    expect(message).toContain('ARK mainnet');
    expect(message).toMatch(/start with A\b/);
    expect(message).toMatch(/localnet addresses start with D\b/);
    expect(message).not.toMatch(/version|\b23\b|\b30\b/);
  });

  it('names devnet for a D address on mainnet', () => {
    const message = refusal(DEVNET_ADDRESS, mainnet);
    expect(message).toContain('ARK devnet');
    expect(message).not.toMatch(/version|\b23\b|\b30\b/);
    expect(refusal(DEVNET_ADDRESS, devnet)).toBeUndefined();
  });
});

describe('the explorer’s search for another network’s address', () => {
  it('says the network in words, not the version byte', () => {
    const found = classifyQuery(MAINNET_ADDRESS, 30);
    expect(found).toMatchObject({ shape: 'invalid' });
    const reason = 'reason' in found ? found.reason : '';
    expect(reason).toContain('ARK mainnet');
    expect(reason).not.toMatch(/version|\b23\b|\b30\b/);
  });
});
