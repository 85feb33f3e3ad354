/**
 * The apply rate of bench:scale: real blocks (signed by the localnet delegates, transfers signed by the faucet)
 * through BlockStore.applyBlock — the one validation every block passes, the follower's included — on top of a
 * chain, then reverted so the chain is left as it was. Measured on the big chain and on an empty one, in the same
 * process, so the two rates compare.
 */
import type { BlockStore } from '../../src/core/node/block-store';
import { localnetGenesis, localnetWallets } from '../../src/core/node/localnet';
import { forgeBlock, nowFor, sign, type TestChain } from '../node/support/chain-fixture';

const WARM_UP_BLOCKS = 5;
/**
 * BENCH_SCALE_APPLY_BATCH=N: blocks per SQLite transaction (default 1, one a block as near the tip; a follower far
 * behind stores a run of up to 100 blocks from a public API, 400 from P2P, in one).
 */
const APPLY_BATCH = Math.max(1, Math.floor(Number(process.env['BENCH_SCALE_APPLY_BATCH'] ?? 1)) || 1);

export interface ApplyRate {
  emptyBlocksPerSecond: number;
  transfersPerSecond: number;
}

/** A TestChain view of the localnet store: what forgeBlock and sign need (network, delegates' secrets). */
function localnetChain(store: BlockStore): TestChain {
  const wallets = localnetWallets();
  const account = (w: (typeof wallets)[number]) => ({
    passphrase: w.passphrase,
    publicKey: w.publicKey,
    address: w.address,
  });
  const faucet = wallets.find((w) => w.role === 'faucet');
  if (!faucet) throw new Error('localnet has no faucet wallet');
  return {
    network: store.network,
    genesis: localnetGenesis(),
    genesisAccount: account(faucet),
    delegates: wallets.filter((w) => w.role === 'delegate').map(account),
    users: [account(faucet)],
  };
}

/**
 * Applies `emptyBlocks` empty blocks, then `fullBlocks` blocks of `perBlock` faucet transfers; reverts them all.
 * `batch` blocks share one SQLite transaction (BlockStore.batch), as a follower far behind stores a run
 * (docs/design/sync.md "Batched commits"); 1 (the default) is one transaction a block, as near the tip. The time
 * counted is applyBlock's and the batch's commit, not forging.
 */
export function measureApply(
  store: BlockStore,
  emptyBlocks: number,
  fullBlocks: number,
  perBlock: number,
  batch = APPLY_BATCH,
): ApplyRate {
  /** Runs `count` applies (`each` returns the ms it took) in batches; returns the ms, commits included. */
  const timed = (count: number, each: () => number): number => {
    let ms = 0;
    if (batch === 1) {
      for (let i = 0; i < count; i++) ms += each();
      return ms;
    }
    for (let done = 0; done < count;) {
      const size = Math.min(batch, count - done);
      let bodyEnd = 0;
      store.batch(() => {
        for (let i = 0; i < size; i++) ms += each();
        bodyEnd = performance.now();
      });
      ms += performance.now() - bodyEnd;
      done += size;
    }
    return ms;
  };
  const chain = localnetChain(store);
  const faucet = chain.users[0]!;
  let applied = 0;
  try {
    // Untimed first blocks: the first one on a freshly opened store pays for its statements and caches (about
    // 300 ms on the 1,000,001-block chain), which is start-up, not the rate a running follower applies at.
    for (let i = 0; i < WARM_UP_BLOCKS; i++) {
      const block = forgeBlock(chain, store, []);
      store.applyBlock(block, { now: nowFor(chain, block) });
      applied++;
    }
    const emptyMs = timed(emptyBlocks, () => {
      const block = forgeBlock(chain, store, []);
      const start = performance.now();
      store.applyBlock(block, { now: nowFor(chain, block) });
      applied++;
      return performance.now() - start;
    });
    let nonce = store.state().wallet(faucet.address).nonce;
    const fullMs = timed(fullBlocks, () => {
      const height = store.height() + 1;
      const transfers = Array.from({ length: perBlock }, (_, k) =>
        sign(
          chain,
          {
            type: 0,
            nonce: ++nonce,
            amount: 1_000n + BigInt(k),
            recipientId: chain.delegates[k % 21]!.address,
          },
          faucet.passphrase,
          height,
        ),
      );
      const block = forgeBlock(chain, store, transfers);
      const start = performance.now();
      store.applyBlock(block, { now: nowFor(chain, block) });
      applied++;
      return performance.now() - start;
    });
    return {
      emptyBlocksPerSecond: emptyBlocks / (emptyMs / 1000),
      transfersPerSecond: (fullBlocks * perBlock) / (fullMs / 1000),
    };
  } finally {
    for (let i = 0; i < applied; i++) store.revertLastBlock();
  }
}
