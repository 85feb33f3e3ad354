import type { AssetCodec } from './codec';
import { readFixedHex, requireAsset, writeFixedHex } from './codec';

/** Core type 1: the second public key, 33 bytes (protocol reference §4.2). */
export const secondSignatureCodec: AssetCodec = {
  write(w, tx) {
    writeFixedHex(w, requireAsset(tx, 'signature').publicKey, 33, 'asset.signature.publicKey');
  },
  read(r, tx) {
    tx.asset = { signature: { publicKey: readFixedHex(r, 33, 'second public key') } };
  },
};
