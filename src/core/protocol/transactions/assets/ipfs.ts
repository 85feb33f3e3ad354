import { base58 } from '@scure/base';
import { ProtocolError } from '../../errors';
import type { AssetCodec } from './codec';
import { requireAsset } from './codec';

/**
 * Core type 5: the Base58-decoded multihash `hashFn u8 ‖ len u8 ‖ digest[len]` (protocol reference §4.2). The
 * decoder reads fn, len and digest and re-encodes all of them in Base58.
 */
export const ipfsCodec: AssetCodec = {
  write(w, tx) {
    const text = requireAsset(tx, 'ipfs');
    let bytes: Uint8Array;
    try {
      bytes = base58.decode(text);
    } catch {
      throw new ProtocolError('ERR_SCHEMA', 'data.asset.ipfs: not a Base58 string');
    }
    // Only a well-formed multihash decodes back to the same string; anything else would change on the wire.
    if (bytes.length < 2 || bytes[1] !== bytes.length - 2) {
      throw new ProtocolError('ERR_SCHEMA', 'data.asset.ipfs: not a multihash (hashFn ‖ length ‖ digest)');
    }
    w.bytes(bytes);
  },
  read(r, tx) {
    const hashFunction = r.u8('ipfs hash function');
    const length = r.u8('ipfs digest length');
    const digest = r.bytes(length, 'ipfs digest');
    const multihash = new Uint8Array(length + 2);
    multihash[0] = hashFunction;
    multihash[1] = length;
    multihash.set(digest, 2);
    tx.asset = { ipfs: base58.encode(multihash) };
  },
};
