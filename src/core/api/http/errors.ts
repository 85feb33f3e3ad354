import { STATUS_CODES } from 'node:http';

/**
 * The error body every Votary API answer uses: ARK Core's hapi/Boom shape `{statusCode, error, message}`
 * (ark-core-api.md §4), where `error` is the HTTP reason phrase.
 */
export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** An error a route or hook raises on purpose; the error handler turns it into its Boom body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers (e.g. Retry-After on 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  body(): ErrorBody {
    return errorBody(this.statusCode, this.message);
  }
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** 404 for a missing resource, with ARK's message ("Block not found", "Transaction not found", …). */
export function notFound(message = 'Not Found'): ApiError {
  return new ApiError(404, message);
}

/** 422 Unprocessable Entity: ARK answers every invalid query, parameter or body this way (§2.2), never 400. */
export function unprocessable(message: string): ApiError {
  return new ApiError(422, message);
}
