/**
 * Real history of ARK mainnet and devnet from before aip11 (tests/fixtures/vectors/ark-history/README.md names the
 * sources): the blocks and transactions decode, hash to their ids and verify under the rules of their height, as
 * ARK Core 3.9.1 verifies them. What needs the senders' state is applied in tests/node/block-store/ark-history.test.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyBlock } from '../../src/core/protocol/blocks';
import {
  devnet as devnetPreset,
  mainnet as mainnetPreset,
  milestoneAt,
  transactionApplyOrder,
  transactionRulesHeight,
  withPresetExceptions,
  type Network,
} from '../../src/core/protocol/networks';

/** The presets with the exceptions lists Votary ships for them (what a followed chain of them applies). */
const mainnet = withPresetExceptions(mainnetPreset);
const devnet = withPresetExceptions(devnetPreset);
import { transactionFromJson, verifyTransaction } from '../../src/core/protocol/transactions';
import { blockFromPeer, headerFromPeer } from '../../src/core/sync/raw-block';
import history from '../fixtures/vectors/ark-history/blocks.json';

const PACKAGE = join(process.cwd(), 'node_modules/@arkecosystem/crypto-networks/dist');

function rawBlock(entry: { json: { transactions: unknown[] } }): {
  header: unknown;
  transactions: unknown[];
} {
  const { transactions, ...header } = entry.json;
  return { header, transactions };
}

describe('the exceptions lists Votary ships', () => {
  it.each(['mainnet', 'devnet', 'testnet'])(
    '%s: resources/networks/%s/exceptions.json is @arkecosystem/crypto-networks’ file, byte for byte',
    (name) => {
      const shipped = readFileSync(join('resources/networks', name, 'exceptions.json'));
      expect(shipped.equals(readFileSync(join(PACKAGE, name, 'exceptions.json')))).toBe(true);
    },
  );

  it('are the presets’ exceptions', () => {
    const json = (name: string) =>
      JSON.parse(readFileSync(join(PACKAGE, name, 'exceptions.json'), 'utf8')) as unknown;
    expect(mainnet.exceptions).toEqual(json('mainnet'));
    expect(devnet.exceptions).toEqual(json('devnet'));
    expect(Object.keys(mainnet.exceptions ?? {}).sort()).toEqual([
      'blocks',
      'blocksTransactions',
      'negativeBalances',
      'outlookTable',
      'transactionIdFixTable',
      'transactions',
      'wrongTransactionOrder',
    ]);
  });
});

