/**
 * How a block row is stored compactly (migration 008, docs/design/node.md "Storage") and read back as the hex
 * text every reader expects:
 * - hashes and signatures are BLOBs (32 bytes for an id, not 64 characters). A value that is not lower-case hex
 *   of whole bytes (an odd-length decimal id of ARK's version-1 era) stays TEXT in the same column, so nothing is
 *   lost; a stored BLOB is read back as lower-case hex, exactly the text it was written from;
 * - `previous_block` is NULL when it is the id of the block one height below (every block but the genesis, on a
 *   linear chain): the parent's row holds it already;
 * - `payload_hash` is NULL when it is the SHA256 of nothing (every empty block's payload hash);
 * - the generator is a small integer into `delegate_keys` (one row per delegate that ever forged), not its
 *   33-byte key in every block.
 * Equality filters bind a client's value with `storedHex`, so a value matches exactly when its text matched before.
 */

/** SHA256 of the empty payload: the payload hash of every block without transactions. */
export const EMPTY_PAYLOAD_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

const LOWER_HEX = /^(?:[0-9a-f]{2})+$/;

/** The value stored for a hex text: its bytes when it is lower-case hex, else the text itself. */
export function storedHex(value: string): Buffer | string {
  return LOWER_HEX.test(value) ? Buffer.from(value, 'hex') : value;
}

/** The SQL expression reading a `storedHex` column back as text. */
export function hexText(column: string): string {
  return `CASE WHEN typeof(${column}) = 'blob' THEN lower(hex(${column})) ELSE ${column} END`;
}

/** The payload hash as stored: NULL for the empty payload's. */
export function storedPayloadHash(value: string): Buffer | string | null {
  return value === EMPTY_PAYLOAD_HASH ? null : storedHex(value);
}

/** The stored payload hash column with the empty payload's filled back in (still a BLOB). */
export function payloadHashBlob(column: string): string {
  return `coalesce(${column}, x'${EMPTY_PAYLOAD_HASH}')`;
}

/**
 * The joins that complete a block row `alias`: its generator (`<alias>_g`) and the row one height below
 * (`<alias>_p`, whose id is the previous block's when `previous_block` is NULL). CROSS JOIN keeps the blocks as the
 * outer loop, so a list still walks the primary key (or an index of blocks) in order.
 */
export function blockRowJoins(alias: string): string {
  return (
    ` CROSS JOIN delegate_keys ${alias}_g ON ${alias}_g.id = ${alias}.generator_id` +
    ` LEFT JOIN blocks ${alias}_p ON ${alias}_p.height = ${alias}.height - 1`
  );
}

/** `blocks <alias>` with the joins its columns need (`blockRowColumns`). */
export function blockRowFrom(alias: string): string {
  return `blocks ${alias}${blockRowJoins(alias)}`;
}

/** The previous block's id as stored (a BLOB, or the TEXT of a numeric id); needs `blockRowJoins`. */
export function previousBlockStored(alias: string): string {
  return `coalesce(${alias}.previous_block, ${alias}_p.id)`;
}

/** The generator's public key (hex text) of a block row; needs `blockRowJoins`. */
export function generatorKey(alias: string): string {
  return `${alias}_g.public_key`;
}

/** The columns of a block row under the names of `BlockRow`, from `blockRowFrom` (repository and read model). */
export function blockRowColumns(alias: string): string {
  return [
    `${alias}.height AS height`,
    `${hexText(`${alias}.id`)} AS id`,
    `${alias}.version AS version`,
    `${alias}.timestamp AS timestamp`,
    `${hexText(previousBlockStored(alias))} AS previous_block`,
    `${alias}.number_of_transactions AS number_of_transactions`,
    `${alias}.total_amount AS total_amount`,
    `${alias}.total_fee AS total_fee`,
    `${alias}.reward AS reward`,
    `${alias}.payload_length AS payload_length`,
    `${hexText(payloadHashBlob(`${alias}.payload_hash`))} AS payload_hash`,
    `${generatorKey(alias)} AS generator_public_key`,
    `${hexText(`${alias}.block_signature`)} AS block_signature`,
  ].join(', ');
}
