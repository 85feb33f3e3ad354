import type { AssetCodec } from './codec';
import { readString8, requireAsset, writeString8 } from './codec';

/** Core type 2: `usernameLen u8 ‖ username UTF-8` (protocol reference §4.2). */
export const delegateRegistrationCodec: AssetCodec = {
  write(w, tx) {
    writeString8(w, requireAsset(tx, 'delegate').username, 'asset.delegate.username');
  },
  read(r, tx) {
    tx.asset = { delegate: { username: readString8(r, 'delegate username') } };
  },
};
