/**
 * Typed client errors (docs/design/architecture.md "Rules": errors are values with a code and a message a person
 * can act on). One class,
 * with the code saying what went wrong and the extra fields a caller needs to react (status, retryAfter, causes).
 */
import { CodedError } from '../../shared/lib/coded-error';

export type ClientErrorCode =
  /** The peer did not answer within the request timeout. */
  | 'ERR_TIMEOUT'
  /** The connection failed (refused, reset, DNS, TLS). */
  | 'ERR_NETWORK'
  /** The caller aborted the request through its own AbortSignal. */
  | 'ERR_ABORTED'
  /** The peer answered 4xx (other than 429); `status` and the server's message are kept. */
  | 'ERR_HTTP_4XX'
  /** The peer answered 5xx. */
  | 'ERR_HTTP_5XX'
  /** The peer answered 429; `retryAfter` is in seconds (from Retry-After, ark-core-api.md §5.1). */
  | 'ERR_RATE_LIMITED'
  /** The body is not JSON or does not match the expected ARK response shape. */
  | 'ERR_BAD_RESPONSE'
  /** Every peer tried failed; `causes` says how each one failed. */
  | 'ERR_ALL_PEERS_FAILED'
  /** The URL answered, but not like an ARK Core 3.x node (discoverNetwork). */
  | 'ERR_NOT_ARK_NODE'
  /** The node belongs to another network than the one it is being added to. */
  | 'ERR_NETHASH_MISMATCH'
  /** A peer or node URL that is not an absolute http(s) URL. */
  | 'ERR_INVALID_URL'
  /** Network registry: unknown network id. */
  | 'ERR_UNKNOWN_NETWORK'
  /** Network registry: the network or peer is already there. */
  | 'ERR_DUPLICATE'
  /** Network registry: the change is not allowed (the embedded network, removing the last peer). */
  | 'ERR_NOT_ALLOWED'
  /** Network registry: the persisted data cannot be read back. */
  | 'ERR_BAD_STORE';

export interface PeerFailure {
  url: string;
  error: ClientError;
}

export interface ClientErrorDetails {
  /** The peer (base URL) the error came from, when there is one. */
  url?: string;
  /** HTTP status for ERR_HTTP_4XX / ERR_HTTP_5XX / ERR_RATE_LIMITED. */
  status?: number;
  /** Seconds to wait before asking that peer again (ERR_RATE_LIMITED). */
  retryAfter?: number;
  /** One entry per peer tried (ERR_ALL_PEERS_FAILED). */
  causes?: PeerFailure[];
  cause?: unknown;
}

export class ClientError extends CodedError<ClientErrorCode> {
  override readonly name = 'ClientError';
  readonly url: string | undefined;
  readonly status: number | undefined;
  readonly retryAfter: number | undefined;
  readonly causes: PeerFailure[];

  constructor(code: ClientErrorCode, message: string, details: ClientErrorDetails = {}) {
    super(
      code,
      message,
      plainDetails(details),
      details.cause === undefined ? undefined : { cause: details.cause },
    );
    this.url = details.url;
    this.status = details.status;
    this.retryAfter = details.retryAfter;
    this.causes = details.causes ?? [];
  }

  /** Whether asking another peer may succeed: transport failures, server errors and malformed answers. */
  get isPeerFailure(): boolean {
    return (
      this.code === 'ERR_TIMEOUT' ||
      this.code === 'ERR_NETWORK' ||
      this.code === 'ERR_HTTP_5XX' ||
      this.code === 'ERR_BAD_RESPONSE'
    );
  }

  /** A plain, serializable form (for logs and the IPC error shape). */
  toJSON(): { code: ClientErrorCode; message: string; url?: string; status?: number; retryAfter?: number } {
    return {
      code: this.code,
      message: this.message,
      ...(this.url === undefined ? {} : { url: this.url }),
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.retryAfter === undefined ? {} : { retryAfter: this.retryAfter }),
    };
  }
}

/** What crosses IPC beside the code and message: where, the status, when to retry (no causes: they are errors). */
function plainDetails(details: ClientErrorDetails): Record<string, unknown> | undefined {
  const plain = {
    ...(details.url === undefined ? {} : { url: details.url }),
    ...(details.status === undefined ? {} : { status: details.status }),
    ...(details.retryAfter === undefined ? {} : { retryAfter: details.retryAfter }),
  };
  return Object.keys(plain).length > 0 ? plain : undefined;
}

export function isClientError(value: unknown): value is ClientError {
  return value instanceof ClientError;
}
