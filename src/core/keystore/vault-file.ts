/**
 * The vault file (`<dataDir>/profiles/<profile>/vault.json`), version 1:
 *
 *   format, version   "votary-vault", 1
 *   kdf               scrypt parameters and salt (kdf.ts), stored beside the ciphertext
 *   passwordKey       the random 32-byte vault key sealed with the password-derived key
 *   deviceKey         the same vault key sealed with a random device key kept in the OS keychain, or null
 *   contents          the wallets (JSON) sealed with the vault key
 *   checksum          SHA-256 of everything above
 *
 * Two keys, so that a password change re-seals 32 bytes and "unlock on this device" seals the same key. The
 * GCM tags authenticate each box; the checksum exists to tell damage apart from a wrong password: a flipped
 * salt or KDF byte would otherwise only show up as a failed unwrap, indistinguishable from a mistyped password.
 * (It is unkeyed, so it catches corruption, not a forger; a forger who rewrites the header only achieves
 * "wrong password", never a readable or altered wallet.)
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { SealedBox } from './aead';
import { KeystoreError } from './errors';
import { isSupportedScrypt, type KdfRecord } from './kdf';

export const VAULT_FORMAT = 'votary-vault';
export const VAULT_VERSION = 1;

export interface VaultFile {
  format: typeof VAULT_FORMAT;
  version: typeof VAULT_VERSION;
  kdf: KdfRecord;
  passwordKey: SealedBox;
  deviceKey: SealedBox | null;
  contents: SealedBox;
}

/** Associated data per slot: a box sealed for one slot never opens in another. */
export function passwordKeyAad(kdf: KdfRecord): string {
  return `${VAULT_FORMAT}/${VAULT_VERSION}/password-key/scrypt/${kdf.N}/${kdf.r}/${kdf.p}/${kdf.salt}`;
}
export const DEVICE_KEY_AAD = `${VAULT_FORMAT}/${VAULT_VERSION}/device-key`;
export const CONTENTS_AAD = `${VAULT_FORMAT}/${VAULT_VERSION}/contents`;

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);
const boxSchema = z.strictObject({ iv: base64, ciphertext: base64, tag: base64 });
const fileSchema = z.strictObject({
  format: z.literal(VAULT_FORMAT),
  version: z.literal(VAULT_VERSION),
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    N: z.number().int(),
    r: z.number().int(),
    p: z.number().int(),
    dkLen: z.literal(32),
    salt: base64,
  }),
  passwordKey: boxSchema,
  deviceKey: boxSchema.nullable(),
  contents: boxSchema,
  checksum: z.string().regex(/^[0-9a-f]{64}$/),
});

/** The fields in a fixed order, so the checksum does not depend on how a parser ordered keys. */
function canonicalBody(file: VaultFile): string {
  const box = (b: SealedBox) => ({ iv: b.iv, ciphertext: b.ciphertext, tag: b.tag });
  const { kdf } = file;
  return JSON.stringify({
    format: file.format,
    version: file.version,
    kdf: { name: kdf.name, N: kdf.N, r: kdf.r, p: kdf.p, dkLen: kdf.dkLen, salt: kdf.salt },
    passwordKey: box(file.passwordKey),
    deviceKey: file.deviceKey === null ? null : box(file.deviceKey),
    contents: box(file.contents),
  });
}

function checksumOf(file: VaultFile): string {
  return createHash('sha256').update(canonicalBody(file), 'utf8').digest('hex');
}

export function serializeVaultFile(file: VaultFile): string {
  const body = JSON.parse(canonicalBody(file)) as Record<string, unknown>;
  return `${JSON.stringify({ ...body, checksum: checksumOf(file) }, null, 2)}\n`;
}

/** The parsed file, or ERR_VAULT_CORRUPT for anything that is not an intact version-1 vault. */
export function parseVaultFile(text: string): VaultFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw corrupt('it is not valid JSON');
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw corrupt('its structure is not a version-1 vault');
  const { checksum, ...file } = parsed.data;
  if (checksumOf(file) !== checksum) throw corrupt('its checksum does not match (the file was altered)');
  if (!isSupportedScrypt(file.kdf)) throw corrupt('its scrypt parameters are outside the supported range');
  return file;
}

export function corrupt(why: string): KeystoreError {
  return new KeystoreError(
    'ERR_VAULT_CORRUPT',
    `The vault file cannot be read: ${why}. Restore it from a backup or re-import your wallets.`,
  );
}
