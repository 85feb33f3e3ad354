/**
 * Follows the chain of the active network into the ledger: new blocks are read in
 * height order, linked to the last recorded one by `previous`, and the slots each one skipped are derived
 * (schedule.ts). On a first start, or after a gap too long to fill, a bounded recent range is backfilled and
 * coverage restarts there. A node that reverted or switched fork is followed back to the last common block.
 */
import type { BlockRecord, ChainReader } from '../client';
import type { Network } from '../protocol/networks';
import { roundInfo } from '../protocol/rounds';
import { unixMsFromEpoch } from '../protocol/time';
import type { RoundOrders } from './round-orders';
import { missesBefore, slotAt, type DerivedMiss } from './schedule';
import type { Ledger, LedgerBlock } from '../db/monitor/ledger';

export interface IngestOptions {
  /** How many blocks a fresh start (or a gap) backfills. */
  backfillBlocks: number;
  /** Pages of 100 blocks read per call, so that one tick stays short; the rest follows on the next ticks. */
  pagesPerCall: number;
}

export interface IngestContext {
  networkId: string;
  network: Network;
  client: ChainReader;
  ledger: Ledger;
  orders: RoundOrders;
  /** Called with every generator username the API shows. */
  onUsername?: (publicKey: string, username: string) => void;
}

export interface IngestResult {
  added: LedgerBlock[];
  missed: DerivedMiss[];
  /** Heights above this were dropped (a revert or fork was followed back). */
  truncatedTo?: number;
}

const PAGE = 100;
/** How far back a fork or revert is searched before the run restarts from scratch. */
const MAX_REWIND = 200;

export function ledgerBlockOf(block: BlockRecord, network: Network): LedgerBlock {
  return {
    height: block.height,
    id: block.id,
    slot: slotAt(block.timestamp.epoch, block.height, network),
    at: unixMsFromEpoch(block.timestamp.epoch, network),
    generator: block.generator.publicKey,
  };
}

async function blockRange(ctx: IngestContext, from: number, to: number): Promise<BlockRecord[]> {
  const page = await ctx.client.blocks({
    'height.from': from,
    'height.to': to,
    orderBy: 'height:asc',
    limit: PAGE,
  });
  return page.data
    .filter((block) => block.height >= from && block.height <= to)
    .sort((a, b) => a.height - b.height);
}

/** The highest recorded height whose block the node still has (undefined: none within MAX_REWIND). */
async function commonHeight(ctx: IngestContext, from: number, floor: number): Promise<number | undefined> {
  for (let height = from; height >= Math.max(floor, from - MAX_REWIND); height--) {
    const mine = ctx.ledger.block(ctx.networkId, height);
    if (mine === undefined) return undefined;
    const theirs = await ctx.client.block(height).catch(() => undefined);
    if (theirs?.id === mine.id) return height;
  }
  return undefined;
}

/** Whether `block` is the one right after `previous` on the same chain. */
function linksTo(block: BlockRecord | undefined, previous: { height: number; id: string }): boolean {
  return block !== undefined && block.height === previous.height + 1 && block.previous === previous.id;
}

/** Reads what the node has beyond the ledger's tip, up to the node's current tip. */
export async function ingest(
  ctx: IngestContext,
  tip: { height: number; id: string; block?: BlockRecord },
  options: IngestOptions,
): Promise<IngestResult> {
  const { ledger, networkId } = ctx;
  const tipHeight = tip.height;
  const result: IngestResult = { added: [], missed: [] };
  let last = ledger.tip(networkId);
  if (last !== undefined && last.height === tip.height && last.id === tip.id) return result;
  // The page beyond the ledger's tip, read first when the node is ahead: its first block naming the tip as its
  // previous shows the tip is still the node's, so the tip itself is not read again (one request a block, not two).
  let ahead: BlockRecord[] | undefined;
  if (last !== undefined) {
    let stillThere = false;
    if (tipHeight > last.height && tipHeight - last.height <= options.backfillBlocks) {
      // The tip's own block, when the probe just read it and it is the next one (/blocks/last is the same resource
      // as a /blocks page's item: ARK Core 3.9.1 core-api `controllers/blocks.ts`), needs no read at all.
      const known = tip.block?.id === tip.id && tip.block.height === tipHeight ? tip.block : undefined;
      ahead =
        known !== undefined && linksTo(known, last)
          ? [known]
          : await blockRange(ctx, last.height + 1, Math.min(tipHeight, last.height + PAGE));
      stillThere = linksTo(ahead[0], last);
      if (!stillThere) ahead = undefined;
    }
    if (!stillThere && tipHeight >= last.height) {
      stillThere = (await ctx.client.block(last.height).catch(() => undefined))?.id === last.id;
    }
    if (!stillThere) {
      const floor = ledger.coveredFrom(networkId) ?? 1;
      const common = await commonHeight(ctx, Math.min(last.height - 1, tipHeight), floor);
      if (common === undefined) {
        last = undefined;
      } else {
        ledger.truncate(networkId, common);
        ctx.orders.forgetFrom(roundInfo(common + 1, ctx.network).round);
        result.truncatedTo = common;
        last = ledger.tip(networkId);
      }
    }
  }
  if (last === undefined || tipHeight - last.height > options.backfillBlocks) {
    // Start a new run one block before the backfill range: that block only anchors the first gap.
    const start = Math.max(1, tipHeight - options.backfillBlocks);
    const [anchor] = await blockRange(ctx, start, start);
    if (anchor === undefined) return result;
    last = ledgerBlockOf(anchor, ctx.network);
    ledger.record(networkId, [last], [], true);
    result.added.push(last);
  }
  let cursor: LedgerBlock = last;
  for (let pageNo = 0; pageNo < options.pagesPerCall && cursor.height < tipHeight; pageNo++) {
    const batch =
      ahead !== undefined && cursor === last
        ? ahead
        : await blockRange(ctx, cursor.height + 1, Math.min(tipHeight, cursor.height + PAGE));
    const blocks: LedgerBlock[] = [];
    const missed: DerivedMiss[] = [];
    let previous: LedgerBlock = cursor;
    for (const block of batch) {
      // Linked blocks only: anything else means the node changed under us; the next call rewinds.
      if (!linksTo(block, previous)) break;
      if (block.generator.username !== undefined)
        ctx.onUsername?.(block.generator.publicKey, block.generator.username);
      const entry = ledgerBlockOf(block, ctx.network);
      const { order } = await ctx.orders.get(roundInfo(entry.height, ctx.network).round);
      missed.push(...missesBefore(previous, entry, order, ctx.network));
      blocks.push(entry);
      previous = entry;
    }
    if (blocks.length === 0) break;
    ledger.record(networkId, blocks, missed, false);
    result.added.push(...blocks);
    result.missed.push(...missed);
    cursor = previous;
    if (blocks.length < batch.length) break;
  }
  return result;
}
