/**
 * Signed messages as the screens see them (core/protocol/message.ts): ARK Core 3's form `{publicKey, signature,
 * message}` (DER ECDSA) and ArkVault's `{message, signatory, signature}` (64-byte legacy Schnorr), both over
 * SHA-256 of the UTF-8 message. Public data only: a signature and the public key it verifies under.
 */
import { z } from 'zod';

export const messageFormat = z.enum(['core3', 'arkvault']);
export type MessageFormatName = z.output<typeof messageFormat>;

/** At most this many characters are signed or verified (a message is text a person reads before signing). */
export const MESSAGE_MAX_LENGTH = 20_000;

export const signedMessageView = z.object({
  format: messageFormat,
  message: z.string(),
  publicKey: z.string(),
  signature: z.string(),
  /** The signing wallet's address. */
  address: z.string(),
  /** The signed message as its wallet writes it: pretty JSON, the form's field names in their order. */
  text: z.string(),
});
export type SignedMessageView = z.output<typeof signedMessageView>;

export const messageVerdictView = z.object({
  verified: z.boolean(),
  /** Which form the document's field names claim. */
  format: messageFormat,
  /** The signature scheme checked: DER ECDSA or legacy Schnorr, by the signature's form. */
  scheme: z.enum(['ecdsa', 'schnorr']),
  message: z.string(),
  publicKey: z.string(),
  /** The signer's address on the active network. */
  address: z.string(),
  /** Why it did not verify, in plain words. */
  reason: z.string().optional(),
});
export type MessageVerdictView = z.output<typeof messageVerdictView>;
