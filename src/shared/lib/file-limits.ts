/**
 * How large a file a person opens may be, for each kind of file the app reads (docs/design/security.md "Files a
 * person opens"), and the sentence for one past it. The size is checked before a byte is read, the rows while
 * they are parsed (the parser stops at the first row past the cap), so a 30 MB file costs nothing but the refusal.
 */
import { CONTACTS_PER_NETWORK_MAX } from '../domain/contacts';
import { PROPOSAL_DOCUMENT_MAX } from '../domain/multisig';

export interface FileLimit {
  /** The file's kind, as the start of a sentence: "A multipayment file". */
  what: string;
  maxBytes: number;
  /** Rows (CSV lines, JSON entries) besides a header. */
  maxRows?: number;
  /** What to do with a larger file. */
  hint: string;
}

const MB = 1024 * 1024;

/**
 * A multipayment CSV: every row becomes a payment signed in transactions of at most the network's limit (64 on
 * ARK), so 10,000 rows are already 157 transactions to review one by one; a row is at most a few hundred bytes.
 */
export const MULTIPAYMENT_FILE: FileLimit = {
  what: 'A multipayment file',
  maxBytes: 4 * MB,
  maxRows: 10_000,
  hint: 'split it into smaller files',
};

/**
 * A contacts file: a network keeps at most CONTACTS_PER_NETWORK_MAX contacts; the text crosses the bridge to the
 * core whole, whose frames are at most 1 MiB in the browser shell (src/cli/browser-shell.ts).
 */
export const CONTACTS_FILE: FileLimit = {
  what: 'A contacts file',
  maxBytes: 512 * 1024,
  maxRows: CONTACTS_PER_NETWORK_MAX,
  hint: 'split it into smaller files',
};

/** A multisignature proposal file: one transaction and its signatures (the contract's document bound). */
export const PROPOSAL_FILE: FileLimit = {
  what: 'A proposal file',
  maxBytes: PROPOSAL_DOCUMENT_MAX,
  hint: 'it is not a proposal this app or a co-signer’s wrote',
};

/** A QR code image: a phone's photo is a few MB; pixels are bounded too (src/shared/lib/image-size.ts). */
export const QR_IMAGE_FILE: FileLimit = {
  what: 'A QR code image',
  maxBytes: 20 * MB,
  hint: 'crop it to the QR code',
};

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "30.5 MB", "512 KB", "900 bytes". */
export function sizeWords(bytes: number): string {
  if (bytes >= MB) return `${grouped.format(bytes / MB)} MB`;
  if (bytes >= 1024) return `${grouped.format(bytes / 1024)} KB`;
  return `${grouped.format(bytes)} bytes`;
}

/** The sentence for a file larger than its limit, or undefined when it is within it. */
export function fileTooLarge(name: string, size: number, limit: FileLimit): string | undefined {
  if (size <= limit.maxBytes) return undefined;
  return `“${name}” is ${sizeWords(size)}; ${limit.what.toLowerCase()} may be at most ${sizeWords(limit.maxBytes)}: ${limit.hint}.`;
}

/** The sentence for a file with more rows than its limit allows. */
export function tooManyRows(limit: FileLimit & { maxRows: number }): string {
  return `${limit.what} may hold at most ${grouped.format(limit.maxRows)} rows, and this one holds more: ${limit.hint}.`;
}
