/** The price sources' failures (price-client.ts), answered over IPC with their code and never shown as a price. */
import { CodedError } from '../../shared/lib/coded-error';

export type PricesErrorCode =
  /** The source could not be reached in time (offline, a timeout, a refused connection, a 5xx). */
  | 'ERR_PRICE_UNREACHABLE'
  /** The source said too many requests (HTTP 429, CryptoCompare's rate-limit error); `details.retryAfterMs`. */
  | 'ERR_PRICE_RATE_LIMITED'
  /** The source answered with an error of its own (unknown currency, a 4xx): its words, cleaned, in the message. */
  | 'ERR_PRICE_REFUSED'
  /** The answer was not the source's documented shape (not JSON, too large, a price that is not a positive number). */
  | 'ERR_PRICE_BAD_ANSWER'
  /** prices.json changed under this process (compare before replace, fs/atomic-file.ts). */
  | 'ERR_PRICES_CHANGED';

export class PricesError extends CodedError<PricesErrorCode> {
  override readonly name = 'PricesError';
}
