/** The block resource (ark-core-api.md §6.13): ARK's transformed record, or the 13 raw columns. */
import type { BlockRecord } from '../../domain';
import { rawBlock, type RawBlock, type StoredBlock } from '../../query';
import type { ApiContext } from '../context';
import { arkJson, type Json } from './json';

export type BlockResource = Json<BlockRecord>;

/** Blocks in the shape `transform` asks for. */
export function blockResources(
  ctx: ApiContext,
  blocks: readonly StoredBlock[],
  transform: boolean,
): (BlockResource | RawBlock)[] {
  if (!transform) return blocks.map(rawBlock);
  return ctx.queries.of.blocks.records(blocks).map(arkJson);
}
