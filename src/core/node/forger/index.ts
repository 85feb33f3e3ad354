/** The forger (docs/design/node.md "Forging"). */
export {
  Forger,
  type ForgerChain,
  type ForgerConfig,
  type MissedSlotEvent,
  type MissReason,
  type SlotOutcome,
} from './forger';
export { assembleBlock, BLOCK_HEADER_RESERVE, type AssembleInput, type BlockSource } from './assemble';
export { withBlockTime } from './block-time';
export {
  BlockTimeConflictError,
  BLOCK_TIME_META_KEY,
  chooseBlockTime,
  recordBlockTime,
  recordedBlockTime,
} from './chain-block-time';
