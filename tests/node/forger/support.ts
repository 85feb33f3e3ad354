import { nodeParts } from '../../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localnet, localnetWallet } from '../../../src/core/node/localnet';
import { LocalNode, type LocalNodeOptions } from '../../../src/core/node/node';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import { epochUnixMs, milestoneAt } from '../../../src/core/protocol/networks';
import { signTransaction, type TransactionData } from '../../../src/core/protocol/transactions';

const dirs: string[] = [];

export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'votary-node-'));
  dirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * A node driven by a fake clock: no slot timer; `step()` moves the clock to the next slot start and runs that
 * slot, as the timer would.
 */
export class ClockedNode {
  private constructor(
    readonly node: LocalNode,
    readonly blockTime: number,
    private readonly time: { now: number },
  ) {}

  static async start(
    options: Partial<LocalNodeOptions> & { dataDir?: string; at?: number } = {},
  ): Promise<ClockedNode> {
    const blockTime = options.blockTime ?? milestoneAt(localnet, 1).blocktime;
    // A slot start some time after the genesis block, unless the caller continues an earlier clock.
    const time = { now: options.at ?? epochUnixMs(localnet) + 1000 * blockTime * 1000 };
    const node = await LocalNode.start({
      ...options,
      dataDir: options.dataDir ?? tempDataDir(),
      forging: false,
      now: () => time.now,
    });
    return new ClockedNode(node, blockTime, time);
  }

  /** Unix milliseconds of the fake clock. */
  get clock(): number {
    return this.time.now;
  }

  set clock(value: number) {
    this.time.now = value;
  }

  /** Moves to the next slot start and runs it. */
  step() {
    this.clock += this.blockTime * 1000;
    return nodeParts(this.node).forger.forgeAt(this.clock);
  }
}

export const faucet = localnetWallet('faucet');
export const someone = addressFromPassphrase('runtime test recipient', 30);

export function faucetTransfer(nonce: bigint, amount: bigint, height: number): TransactionData {
  return signTransaction(
    { type: 0, nonce, amount, recipientId: someone },
    { passphrase: faucet.passphrase },
    { network: localnet, height },
  );
}
