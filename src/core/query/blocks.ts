/** Blocks (ark-core-api.md §6.2, §6.13): stored headers from the read model, and ARK's transformed record. */
import type { BlockRecord } from '../domain';
import {
  blockByHeight,
  findBlock,
  listBlocks,
  multiPaymentSums,
  type BlockScope,
  type StoredBlock,
} from '../db/read-model/blocks';
import type { ListRequest } from '../db/read-model/list-request';
import type { PageRows } from '../db/read-model/sql/page-query';
import { formatTimestamp } from '../protocol/time';
import type { QueryContext } from './context';

export type { StoredBlock, BlockScope };

export class BlockQueries {
  constructor(private readonly ctx: QueryContext) {}

  list(request: ListRequest, scope?: BlockScope): PageRows<StoredBlock> {
    return listBlocks(this.ctx.read, request, scope);
  }

  /** `{id|height}` as ARK resolves it: a number up to the chain height is a height, anything else an id. */
  find(idOrHeight: string): StoredBlock | undefined {
    return findBlock(this.ctx.read, idOrHeight);
  }

  atHeight(height: number): StoredBlock | undefined {
    return blockByHeight(this.ctx.read, height);
  }

  last(): StoredBlock | undefined {
    return blockByHeight(this.ctx.read, this.ctx.read.height());
  }

  /** ARK's transformed blocks: multipayments in `forged.amount`, the generator's name, confirmations. */
  records(blocks: readonly StoredBlock[]): BlockRecord[] {
    const { read } = this.ctx;
    const lastHeight = read.height();
    const sums = multiPaymentSums(
      read,
      blocks.filter((block) => block.numberOfTransactions > 0).map((block) => block.height),
    );
    return blocks.map((block) => {
      const username = read.keys.username(block.generatorPublicKey);
      return {
        id: block.id,
        version: block.version,
        height: block.height,
        ...(block.previousBlock === undefined ? {} : { previous: block.previousBlock }),
        forged: {
          reward: block.reward,
          fee: block.totalFee,
          amount: block.totalAmount + (sums.get(block.height) ?? 0n),
          total: block.reward + block.totalFee,
        },
        payload: { hash: block.payloadHash, length: block.payloadLength },
        generator: {
          ...(username === undefined ? {} : { username }),
          address: read.keys.address(block.generatorPublicKey),
          publicKey: block.generatorPublicKey,
        },
        signature: block.blockSignature,
        // ARK: last height − height, so the last block has 0 (§12.5).
        confirmations: lastHeight - block.height,
        transactions: block.numberOfTransactions,
        timestamp: formatTimestamp(block.timestamp, read.network),
      };
    });
  }
}
