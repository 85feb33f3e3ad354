/**
 * The HTTP plumbing both interfaces share (ark-core-api.md §1, §2, §4, §5): ARK's query-string parsing, AJV
 * validation with Joi-style 422s (the read model's QueryError among them), Boom-shaped errors, 404 for unknown routes, a 1 MiB body limit, trailing
 * slashes ignored, `X-Block-Height` on every answer, CORS for GET, the Host guard on loopback and the rate limit.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../../../shared/lib/json-depth';
import { ApiError, errorBody, isApiError, unprocessable } from './errors';
import { QueryError } from '../../db/read-model/errors';
import { applyConnectionLimits, type ConnectionLimits } from './connection-limits';
import { checkHost, isLoopbackAddress, isLoopbackHost } from './host-guard';
import { parseQueryString } from './query-string';
import { createValidatorCompiler, formatValidationErrors } from './validation';
import type { JsonSchema } from '../../db/read-model/values';

/** hapi's default maxBytes, which ARK keeps (§4). */
export const BODY_LIMIT = 1_048_576;

export interface RateLimitOptions {
  /** Default: on when the server is bound to a non-loopback host, off on loopback (only local clients). */
  enabled?: boolean;
  /** Requests per window per client IP (ARK: 100). */
  max?: number;
  /** Window length (ARK: 60 s). */
  timeWindowMs?: number;
  /** Loopback clients are never limited (default true). */
  exemptLoopback?: boolean;
  /** Client IPs that are never limited. */
  allowList?: readonly string[];
}

export interface BaseAppOptions {
  host: string;
  /** The port the server listens on (read when a request arrives: the Host guard compares with it). */
  port: () => number;
  /** The chain height for `X-Block-Height`. */
  blockHeight: () => number;
  rateLimit?: RateLimitOptions;
  /** Compile validation schemas at start-up rather than on first use (createValidatorCompiler). */
  eagerSchemas?: boolean;
  /** Called with every genuine server error (a bug): the client only sees a generic 500. */
  onServerError?: (error: unknown, request: FastifyRequest) => void;
  /** Deadlines and the connection cap (connection-limits.ts); tests shorten them. */
  limits?: Partial<ConnectionLimits>;
}

/** What a fastify-internal client error becomes (ARK's wording where hapi has one). */
function clientError(error: FastifyError): ApiError | undefined {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new ApiError(422, `Payload content length greater than maximum allowed: ${BODY_LIMIT}`);
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return new ApiError(422, 'Invalid request payload JSON format');
  }
  if (error.validation) return new ApiError(422, error.message);
  const status = error.statusCode;
  if (status !== undefined && status >= 400 && status < 500) return new ApiError(status, error.message);
  return undefined;
}

function normalizeBooleans(request: FastifyRequest): void {
  const schema = request.routeOptions.schema?.querystring as JsonSchema | undefined;
  const properties = schema?.properties as Record<string, JsonSchema> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  if (!properties || !query) return;
  for (const [key, property] of Object.entries(properties)) {
    const value = Object.hasOwn(query, key) ? query[key] : undefined;
    // Joi's boolean() accepts TRUE/False/… (§2.2); AJV only "true"/"false".
    if (property.type === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value)) {
      query[key] = value.toLowerCase();
    }
  }
}

export function createBaseApp(options: BaseAppOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    schemaErrorFormatter: formatValidationErrors,
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
  });

  app.setValidatorCompiler(createValidatorCompiler(options.eagerSchemas !== true));
  applyConnectionLimits(app.server, options.limits);

  // An empty JSON body is "no payload" (hapi), which the body schema then reports, not a parse error.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // Refused before parsing: validation and its messages walk the value recursively (json-depth.ts).
    if (jsonTooDeep(text)) {
      done(new ApiError(422, `Invalid request payload: JSON nested deeper than ${MAX_JSON_DEPTH} levels`));
      return;
    }
    void defaultJson(request, text, done);
  });

  if (isLoopbackHost(options.host)) {
    app.addHook('onRequest', (request, _reply, done) => {
      try {
        checkHost(request.headers.host, options.port());
        done();
      } catch (error) {
        done(error as ApiError);
      }
    });
  }
  app.addHook('preValidation', (request, _reply, done) => {
    normalizeBooleans(request);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('X-Block-Height', String(options.blockHeight()));
    done(null, payload);
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    let api = isApiError(error)
      ? error
      : error instanceof QueryError
        ? unprocessable(error.message)
        : clientError(error as FastifyError);
    if (!api) {
      options.onServerError?.(error, request);
      api = new ApiError(500, 'An internal server error occurred');
    }
    void reply.code(api.statusCode).headers(api.headers).send(api.body());
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.code(404).send(errorBody(404, 'Not Found'));
  });

  // ARK §5.1: any origin may read; only GET (and HEAD) are allowed cross-origin.
  void app.register(cors, { origin: true, methods: ['GET', 'HEAD'] });

  const limits = options.rateLimit ?? {};
  if (limits.enabled ?? !isLoopbackHost(options.host)) {
    const allowList = new Set(limits.allowList ?? []);
    const exemptLoopback = limits.exemptLoopback ?? true;
    void app.register(rateLimit, {
      global: true,
      max: limits.max ?? 100,
      timeWindow: limits.timeWindowMs ?? 60_000,
      allowList: (request) => allowList.has(request.ip) || (exemptLoopback && isLoopbackAddress(request.ip)),
      errorResponseBuilder: () => new ApiError(429, 'Too Many Requests'),
    });
  }
  return app;
}
