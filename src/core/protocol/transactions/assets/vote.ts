import { ProtocolError } from '../../errors';
import { fromHex, toHex } from '../../hex';
import type { AssetCodec } from './codec';
import { requireAsset } from './codec';

/**
 * Core type 3: `count u8 ‖ count × (flag u8 ‖ delegatePublicKey 33)`, flag 0x01 = "+" and 0x00 = "-"
 * (protocol reference §4.2). The serializer writes 0x00 for anything not starting with "+", as the reference.
 *
 * Deliberate strictness: the reference decoder maps any byte whose low hex digit is 1 to "+" (0x11, 0x21, …)
 * and re-serializes it as 0x01, so such bytes would hash to the same id as the canonical ones. This decoder
 * accepts only 0x00 and 0x01, which keeps decoding one-to-one: the id of received bytes is always the id of
 * their re-serialization, and a flipped flag bit can never yield "the same" valid transaction.
 */
export const voteCodec: AssetCodec = {
  write(w, tx) {
    const votes = requireAsset(tx, 'votes');
    w.u8(votes.length);
    votes.forEach((vote, i) => {
      const key = fromHex(vote.slice(1), `asset.votes[${i}]`);
      if (key.length !== 33) {
        throw new ProtocolError('ERR_BYTES', `asset.votes[${i}] must hold a 33-byte public key`);
      }
      w.u8(vote.startsWith('+') ? 0x01 : 0x00).bytes(key);
    });
  },
  read(r, tx) {
    const count = r.u8('vote count');
    const votes: string[] = [];
    for (let i = 0; i < count; i++) {
      const flag = r.u8(`vote ${i} flag`);
      if (flag !== 0x00 && flag !== 0x01) {
        throw new ProtocolError(
          'ERR_BYTES',
          `vote ${i} flag must be 0x00 or 0x01, got 0x${flag.toString(16)}`,
        );
      }
      votes.push((flag === 0x01 ? '+' : '-') + toHex(r.bytes(33, `vote ${i} public key`)));
    }
    tx.asset = { votes };
  },
};
