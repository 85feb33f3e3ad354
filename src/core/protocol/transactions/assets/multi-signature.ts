import type { AssetCodec } from './codec';
import { readFixedHex, requireAsset, writeFixedHex } from './codec';

/** Core type 4 (v2): `min u8 ‖ count u8 ‖ count × publicKey 33` (protocol reference §4.2). */
export const multiSignatureCodec: AssetCodec = {
  write(w, tx) {
    const { min, publicKeys } = requireAsset(tx, 'multiSignature');
    w.u8(min).u8(publicKeys.length);
    publicKeys.forEach((key, i) => writeFixedHex(w, key, 33, `asset.multiSignature.publicKeys[${i}]`));
  },
  read(r, tx) {
    const min = r.u8('multisignature min');
    const count = r.u8('multisignature key count');
    const publicKeys: string[] = [];
    for (let i = 0; i < count; i++) publicKeys.push(readFixedHex(r, 33, `multisignature key ${i}`));
    // Key order as the reference's deserializer creates it ({ publicKeys, min }), which toJson keeps.
    tx.asset = { multiSignature: { publicKeys, min } };
  },
};

/**
 * Core type 4 (v1, historic): `min u8 ‖ count u8 ‖ lifetime u8 ‖ count × publicKey 33`. The keysgroup entries
 * carry a "+" prefix after decoding (the reference's applyV1Compatibility); the prefix is not serialized.
 */
export const multiSignatureLegacyCodec: AssetCodec = {
  write(w, tx) {
    const { min, lifetime, keysgroup } = requireAsset(tx, 'multiSignatureLegacy');
    w.u8(min).u8(keysgroup.length).u8(lifetime);
    keysgroup.forEach((key, i) =>
      writeFixedHex(
        w,
        key.startsWith('+') ? key.slice(1) : key,
        33,
        `asset.multiSignatureLegacy.keysgroup[${i}]`,
      ),
    );
  },
  read(r, tx) {
    const min = r.u8('legacy multisignature min');
    const count = r.u8('legacy multisignature key count');
    const lifetime = r.u8('legacy multisignature lifetime');
    const keysgroup: string[] = [];
    for (let i = 0; i < count; i++)
      keysgroup.push('+' + readFixedHex(r, 33, `legacy multisignature key ${i}`));
    tx.asset = { multiSignatureLegacy: { keysgroup, lifetime, min } };
  },
};
