export {
  decodeGetBlocksRequest,
  decodeGetBlocksResponse,
  decodeGetStatusResponse,
  encodeGetBlocksRequest,
  encodeGetBlocksResponse,
  encodeGetStatusRequest,
  encodeGetStatusResponse,
  MAX_BLOCK_TRANSACTIONS,
  MAX_DOWNLOAD_BLOCKS,
  P2pCodecError,
  type P2pBlock,
  type P2pStatus,
} from './codecs';
export { parseNesMessage, stringifyNesMessage, NesFrameError, type NesMessage } from './nes-frame';
export {
  DEFAULT_MAX_UNSENT_BYTES,
  MAX_EARLY_PINGS,
  MIN_PROGRESS_BYTES,
  P2pClient,
  type P2pClientOptions,
} from './p2p-client';
export {
  ARK_GET_BLOCKS_LIMIT,
  ARK_GET_STATUS_LIMIT,
  normalizeP2pUrl,
  P2pExcessError,
  P2pPeer,
  P2pPeers,
  type P2pPeerOptions,
} from './p2p-peer';
