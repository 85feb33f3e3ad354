/**
 * bench:sync's long chains: empty blocks forged on a test chain a round at a time — the round's blocks signed here
 * with the delegates' keys derived once, their signatures verified on the worker pool (`prepareBlocks`), then each
 * applied as any block is (`applyBlock`). chain-fixture's `forgeBlock` derives the key and verifies inline for
 * every block, which builds a few hundred thousand blocks too slowly on a shared machine.
 */
import { nodeParts } from '../../src/core/node/parts';
import type { LocalNode } from '../../src/core/node/node';
import { payloadHash, signBlock, type Block, type BlockHeader } from '../../src/core/protocol/blocks';
import { keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { milestoneAt } from '../../src/core/protocol/networks';
import { forgerIndex, roundInfo } from '../../src/core/protocol/rounds';
import { slotNumber } from '../../src/core/protocol/time';
import type { TestChain } from '../node/support/chain-fixture';

/** Forges and applies empty blocks on `node` until its height is `top`. */
export async function buildEmptyChain(
  chain: TestChain,
  node: LocalNode,
  top: number,
  progress: (height: number) => void = () => undefined,
): Promise<void> {
  const store = nodeParts(node).store;
  const keys = new Map(
    chain.delegates.map((delegate) => [delegate.publicKey, keyPairFromPassphrase(delegate.passphrase)]),
  );
  const emptyPayload = payloadHash([]);
  let reported = node.height;
  while (node.height < top) {
    let last: BlockHeader = store.lastBlock();
    const info = roundInfo(last.height + 1, chain.network);
    // The round's order is known once the round before it is applied: forge up to its end.
    const delegates = store.roundDelegates(info.round);
    const roundEnd = info.roundHeight + info.maxDelegates - 1;
    const blocks: Block[] = [];
    for (let height = last.height + 1; height <= Math.min(top, roundEnd); height++) {
      const milestone = milestoneAt(chain.network, height);
      const slot = slotNumber(last.timestamp, milestone.blocktime) + 1;
      const owner = delegates[forgerIndex(slot, milestone.activeDelegates)]!;
      const pair = keys.get(owner);
      if (pair === undefined) throw new Error(`no key for the owner of slot ${slot}`);
      const header = signBlock(
        {
          version: milestone.block.version,
          timestamp: slot * milestone.blocktime,
          height,
          previousBlock: last.id,
          numberOfTransactions: 0,
          totalAmount: 0n,
          totalFee: 0n,
          reward: BigInt(milestone.reward),
          payloadLength: 0,
          payloadHash: emptyPayload,
          generatorPublicKey: toHex(pair.publicKey),
        },
        pair.privateKey,
        chain.network,
      );
      blocks.push({ header, transactions: [] });
      last = header;
    }
    await node.prepareBlocks(blocks);
    for (const block of blocks) node.applyBlock(block);
    if (node.height - reported >= 10_000) {
      reported = node.height;
      progress(reported);
    }
  }
}
