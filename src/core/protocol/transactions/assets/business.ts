import { ProtocolError } from '../../errors';
import type { BusinessRegistrationAsset, BusinessUpdateAsset } from '../types';
import type { AssetCodec } from './codec';
import { readOptionalString8, readString8, requireAsset, writeOptionalString8, writeString8 } from './codec';

/**
 * Legacy Magistrate type 0 businessRegistration: `len‖name, len‖website, len‖vat (0 if absent),
 * len‖repository (0 if absent)` (protocol reference §4.2).
 */
export const businessRegistrationCodec: AssetCodec = {
  write(w, tx) {
    const asset = requireAsset(tx, 'businessRegistration');
    writeString8(w, asset.name, 'asset.businessRegistration.name');
    writeString8(w, asset.website, 'asset.businessRegistration.website');
    writeOptionalString8(w, asset.vat, 'asset.businessRegistration.vat');
    writeOptionalString8(w, asset.repository, 'asset.businessRegistration.repository');
  },
  read(r, tx) {
    const name = readString8(r, 'business name');
    const website = readString8(r, 'business website');
    const vat = readOptionalString8(r, 'business vat');
    const repository = readOptionalString8(r, 'business repository');
    // Empty required strings would be written back as length 0 too; keep them so the decoding is exact.
    if (name === '' || website === '') {
      throw new ProtocolError('ERR_BYTES', 'business name and website must not be empty');
    }
    const asset: BusinessRegistrationAsset = { name, website };
    if (vat !== undefined) asset.vat = vat;
    if (repository !== undefined) asset.repository = repository;
    tx.asset = { businessRegistration: asset };
  },
};

/** Legacy Magistrate type 2 businessUpdate: four optional `len‖utf8` fields name, website, vat, repository. */
export const businessUpdateCodec: AssetCodec = {
  write(w, tx) {
    const asset = requireAsset(tx, 'businessUpdate');
    writeOptionalString8(w, asset.name, 'asset.businessUpdate.name');
    writeOptionalString8(w, asset.website, 'asset.businessUpdate.website');
    writeOptionalString8(w, asset.vat, 'asset.businessUpdate.vat');
    writeOptionalString8(w, asset.repository, 'asset.businessUpdate.repository');
  },
  read(r, tx) {
    const asset: BusinessUpdateAsset = {};
    const name = readOptionalString8(r, 'business name');
    const website = readOptionalString8(r, 'business website');
    const vat = readOptionalString8(r, 'business vat');
    const repository = readOptionalString8(r, 'business repository');
    if (name !== undefined) asset.name = name;
    if (website !== undefined) asset.website = website;
    if (vat !== undefined) asset.vat = vat;
    if (repository !== undefined) asset.repository = repository;
    tx.asset = { businessUpdate: asset };
  },
};
