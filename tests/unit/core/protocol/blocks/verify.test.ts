import { describe, expect, it } from 'vitest';
import { verifyBlock, type Block } from '../../../../../src/core/protocol/blocks';
import { toHex } from '../../../../../src/core/protocol/hex';
import { devnet, mainnet, type Network } from '../../../../../src/core/protocol/networks';
import { serializeTransaction, transactionId } from '../../../../../src/core/protocol/transactions';
import { makeBlock, nowFor, plainTransfer, vectorTransaction } from './helpers';

const verify = (block: Block, network: Network = devnet) =>
  verifyBlock(block, network, { now: nowFor(block.header.timestamp, network) });

describe('verifyBlock rules (protocol reference §6.2)', () => {
  it('accepts a consistent signed block', () => {
    expect(verify(makeBlock([plainTransfer()]))).toEqual({
      verified: true,
      containsMultiSignatures: false,
      errors: [],
    });
  });

  it('checks the reward against the milestone', () => {
    const result = verify(makeBlock([], { reward: 0n }));
    expect(result.errors).toEqual(['Invalid block reward: 0 expected: 200000000']);
  });

  it('checks the version against the milestone', () => {
    expect(verify(makeBlock([], { version: 1 })).errors).toEqual(['Invalid block version']);
  });

  it('requires a previous block above height 1', () => {
    expect(verify(makeBlock([], { height: 1000, previousBlock: '', reward: 0n })).errors).toEqual([
      'Invalid previous block',
    ]);
  });

  it('rejects a missing or foreign signature', () => {
    const block = makeBlock([]);
    const { blockSignature: _s, ...unsigned } = block.header;
    expect(verify({ ...block, header: unsigned }).errors).toEqual(['Failed to verify block signature']);
    const other = makeBlock([], { generatorPublicKey: `02${'11'.repeat(32)}` });
    expect(verify(other).errors).toEqual(['Failed to verify block signature']);
  });

  it('checks number of transactions, totals and payload hash', () => {
    const tx = plainTransfer();
    expect(verify(makeBlock([tx], { numberOfTransactions: 2 })).errors).toEqual([
      'Invalid number of transactions',
    ]);
    expect(verify(makeBlock([tx], { totalAmount: 1n })).errors).toEqual(['Invalid total amount']);
    expect(verify(makeBlock([tx], { totalFee: 1n })).errors).toEqual(['Invalid total fee']);
    expect(verify(makeBlock([tx], { payloadHash: 'ab'.repeat(32) })).errors).toEqual([
      'Invalid payload hash',
    ]);
  });

  it('reports duplicate transactions', () => {
    const tx = plainTransfer();
    expect(verify(makeBlock([tx, tx])).errors).toEqual([`Encountered duplicate transaction: ${tx.id}`]);
  });

  it('enforces maxTransactions of the milestone', () => {
    const tx = plainTransfer();
    const small: Network = {
      ...devnet,
      milestones: [
        ...devnet.milestones,
        { height: 6000001, block: { version: 0, maxTransactions: 1, maxPayload: 2097152 } },
      ],
    };
    const block = makeBlock([tx, vectorTransaction('transfer with multi-byte')], {}, small);
    expect(verify(block, small).errors).toEqual(['Transactions length is too high']);
  });

  it('enforces maxPayload on header + signature + Σ(4 + tx bytes)', () => {
    const tx = plainTransfer();
    const txSize = serializeTransaction(tx).length;
    const block = makeBlock([tx]);
    const size = 141 + block.header.blockSignature!.length / 2 + 4 + txSize;
    const at = (maxPayload: number): Network => ({
      ...devnet,
      milestones: [
        ...devnet.milestones,
        { height: 6000001, block: { version: 0, maxTransactions: 500, maxPayload } },
      ],
    });
    expect(verify(makeBlock([tx], {}, at(size)), at(size)).verified).toBe(true);
    expect(verify(makeBlock([tx], {}, at(size - 1)), at(size - 1)).errors).toEqual([
      `Payload is too large: ${size} > ${size - 1}`,
    ]);
  });

  it('rejects transactions expired at the block height', () => {
    const tx = vectorTransaction('transfer with ASCII vendorField and expiration');
    expect(tx.expiration).toBe(6000100);
    expect(verify(makeBlock([tx])).verified).toBe(true);
    const late = makeBlock([tx], { height: 6000100 });
    expect(verify(late).errors).toEqual([`Encountered expired transaction: ${tx.id}`]);
  });

  it('exempts devnet from the expiration rule while ignoreExpiredTransactions is on', () => {
    // An expiration below devnet's ignoreExpiredTransactions milestone (2300000); the id is recomputed.
    const { id: _id, ...transfer } = vectorTransaction('transfer with ASCII vendorField and expiration');
    const tx = { ...transfer, expiration: 1_000_000 };
    const message = `Encountered expired transaction: ${transactionId(tx)}`;
    const renamed: Network = { ...devnet, network: { ...devnet.network, name: 'devnet-copy' } };
    const fields = { height: 2_000_000 };
    expect(verify(makeBlock([tx], fields), devnet).errors).not.toContain(message);
    expect(verify(makeBlock([tx], fields, renamed), renamed).errors).toContain(message);
    // From 2300000 on devnet enforces it too.
    expect(verify(makeBlock([tx], { height: 2_300_000 }), devnet).errors).toContain(message);
  });

  it('lists unverified transactions and flags multisig spends', () => {
    const spend = vectorTransaction('transfer sent FROM the 2-of-3');
    const result = verify(makeBlock([spend]));
    expect(result).toEqual({
      verified: false,
      containsMultiSignatures: true,
      errors: ['One or more transactions are not verified:', `=> ${toHex(serializeTransaction(spend))}`],
    });
    const tampered = { ...plainTransfer(), amount: 1n };
    const bad = verify(makeBlock([tampered]));
    expect(bad.containsMultiSignatures).toBe(false);
    expect(bad.errors[0]).toBe('One or more transactions are not verified:');
  });

  it('rejects a timestamp more than one blocktime in the future', () => {
    const block = makeBlock([]);
    const now = nowFor(block.header.timestamp);
    expect(verifyBlock(block, devnet, { now: now - 8000 }).verified).toBe(true);
    expect(verifyBlock(block, devnet, { now: now - 8001 }).errors).toEqual(['Invalid block timestamp']);
  });

  it('reports a header that cannot be serialized instead of throwing', () => {
    const block = makeBlock([]);
    const broken = { ...block, header: { ...block.header, previousBlock: 'not-an-id' } };
    const result = verify(broken);
    expect(result.verified).toBe(false);
    expect(result.errors).toContain('Failed to verify block signature');
  });

  it('verifies the mainnet reward schedule', () => {
    const block = makeBlock([], { height: 75599, previousBlock: '1', reward: 200000000n }, mainnet);
    expect(verify(block, mainnet).errors).toEqual(['Invalid block reward: 200000000 expected: 0']);
  });
});
