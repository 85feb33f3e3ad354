import { ProtocolError } from '../../errors';
import type { AssetCodec } from './codec';
import { readAddress, writeAddress } from './codec';

/** Core type 0: `amount u64 ‖ expiration u32 ‖ recipient 21` (protocol reference §4.2). */
export const transferCodec: AssetCodec = {
  write(w, tx) {
    if (tx.recipientId === undefined) {
      throw new ProtocolError('ERR_SCHEMA', 'data.recipientId: required for a transfer');
    }
    w.u64(tx.amount).u32(tx.expiration ?? 0);
    writeAddress(w, tx.recipientId);
  },
  read(r, tx, state) {
    tx.amount = r.u64('transfer amount');
    tx.expiration = r.u32('transfer expiration');
    tx.recipientId = readAddress(r, state, 'transfer recipient');
  },
};