describe('every milestone of ARK mainnet and devnet', () => {
  /** crypto `managers/config.ts` buildConstants: each milestone deep-merged over the one before. */
  function arkMerged(name: string): { height: number; milestone: unknown }[] {
    const raw = JSON.parse(readFileSync(join(PACKAGE, name, 'milestones.json'), 'utf8')) as Record<
      string,
      unknown
    >[];
    const merge = (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> => {
      const out = { ...a };
      for (const [key, value] of Object.entries(b)) {
        const current = out[key];
        const bothObjects = [current, value].every(
          (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
        );
        out[key] = bothObjects
          ? merge(current as Record<string, unknown>, value as Record<string, unknown>)
          : value;
      }
      return out;
    };
    let acc: Record<string, unknown> = {};
    return raw.map((milestone) => {
      acc = merge(acc, milestone);
      return { height: milestone.height as number, milestone: acc };
    });
  }

  it.each([
    ['mainnet', mainnet],
    ['devnet', devnet],
  ] as const)('%s: the milestone in force at each of ARK’s heights is ARK’s', (name, network) => {
    const merged = arkMerged(name);
    expect(merged.length).toBe(network.milestones.length);
    for (const { height, milestone } of merged) expect(milestoneAt(network, height)).toEqual(milestone);
  });

  /** The milestone's own height, and the keys ARK Core 3.9.1 does not read: p2p versions, and the rules of later ARK Core versions (crypto-networks 1.8.2). */
  const NOT_READ_BY_3_9_1 = [
    'height',
    'p2p',
    'blockBurnAddress',
    'blsPublicKeyRegistrationEnabled',
    'multiSignatureRegistrationEnabled',
    'multiSignatureSendingEnabled',
    'multiSignatureReceivingEnabled',
  ];
  const rulesOf = (milestone: object) =>
    Object.fromEntries(Object.entries(milestone).filter(([key]) => !NOT_READ_BY_3_9_1.includes(key)));

  it.each([
    ['mainnet', mainnet],
    ['devnet', devnet],
  ] as const)(
    '%s: every rule ARK Core 3.9.1 reads (its crypto-networks 1.2.2) is the same at every height',
    (name, network) => {
      const path = join('tests/fixtures/vectors/crypto-networks-1.2.2', `${name}-milestones.json`);
      const ark = { ...network, milestones: JSON.parse(readFileSync(path, 'utf8')) as Network['milestones'] };
      const heights = new Set([...ark.milestones, ...network.milestones].map((m) => m.height));
      for (const height of heights) {
        for (const h of [height - 1, height]) {
          expect(rulesOf(milestoneAt(network, h)), `height ${h}`).toEqual(rulesOf(milestoneAt(ark, h)));
        }
      }
    },
  );

  it('the exceptions lists are ARK Core 3.9.1’s own (crypto-networks 1.2.2), byte for byte', () => {
    const sha = (name: string) =>
      createHash('sha256')
        .update(readFileSync(join('resources/networks', name, 'exceptions.json')))
        .digest('hex');
    expect(sha('mainnet')).toBe('0466b414d051273de37008d28b4ef507e80b149328b656f39ff161856c5c62a2');
    expect(sha('devnet')).toBe('07336cc90718663b340d32d888ce681cd6a9d85b6a854aa22e07bfb6e88afed8');
  });

  it.each([
    // network, reward from, idFullSha256 from, vendorFieldLength 255 from, aip11 from
    [mainnet, 75_600, 8_204_000, 8_128_000, 11_273_000],
    [devnet, 10_800, 1_895_000, 1_750_000, 4_006_000],
  ] as const)('%#: the heights the rules change at', (network, reward, idFull, vendor255, aip11) => {
    expect(milestoneAt(network, reward - 1).reward).toBe(0);
    expect(milestoneAt(network, reward).reward).toBe(200_000_000);
    expect(milestoneAt(network, idFull - 1).block.idFullSha256).not.toBe(true);
    expect(milestoneAt(network, idFull).block.idFullSha256).toBe(true);
    expect(milestoneAt(network, vendor255 - 1).vendorFieldLength).toBe(64);
    expect(milestoneAt(network, vendor255).vendorFieldLength).toBe(255);
    expect(milestoneAt(network, aip11 - 1).aip11).not.toBe(true);
    expect(milestoneAt(network, aip11).aip11).toBe(true);
    // The aip11 block's transactions are checked at the height before it: still version 1.
    expect(milestoneAt(network, transactionRulesHeight(aip11)).aip11).not.toBe(true);
    expect(milestoneAt(network, transactionRulesHeight(aip11 + 1)).aip11).toBe(true);
  });
});

describe('devnet block 1,760,000: seven version 1 transfers', () => {
  const entry = history['devnet-1760000'];
  const { header: json, transactions } = rawBlock(entry);

  it('its header hashes to its numeric id and its transactions to theirs', () => {
    const header = headerFromPeer(json, devnet);
    expect(header.id).toBe('17605317082329008056');
    const block = blockFromPeer(header, transactions, devnet);
    expect(block.transactions.map((tx) => tx.id)).toEqual(entry.json.transactions.map((tx) => tx.id));
    expect(block.transactions.every((tx) => tx.version === 1 && tx.type === 0)).toBe(true);
  });

  it('verifies as ARK verifies it: signatures, reward, payload hash, totals, v1 timestamps', () => {
    const block = blockFromPeer(headerFromPeer(json, devnet), transactions, devnet);
    expect(verifyBlock(block, devnet)).toEqual({
      verified: true,
      containsMultiSignatures: false,
      errors: [],
    });
  });

  it('decodes as ARK serves it, each v1 transaction with the nonce its database numbered it with', () => {
    // ARK Core's /blocks/{id}/transactions?transform=false adds that count (found following ARK Core, interop).
    const served = transactions.map((tx, i) => ({ ...(tx as object), nonce: String(42 + i) }));
    const block = blockFromPeer(headerFromPeer(json, devnet), served, devnet);
    expect(block.transactions.map((tx) => tx.id)).toEqual(entry.json.transactions.map((tx) => tx.id));
  });

  it('is refused once a transfer is changed: it no longer hashes to the id served', () => {
    const changed = transactions.map((tx, i) => (i === 3 ? { ...(tx as object), amount: '1' } : tx));
    const header = headerFromPeer(json, devnet);
    expect(() => blockFromPeer(header, changed, devnet)).toThrow(/hash to/);
  });
});

describe('outlookTable: a computed block id known on the chain by another', () => {
  const { header: json } = rawBlock(history['devnet-1760000']);
  // A list mapping this block's computed id, as mainnet's outlookTable maps 36 of its early blocks.
  const outlook: Network = {
    ...devnet,
    exceptions: { outlookTable: { '17605317082329008056': '1000017605317082329' } },
  };

  it('takes the mapped id, which the next block’s previousBlock names, and refuses the computed one', () => {
    const header = headerFromPeer({ ...(json as object), id: '1000017605317082329' }, outlook);
    expect(header.id).toBe('1000017605317082329');
    expect(() => headerFromPeer(json, outlook)).toThrow(/hashes to 1000017605317082329/);
  });

  it('mainnet’s table maps computed ids to the chain’s', () => {
    expect(Object.keys(mainnet.exceptions?.outlookTable ?? {})).toHaveLength(36);
  });
});

describe('mainnet block 3,084,276: on the wrongTransactionOrder list', () => {
  const entry = history['mainnet-3084276'];
  const { header: json, transactions } = rawBlock(entry);

  it('verifies in the order it was served (its payload hash covers that order)', () => {
    const block = blockFromPeer(headerFromPeer(json, mainnet), transactions, mainnet);
    expect(block.header.id).toBe('11773170219525190460');
    expect(block.transactions.map((tx) => tx.id)).toEqual(entry.json.transactions.map((tx) => tx.id));
    expect(verifyBlock(block, mainnet)).toEqual({
      verified: true,
      containsMultiSignatures: false,
      errors: [],
    });
  });

  it('is applied in the listed order: the vote before the second signature registration', () => {
    expect(transactionApplyOrder(mainnet, '11773170219525190460')).toEqual(entry.applyOrder);
    expect(transactionApplyOrder(mainnet, '17605317082329008056')).toBeUndefined();
  });
});

describe('the mainnet transaction of transactionIdFixTable (ARK Core transaction.test.ts)', () => {
  const json = {
    version: 1,
    network: 23,
    id: '80d75c7b90288246199e4a97ba726bad6639595ef92ad7c2bd14fd31563241ab',
    type: 1,
    timestamp: 7410965,
    amount: '0',
    fee: '500000000',
    senderPublicKey: '03ca269b2942104b2ad601ccfbe7bd30b14b99cb55210ef7c1a5e25b6669646b99',
    signature:
      '3045022100d01e0cf0813a722ab5ad92aece2d4d1c3a537422e2ea769182f9172417224e890220437e407db51c4c47393db2e5b1258b2e3ecb707738a5ffdc6e96f08aee7e9c74',
    asset: { signature: { publicKey: '03c0e7e86dadd316275a31d84a1fdccd00cd26cc059982f95a1b24382c6ec2ceb0' } },
  };
  const ctx = { network: mainnet, height: transactionRulesHeight(918_991) };
  const withoutExceptions: Network = { ...mainnet, exceptions: {} };

  it('gets its id through the table, and its signature verifies over v1 bytes that hold the sender’s address', () => {
    const tx = transactionFromJson(json, ctx);
    expect(tx.id).toBe(json.id);
    expect(verifyTransaction(tx, ctx)).toEqual({ verified: true });
  });

  it('without the table it hashes to the table’s key, and its signature does not verify', () => {
    const tx = transactionFromJson({ ...json, id: undefined }, { ...ctx, network: withoutExceptions });
    expect(tx.id).toBe('ca764c01dd78f93393b02f7f6c4f0c12ed8e7ca26d3098e91d6e461a238a6b33');
    expect(verifyTransaction(tx, { ...ctx, network: withoutExceptions }).verified).toBe(false);
  });
});
