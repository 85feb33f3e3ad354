import { nodeParts } from '../../../src/core/node/parts';
import { afterEach, describe, expect, it } from 'vitest';
import type { MissedSlotEvent } from '../../../src/core/node/forger';
import { localnet, localnetWallets } from '../../../src/core/node/localnet';
import type { Block } from '../../../src/core/protocol/blocks';
import { forgerIndex, roundInfo } from '../../../src/core/protocol/rounds';
import { slotNumber } from '../../../src/core/protocol/time';
import { ClockedNode, faucet, faucetTransfer, removeTempDirs, someone } from './support';

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

function slotOwner(clocked: ClockedNode, block: Block): string {
  const { store } = nodeParts(clocked.node);
  const round = roundInfo(block.header.height, localnet).round;
  const slot = slotNumber(block.header.timestamp, clocked.blockTime);
  return store.roundDelegates(round)[forgerIndex(slot, 21)]!;
}

describe('Forger', () => {
  it('forges every slot with its owner across a round change', async () => {
    const clocked = await startNode();
    const blocks: Block[] = [];
    clocked.node.on('block', (block) => blocks.push(block));
    for (let i = 0; i < 25; i++) forged(clocked.step());
    expect(blocks.map((b) => b.header.height)).toEqual(Array.from({ length: 25 }, (_, i) => i + 2));
    for (const block of blocks) {
      expect(block.header.generatorPublicKey).toBe(slotOwner(clocked, block));
      expect(block.header.reward).toBe(200_000_000n);
    }
    // Consecutive slots: one block time apart.
    expect(blocks[1]!.header.timestamp - blocks[0]!.header.timestamp).toBe(8);
    expect(nodeParts(clocked.node).store.roundDelegates(2)).not.toEqual(
      nodeParts(clocked.node).store.roundDelegates(1),
    );
    expect(clocked.node.height).toBe(26);
  });

  it('puts a pooled transfer into the next block and moves the balances', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    const before = nodeParts(node).store.state().wallet(faucet.address).balance;
    const tx = faucetTransfer(1n, 5n * 100_000_000n, node.height + 1);
    const poolEvents: number[] = [];
    node.on('pool', ({ size }) => poolEvents.push(size));
    expect(node.addTransactions([tx]).accept).toEqual([tx.id]);

    const block = forged(clocked.step());
    expect(block.transactions.map((t) => t.id)).toEqual([tx.id]);
    expect(block.header.totalFee).toBe(tx.fee);
    expect(nodeParts(node).store.state().wallet(someone).balance).toBe(5n * 100_000_000n);
    expect(nodeParts(node).store.state().wallet(faucet.address).balance).toBe(before - tx.amount - tx.fee);
    const generator = nodeParts(node).store.state().walletByPublicKey(block.header.generatorPublicKey);
    expect(generator.delegate?.forgedFees).toBe(tx.fee);
    expect(nodeParts(node).pool.size()).toBe(0);
    expect(poolEvents).toEqual([1, 0]);
  });

  it('misses the slot of an offline delegate: the next block comes one slot later', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    const first = forged(clocked.step());
    // The owner of the following slot goes offline, by username.
    const nextSlot = slotNumber(first.header.timestamp, 8) + 1;
    const owner = nodeParts(node).store.roundDelegates(1)[forgerIndex(nextSlot, 21)]!;
    const username = nodeParts(node).store.state().walletByPublicKey(owner).delegate!.username;
    expect(nodeParts(node).forger.setOffline(username, true)).toBe(owner);
    const missed: MissedSlotEvent[] = [];
    node.on('missed-slot', (event) => missed.push(event));

    const outcome = clocked.step();
    expect(outcome).toMatchObject({
      kind: 'missed',
      missed: { publicKey: owner, reason: 'offline', username },
    });
    expect(missed).toEqual([expect.objectContaining({ slot: nextSlot, publicKey: owner })]);
    const second = forged(clocked.step());
    expect(second.header.height).toBe(first.header.height + 1);
    expect(second.header.timestamp - first.header.timestamp).toBe(16);

    nodeParts(node).forger.setOffline(owner, false);
    expect(nodeParts(node).forger.isOffline(owner)).toBe(false);
  });

  it('misses the slots of delegates it has no secret for, until one is added', async () => {
    const delegates = localnetWallets().filter((w) => w.role === 'delegate');
    const clocked = await startNode({ delegateSecrets: [] });
    const { node } = clocked;
    const outcome = clocked.step();
    expect(outcome.kind).toBe('missed');
    const owner = outcome.kind === 'missed' ? outcome.missed.publicKey : '';
    expect(outcome).toMatchObject({ missed: { reason: 'no-secret' } });
    const secret = delegates.find((d) => d.publicKey === owner)!.passphrase;
    expect(nodeParts(node).forger.addDelegateSecret(secret)).toBe(owner);
    clocked.clock -= 8000; // the same slot again
    expect(forged(clocked.step()).header.generatorPublicKey).toBe(owner);
  });

  it('does not forge while paused, and resumes', async () => {
    const clocked = await startNode();
    const { node } = clocked;
    nodeParts(node).forger.pause();
    expect(nodeParts(node).forger.paused).toBe(true);
    expect(clocked.step()).toEqual({ kind: 'idle', reason: 'paused' });
    expect(node.height).toBe(1);
    nodeParts(node).forger.resume();
    forged(clocked.step());
    expect(node.height).toBe(2);
  });

  it('does not forge twice in one slot', async () => {
    const clocked = await startNode();
    forged(clocked.step());
    expect(nodeParts(clocked.node).forger.forgeAt(clocked.clock + 1000)).toEqual({
      kind: 'idle',
      reason: 'slot-taken',
    });
  });

  it('rejects an unknown delegate for setOffline', async () => {
    const clocked = await startNode();
    expect(() => nodeParts(clocked.node).forger.setOffline('nobody_here', true)).toThrow(/no delegate/);
  });
});
