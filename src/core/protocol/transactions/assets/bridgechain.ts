import type { ByteReader, ByteWriter } from '../../bytes';
import { ProtocolError } from '../../errors';
import type { BridgechainPorts, BridgechainRegistrationAsset, BridgechainUpdateAsset } from '../types';
import type { AssetCodec } from './codec';
import {
  readFixedHex,
  readOptionalString8,
  readString8,
  requireAsset,
  writeFixedHex,
  writeOptionalString8,
  writeString8,
} from './codec';

/** Legacy Magistrate types 3, 4, 5 (bridgechain registration / resignation / update), protocol reference §4.2. */

function writeSeeds(w: ByteWriter, seeds: string[], what: string): void {
  w.u8(seeds.length);
  seeds.forEach((seed, i) => writeString8(w, seed, `${what}[${i}]`));
}

function readSeeds(r: ByteReader): string[] {
  const count = r.u8('seed node count');
  const seeds: string[] = [];
  for (let i = 0; i < count; i++) seeds.push(readString8(r, `seed node ${i}`));
  return seeds;
}

function writePorts(w: ByteWriter, ports: BridgechainPorts, what: string): void {
  const entries = Object.entries(ports);
  w.u8(entries.length);
  for (const [name, port] of entries) {
    writeString8(w, name, `${what} name`);
    w.u16(port);
  }
}

/**
 * Ports become an object keyed by name. Duplicate names, or names that JavaScript would reorder (integer-like
 * keys), could not be written back to the same bytes, so they are rejected to keep decoding exact.
 */
function readPorts(r: ByteReader): BridgechainPorts {
  const count = r.u8('port count');
  const ports: BridgechainPorts = {};
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = readString8(r, `port ${i} name`);
    const port = r.u16(`port ${i}`);
    if (Object.hasOwn(ports, name)) throw new ProtocolError('ERR_BYTES', `duplicate port name "${name}"`);
    Object.defineProperty(ports, name, { value: port, enumerable: true, writable: true, configurable: true });
    names.push(name);
  }
  const keys = Object.keys(ports);
  if (keys.some((key, i) => key !== names[i])) {
    throw new ProtocolError('ERR_BYTES', 'port names must not be integer-like (their order would change)');
  }
  return ports;
}

export const bridgechainRegistrationCodec: AssetCodec = {
  write(w, tx) {
    const asset = requireAsset(tx, 'bridgechainRegistration');
    const what = 'asset.bridgechainRegistration';
    writeString8(w, asset.name, `${what}.name`);
    writeSeeds(w, asset.seedNodes, `${what}.seedNodes`);
    writeFixedHex(w, asset.genesisHash, 32, `${what}.genesisHash`);
    writeString8(w, asset.bridgechainRepository, `${what}.bridgechainRepository`);
    writeOptionalString8(w, asset.bridgechainAssetRepository, `${what}.bridgechainAssetRepository`);
    writePorts(w, asset.ports, `${what}.ports`);
  },
  read(r, tx) {
    const name = readString8(r, 'bridgechain name');
    const seedNodes = readSeeds(r);
    const genesisHash = readFixedHex(r, 32, 'bridgechain genesis hash');
    const bridgechainRepository = readString8(r, 'bridgechain repository');
    const bridgechainAssetRepository = readOptionalString8(r, 'bridgechain asset repository');
    const ports = readPorts(r);
    if (name === '' || bridgechainRepository === '') {
      throw new ProtocolError('ERR_BYTES', 'bridgechain name and repository must not be empty');
    }
    // Key order as the reference's data (toJson keeps it).
    const asset: BridgechainRegistrationAsset = {
      name,
      seedNodes,
      genesisHash,
      bridgechainRepository,
      ports,
    };
    if (bridgechainAssetRepository !== undefined)
      asset.bridgechainAssetRepository = bridgechainAssetRepository;
    tx.asset = { bridgechainRegistration: asset };
  },
};

export const bridgechainResignationCodec: AssetCodec = {
  write(w, tx) {
    const asset = requireAsset(tx, 'bridgechainResignation');
    writeFixedHex(w, asset.bridgechainId, 32, 'asset.bridgechainResignation.bridgechainId');
  },
  read(r, tx) {
    tx.asset = { bridgechainResignation: { bridgechainId: readFixedHex(r, 32, 'bridgechain id') } };
  },
};

export const bridgechainUpdateCodec: AssetCodec = {
  write(w, tx) {
    const asset = requireAsset(tx, 'bridgechainUpdate');
    const what = 'asset.bridgechainUpdate';
    writeFixedHex(w, asset.bridgechainId, 32, `${what}.bridgechainId`);
    writeSeeds(w, asset.seedNodes ?? [], `${what}.seedNodes`);
    writePorts(w, asset.ports ?? {}, `${what}.ports`);
    writeOptionalString8(w, asset.bridgechainRepository, `${what}.bridgechainRepository`);
    writeOptionalString8(w, asset.bridgechainAssetRepository, `${what}.bridgechainAssetRepository`);
  },
  read(r, tx) {
    const asset: BridgechainUpdateAsset = { bridgechainId: readFixedHex(r, 32, 'bridgechain id') };
    const seedNodes = readSeeds(r);
    const ports = readPorts(r);
    const bridgechainRepository = readOptionalString8(r, 'bridgechain repository');
    const bridgechainAssetRepository = readOptionalString8(r, 'bridgechain asset repository');
    if (seedNodes.length > 0) asset.seedNodes = seedNodes;
    if (Object.keys(ports).length > 0) asset.ports = ports;
    if (bridgechainRepository !== undefined) asset.bridgechainRepository = bridgechainRepository;
    if (bridgechainAssetRepository !== undefined)
      asset.bridgechainAssetRepository = bridgechainAssetRepository;
    tx.asset = { bridgechainUpdate: asset };
  },
};
