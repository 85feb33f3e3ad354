import { nodeParts } from '../../../src/core/node/parts';
import { afterEach, describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/core/node/block-store';
import { localnet } from '../../../src/core/node/localnet';
import { TransactionPool } from '../../../src/core/node/transaction-pool';
import type { Block } from '../../../src/core/protocol/blocks';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { signTransaction, type TransactionData } from '../../../src/core/protocol/transactions';
import { ClockedNode, faucet, faucetTransfer, removeTempDirs, someone } from '../forger/support';

const VTY = 100_000_000n;
const opened: ClockedNode[] = [];

async function startNode(options: Parameters<typeof ClockedNode.start>[0] = {}): Promise<ClockedNode> {
  const clocked = await ClockedNode.start(options);
  opened.push(clocked);
  return clocked;
}

afterEach(async () => {
  for (const clocked of opened.splice(0)) await clocked.node.stop();
  removeTempDirs();
});

function forged(outcome: ReturnType<ClockedNode['step']>): Block {
  if (outcome.kind !== 'forged') throw new Error(`expected a forged block, got ${JSON.stringify(outcome)}`);
  return outcome.block;
}

function ids(txs: readonly TransactionData[]): string[] {
  return txs.map((tx) => tx.id ?? '');
}

function poolRowIds(clocked: ClockedNode): string[] {
  return nodeParts(clocked.node)
    .store.db.prepare<[], { id: string }>('SELECT id FROM pool ORDER BY id')
    .all()
    .map((row) => row.id);
}

const spender = 'revert test spender (a plain test passphrase)';
const spenderAddress = addressFromPassphrase(spender, 30);

describe('LocalNode.revertBlocks', () => {
  it('puts the reverted transactions back into the pool, before the pending ones of the same sender', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    const start = node.height;
    const balance = nodeParts(node).store.state().wallet(faucet.address).balance;
    const first = [faucetTransfer(1n, 1n * VTY, start + 1), faucetTransfer(2n, 2n * VTY, start + 1)];
    expect(node.addTransactions(first).accept).toEqual(ids(first));
    expect(ids(forged(clocked.step()).transactions)).toEqual(ids(first));
    const second = faucetTransfer(3n, 3n * VTY, node.height + 1);
    node.addTransactions([second]);
    expect(ids(forged(clocked.step()).transactions)).toEqual([second.id]);
    const pending = faucetTransfer(4n, 4n * VTY, node.height + 1);
    expect(node.addTransactions([pending]).accept).toEqual([pending.id]);

    const events: { height: number; count: number }[] = [];
    node.on('revert', ({ blocks, height }) => events.push({ height, count: blocks.length }));
    expect(node.revertBlocks(1).map((b) => b.header.height)).toEqual([start + 2]);
    expect(node.height).toBe(start + 1);
    expect(
      nodeParts(node)
        .pool.bySender(faucet.publicKey)
        .map((e) => e.nonce),
    ).toEqual([3n, 4n]);

    expect(node.revertToHeight(start).map((b) => b.header.height)).toEqual([start + 1]);
    expect(events).toEqual([
      { height: start + 1, count: 1 },
      { height: start, count: 1 },
    ]);
    expect(nodeParts(node).store.state().wallet(faucet.address).balance).toBe(balance);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(0n);
    // The blocks' transactions, then the pending one: the sender's nonce order.
    expect(
      nodeParts(node)
        .pool.bySender(faucet.publicKey)
        .map((e) => e.nonce),
    ).toEqual([1n, 2n, 3n, 4n]);
    expect(poolRowIds(clocked)).toEqual([...ids(first), second.id ?? '', pending.id ?? ''].sort());

    const reforged = forged(clocked.step());
    expect(ids(reforged.transactions)).toEqual([...ids(first), second.id, pending.id]);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(10n * VTY);
    expect(nodeParts(node).pool.size()).toBe(0);
    expect(poolRowIds(clocked)).toEqual([]);
    expect(verifyChain(nodeParts(node).store).verified).toBe(true);
  });

  it('reverts several blocks at once and keeps the chain verifiable', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    for (let nonce = 1n; nonce <= 3n; nonce++) {
      node.addTransactions([faucetTransfer(nonce, VTY, node.height + 1)]);
      forged(clocked.step());
    }
    const top = node.height;
    const reverted = node.revertBlocks(3);
    expect(reverted.map((b) => b.header.height)).toEqual([top - 2, top - 1, top]);
    expect(
      nodeParts(node)
        .pool.bySender(faucet.publicKey)
        .map((e) => e.nonce),
    ).toEqual([1n, 2n, 3n]);
    expect(verifyChain(nodeParts(node).store).verified).toBe(true);
  });

  it('drops reverted transactions that no longer apply (pending incoming funds cannot be spent)', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    const funding = signTransaction(
      { type: 0, nonce: 1n, amount: 10n * VTY, recipientId: spenderAddress },
      { passphrase: faucet.passphrase },
      { network: localnet, height: node.height + 1 },
    );
    node.addTransactions([funding]);
    forged(clocked.step());
    const spend = signTransaction(
      { type: 0, nonce: 1n, amount: 5n * VTY, recipientId: someone },
      { passphrase: spender },
      { network: localnet, height: node.height + 1 },
    );
    expect(node.addTransactions([spend]).accept).toEqual([spend.id]);
    forged(clocked.step());
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(5n * VTY);

    node.revertBlocks(2);
    expect(nodeParts(node).pool.has(funding.id!)).toBe(true);
    // The spend needs the funding confirmed: the pool applies sender-side only, so it leaves (ARK alike).
    expect(nodeParts(node).pool.has(spend.id!)).toBe(false);
    expect(poolRowIds(clocked)).toEqual([funding.id]);
    expect(verifyChain(nodeParts(node).store).verified).toBe(true);
  });

  it('refuses to revert the genesis block or a negative count', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    forged(clocked.step());
    expect(() => node.revertBlocks(node.height)).toThrow(/genesis block stays/);
    expect(() => node.revertBlocks(-1)).toThrow(RangeError);
    expect(() => node.revertToHeight(0)).toThrow(/cannot revert to height 0/);
    expect(node.revertBlocks(0)).toEqual([]);
    expect(node.revertToHeight(1).length).toBe(1);
    expect(node.height).toBe(1);
  });

  it('drops the reverted transactions with returnToPool: false, and revalidates what the pool holds', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    const confirmed = faucetTransfer(1n, VTY, node.height + 1);
    node.addTransactions([confirmed]);
    forged(clocked.step());
    const pending = faucetTransfer(2n, VTY, node.height + 1);
    expect(node.addTransactions([pending]).accept).toEqual([pending.id]);

    expect(node.revertBlocks(1, { returnToPool: false })).toHaveLength(1);
    // Nonce 1 is gone from the chain and not pooled: nonce 2 no longer applies and leaves too.
    expect(nodeParts(node).pool.size()).toBe(0);
    expect(poolRowIds(clocked)).toEqual([]);
    expect(verifyChain(nodeParts(node).store).verified).toBe(true);
  });
});

describe('BlockStore.revertLastBlock({ returnToPool })', () => {
  it('writes the transactions back to the pool table in the revert transaction: a restart re-admits them', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    const txs = [faucetTransfer(1n, VTY, node.height + 1), faucetTransfer(2n, VTY, node.height + 1)];
    node.addTransactions(txs);
    forged(clocked.step());
    expect(poolRowIds(clocked)).toEqual([]);

    // The chain alone, as if the process died right after the revert's commit.
    nodeParts(node).store.revertLastBlock({ returnToPool: true });
    expect(poolRowIds(clocked)).toEqual(ids(txs).sort());
    const reopened = TransactionPool.open({
      db: nodeParts(node).store.db,
      network: node.network,
      chain: nodeParts(node).store,
      now: () => clocked.clock,
    });
    expect(reopened.bySender(faucet.publicKey).map((e) => e.id)).toEqual(ids(txs));
  });
});
