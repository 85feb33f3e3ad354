/**
 * Errors from the bridge are `{code, message}` (src/shared/ipc/errors.ts). Most service messages already speak
 * plainly; these codes get words that say what to do next.
 */
import { VotaryError } from '../../shared/ipc/errors';

const PLAIN_WORDS: Record<string, string> = {
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

export interface PlainError {
  code: string;
  message: string;
}

export function plainError(error: unknown): PlainError {
  if (error instanceof VotaryError) {
    return { code: error.code, message: PLAIN_WORDS[error.code] ?? error.message };
  }
  if (error instanceof Error) return { code: 'ERR_RENDERER', message: error.message };
  return { code: 'ERR_RENDERER', message: String(error) };
}
