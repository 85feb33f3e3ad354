/**
 * Errors from the bridge are `{code, message}` (src/shared/ipc/errors.ts), the code one of the host's
 * (src/shared/ipc/error-codes.ts). Most service messages already speak plainly; these codes get words that say what
 * to do next.
 */
import type { HostErrorCode } from '../../shared/ipc/error-codes';
import { isHostErrorCode } from '../../shared/ipc/error-codes';
import { VotaryError } from '../../shared/ipc/errors';

const PLAIN_WORDS: Partial<Record<HostErrorCode, string>> = {
  ERR_WRONG_PASSWORD: 'That password is not right. Try again.',
  ERR_LOCKED: 'The vault is locked. Unlock it to continue.',
  ERR_DISCONNECTED:
    'The connection to the Votary host was lost; Votary is reconnecting. Try again in a moment.',
  ERR_CONFIRMATION_MISMATCH:
    'Those words do not match your recovery phrase. Check the positions and try again.',
  ERR_MEMO_LOOKS_LIKE_PHRASE:
    'The memo looks like a recovery phrase. Memos are public on the chain forever, so it was not sent. Remove it or write something else.',
  ERR_INTERNAL: 'Something went wrong inside Votary. The details are in the host log.',
};

/** The fields of requests, as a person calls them (for ERR_INVALID_REQUEST). */
const FIELD_WORDS: Record<string, string> = {
  recipientId: 'recipient address',
  address: 'address',
  amount: 'amount',
  payments: 'recipients',
  memo: 'memo',
  vendorField: 'memo',
  fee: 'fee',
  username: 'delegate name',
  lockId: 'lock id',
  secret: 'secret',
  password: 'password',
  current: 'current password',
  next: 'new password',
  url: 'node URL',
  name: 'name',
  passphrase: 'passphrase',
  secondPassphrase: 'second passphrase',
  wif: 'WIF',
  words: 'confirmation words',
  minutes: 'minutes',
  multiple: 'fee ceiling',
  vote: 'delegate',
  unvote: 'delegate',
  expiration: 'expiry',
  message: 'message',
  signed: 'signed message',
};

/** "draft.recipientId" → "recipient address"; the last named part of a request path. */
function fieldWords(path: string): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  const last = parts[parts.length - 1] ?? '';
  return FIELD_WORDS[last] ?? 'request';
}

/** A refused request in words: which field, and what is wrong with it — never a channel or a path. */
function invalidRequestWords(details: Record<string, unknown> | undefined): string {
  const issues = Array.isArray(details?.['issues']) ? (details['issues'] as { path?: unknown }[]) : [];
  const fields = [
    ...new Set(issues.map((issue) => fieldWords(typeof issue.path === 'string' ? issue.path : ''))),
  ];
  if (fields.length === 0 || fields.every((field) => field === 'request')) {
    return 'Votary could not read that request. Check the form and try again.';
  }
  return `Check the ${fields.filter((f) => f !== 'request').join(', ')}: ${fields.length === 1 ? 'it is' : 'they are'} not valid.`;
}

/** Protocol words a person does not use. */
function plainTerms(message: string): string {
  return message.replace(/vendor ?field/gi, 'memo');
}

export interface PlainError {
  code: string;
  message: string;
}

export function plainError(error: unknown): PlainError {
  if (error instanceof VotaryError) {
    if (error.code === 'ERR_INVALID_REQUEST') {
      return { code: error.code, message: invalidRequestWords(error.details) };
    }
    const words = isHostErrorCode(error.code) ? PLAIN_WORDS[error.code] : undefined;
    return { code: error.code, message: plainTerms(words ?? error.message) };
  }
  if (error instanceof Error) return { code: 'ERR_RENDERER', message: error.message };
  return { code: 'ERR_RENDERER', message: String(error) };
}
