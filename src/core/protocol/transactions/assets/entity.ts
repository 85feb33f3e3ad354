import { ProtocolError } from '../../errors';
import { fromHex, toHex } from '../../hex';
import type { EntityAsset, EntityAssetData } from '../types';
import type { AssetCodec } from './codec';
import { readOptionalString8, writeOptionalString8 } from './codec';

/**
 * Magistrate type 6 Entity: `type u8 ‖ subType u8 ‖ action u8 ‖ regIdLen u8 ‖ registrationId ‖ nameLen u8 ‖
 * name ‖ ipfsLen u8 ‖ ipfsData` (protocol reference §4.2). ipfsData is written as the UTF-8 of its Base58
 * characters, not decoded. An absent field is written as length 0 and left out again when decoding.
 */
export const entityCodec: AssetCodec = {
  write(w, tx) {
    const asset = tx.asset;
    if (!asset || asset.type === undefined || asset.subType === undefined || asset.action === undefined) {
      throw new ProtocolError('ERR_SCHEMA', 'data.asset: an entity needs type, subType and action');
    }
    w.u8(asset.type).u8(asset.subType).u8(asset.action);
    if (asset.registrationId) {
      const id = fromHex(asset.registrationId, 'asset.registrationId');
      if (id.length > 0xff) throw new ProtocolError('ERR_BYTES', 'asset.registrationId is too long');
      w.u8(id.length).bytes(id);
    } else {
      w.u8(0);
    }
    writeOptionalString8(w, asset.data?.name, 'asset.data.name');
    writeOptionalString8(w, asset.data?.ipfsData, 'asset.data.ipfsData');
  },
  read(r, tx) {
    const type = r.u8('entity type');
    const subType = r.u8('entity subType');
    const action = r.u8('entity action');
    const registrationIdLength = r.u8('entity registrationId length');
    const registrationId =
      registrationIdLength > 0 ? toHex(r.bytes(registrationIdLength, 'entity registrationId')) : undefined;
    const name = readOptionalString8(r, 'entity name');
    const ipfsData = readOptionalString8(r, 'entity ipfsData');
    const data: EntityAssetData = {};
    if (name !== undefined) data.name = name;
    if (ipfsData !== undefined) data.ipfsData = ipfsData;
    // Key order as the reference's data: type, subType, action, [registrationId], data.
    const asset: EntityAsset =
      registrationId !== undefined
        ? { type, subType, action, registrationId, data }
        : { type, subType, action, data };
    tx.asset = asset;
  },
};
