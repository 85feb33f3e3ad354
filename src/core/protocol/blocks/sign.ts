import { ecdsaSign, ecdsaVerify } from '../crypto';
import { ProtocolError, isProtocolError } from '../errors';
import { sha256 } from '../hash';
import { fromHex, isHex, toHex } from '../hex';
import { milestoneAt, type Network } from '../networks';
import { serializeBlockHeader } from './header';
import { blockIdFromHash } from './ids';
import type { BlockHeader } from './types';

/** SHA256 of the header without its signature: what the generator signs (protocol reference §6.1). */
export function blockSigningHash(header: BlockHeader, network: Network): Uint8Array {
  return sha256(serializeBlockHeader(header, network, { includeSignature: false }));
}

/**
 * The id computed from the signed header bytes, in both forms. The width follows milestone(height), not
 * height − 1. This is the id of the bytes: for the genesis block the network's configured id differs (§6.3).
 */
export function computeBlockId(header: BlockHeader, network: Network): { id: string; idHex: string } {
  const hash = sha256(serializeBlockHeader(header, network, { includeSignature: true }));
  return blockIdFromHash(hash, milestoneAt(network, header.height).block.idFullSha256 === true);
}

/** `Block.getId`: full SHA256 hex, or the legacy decimal id (§6.1). */
export function blockId(header: BlockHeader, network: Network): string {
  return computeBlockId(header, network).id;
}

function privateKeyBytes(privateKey: Uint8Array | string): Uint8Array {
  if (privateKey instanceof Uint8Array) {
    if (privateKey.length !== 32) throw new ProtocolError('ERR_KEY', 'private key must be 32 bytes');
    return privateKey;
  }
  if (!isHex(privateKey, 32)) throw new ProtocolError('ERR_KEY', 'private key must be 64 hex characters');
  return fromHex(privateKey, 'private key', 'ERR_KEY');
}

/**
 * Signs a header with the generator's key (ECDSA DER, RFC6979, low-S) and fills in the id, as
 * `BlockFactory.make` does. The header's generatorPublicKey must be the key of `privateKey`.
 */
export function signBlock(
  header: BlockHeader,
  privateKey: Uint8Array | string,
  network: Network,
): BlockHeader {
  const { blockSignature: _old, id: _oldId, ...unsigned } = header;
  const signature = ecdsaSign(blockSigningHash(unsigned, network), privateKeyBytes(privateKey));
  const signed: BlockHeader = { ...unsigned, blockSignature: toHex(signature) };
  signed.id = blockId(signed, network);
  return signed;
}

/** Whether blockSignature is a valid ECDSA signature of the header by generatorPublicKey. */
export function verifyBlockSignature(header: BlockHeader, network: Network): boolean {
  if (!isHex(header.blockSignature) || !isHex(header.generatorPublicKey, 33)) return false;
  try {
    const hash = blockSigningHash(header, network);
    return ecdsaVerify(hash, fromHex(header.blockSignature), fromHex(header.generatorPublicKey));
  } catch (error) {
    // A header that cannot be serialized cannot carry a valid signature; other failures are bugs.
    if (isProtocolError(error)) return false;
    throw error;
  }
}
