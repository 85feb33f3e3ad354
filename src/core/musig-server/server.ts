/**
 * `votary musig-server`'s HTTP side: ARK's multi-signature server REST shape and ArkVault's JSON-RPC variant on
 * one fastify instance, over one ProposalRules.
 *
 * REST (ARK's multi-signature server `server/index.ts`): `GET /transactions?publicKey=&state=pending|ready`
 * (and `&page=&limit=`, at most MAX_PAGE_SIZE a page), `GET /transaction/{id}`, `POST /transaction`
 * `{data, multisigAsset}` → `{id}`, `DELETE /transactions/{id}` → 204. JSON-RPC 2.0 at `POST /` (ArkVault's
 * server): `list {publicKey, state?, page?, limit?}`, `show {id}`, `store {data, multisigAsset}`, `delete {id}`.
 * Every answer carries `X-Server-Type: MultiSignature` (ARK's `server-type` plugin: how a wallet knows it is
 * talking to one). Listing, reading and deleting need proof of taking part (auth.ts: the `X-Musig-Auth` header).
 * Errors are Boom-shaped `{statusCode, error, message}` (REST) or JSON-RPC errors with the same sentence; bodies
 * are capped at 64 KiB, every client IP at 100 requests a minute (ARK's public API rate), and connections by the
 * same deadlines and cap as the public API (core/api/http/connection-limits.ts).
 *
 * CORS: a co-signer's web client may list, read and post (GET, POST, the auth header); no web page may send a
 * DELETE (the preflight refuses it). `localOnly` (the app's localnet server): no CORS at all, and a request that
 * comes from a web page (an `Origin` header) or names another host than the loopback address it listens on (DNS
 * rebinding) is refused 403.
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { z } from 'zod';
import { applyConnectionLimits, type ConnectionLimits } from '../api/http/connection-limits';
import { AUTH_HEADER, provenKeys, type AuthAction } from './auth';
import { MusigError, isMusigError } from './errors';
import { MAX_PAGE_SIZE, type ProposalRules } from './proposals';

export const SERVER_TYPE_HEADER = 'X-Server-Type';
export const SERVER_TYPE = 'MultiSignature';
const BODY_LIMIT = 64 * 1024;

const HTTP_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

const publicKey = z.string().regex(/^0[23][0-9a-fA-F]{64}$/, 'must be a compressed public key (66 hex)');
/** Any id a client names: one that is not a stored proposal's is a 404, as ARK's. */
const anyId = z.string().max(200);
const pageNumber = z.coerce.number().int().min(1).max(1_000_000);
const listQuery = z.strictObject({
  publicKey: publicKey.optional(),
  state: z.enum(['pending', 'ready']).optional(),
  page: pageNumber.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
const rpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number()]),
  method: z.string().max(50),
  params: z.record(z.string(), z.unknown()).optional(),
});

function checked<T>(schema: z.ZodType<T>, value: unknown, status = 400): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new MusigError(status, `${issue?.path.join('.') || 'request'}: ${issue?.message ?? 'is invalid'}`);
}

function send(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ statusCode: status, error: HTTP_NAMES[status] ?? 'Error', message });
}

function rpcError(id: unknown, error: unknown): unknown {
  const known = isMusigError(error);
  return {
    jsonrpc: '2.0',
    id: typeof id === 'string' || typeof id === 'number' ? id : null,
    // ArkVault's processor answers a refusal with its HTTP status as the code (Boom's statusCode); -32603: a fault.
    error: {
      code: known ? error.status : -32603,
      message: known ? error.message : 'Internal error',
      ...(known ? { data: { statusCode: error.status } } : {}),
    },
  };
}

export interface MusigServerOptions {
  rules: ProposalRules;
  /** The app's localnet server: no CORS, loopback callers only (see above). */
  localOnly?: boolean;
  /** Deadlines and the connection cap (connection-limits.ts); tests shorten them. */
  limits?: Partial<ConnectionLimits>;
  /** The clock the proofs' freshness is read with (tests move it). */
  now?: () => number;
  /** Requests per minute per client IP (default 100; 0 turns the limit off). */
  rateLimitPerMinute?: number;
  /** Called with each genuine fault (a defect): the client only sees a generic 500. */
  onServerError?: (error: unknown) => void;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export async function createMusigServer(options: MusigServerOptions): Promise<FastifyInstance> {
  const { rules } = options;
  const now = options.now ?? Date.now;
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, routerOptions: { ignoreTrailingSlash: true } });
  applyConnectionLimits(app.server, options.limits);
  if (options.localOnly === true) {
    app.addHook('onRequest', (request, _reply, done) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      if (request.headers.origin !== undefined || !LOOPBACK_HOSTS.has(host)) {
        done(new MusigError(403, 'This multisignature server answers this app only'));
        return;
      }
      done();
    });
  } else {
    await app.register(cors, {
      origin: '*',
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', AUTH_HEADER.toLowerCase()],
      exposedHeaders: [SERVER_TYPE_HEADER.toLowerCase()],
    });
  }
  const perMinute = options.rateLimitPerMinute ?? 100;
  if (perMinute > 0) {
    await app.register(rateLimit, {
      max: perMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new MusigError(429, `Rate limit exceeded: ${context.max} requests a minute`),
    });
  }
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header(SERVER_TYPE_HEADER, SERVER_TYPE);
    return payload;
  });
  app.setErrorHandler((error: FastifyError | MusigError, _request, reply) => {
    if (isMusigError(error)) return send(reply, error.status, error.message);
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return send(reply, 413, `The body is larger than ${BODY_LIMIT} bytes`);
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return send(reply, 400, 'The body is not valid JSON');
    }
    const status = error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) return send(reply, status, error.message);
    options.onServerError?.(error);
    return send(reply, 500, 'An internal server error occurred');
  });
  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, `No route ${request.method} ${request.url.split('?')[0]?.slice(0, 100)}`),
  );

  const viewers = (request: FastifyRequest, action: AuthAction, subject: string) =>
    provenKeys(request.headers[AUTH_HEADER.toLowerCase()], action, subject, now());
  const list = (request: FastifyRequest, params: unknown) => {
    const query = checked(listQuery, params);
    // ARK's server answers a list without a key with [] (`getTransactionsByPublicKey(undefined)`).
    if (query.publicKey === undefined) return [];
    return rules.list({
      publicKey: query.publicKey,
      ...(query.state === undefined ? {} : { state: query.state }),
      ...(query.page === undefined ? {} : { page: query.page }),
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      viewers: viewers(request, 'list', query.publicKey),
    });
  };
  const show = (request: FastifyRequest, id: string) => {
    if (!rules.has(id)) rules.show(id, []);
    return rules.show(id, viewers(request, 'show', id));
  };
  const remove = (request: FastifyRequest, id: string) => {
    if (!rules.has(id)) rules.show(id, []);
    rules.remove(id, viewers(request, 'delete', id));
  };

  app.get('/transactions', (request, reply) => reply.send(list(request, request.query)));
  app.get<{ Params: { id: string } }>('/transaction/:id', (request, reply) => {
    return reply.send(show(request, checked(anyId, request.params.id)));
  });
  app.post('/transaction', async (request, reply) => reply.send(await rules.submit(request.body)));
  app.delete<{ Params: { id: string } }>('/transactions/:id', (request, reply) => {
    remove(request, checked(anyId, request.params.id));
    return reply.code(204).send();
  });

  app.post('/', async (request, reply) => {
    const body: unknown = request.body;
    const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
    try {
      const call = checked(rpcRequest, body);
      const params = call.params ?? {};
      const result = await (async () => {
        switch (call.method) {
          case 'list':
            return list(request, params);
          case 'show':
            return show(request, checked(z.object({ id: anyId }), params).id);
          case 'store':
            return rules.submit(params);
          case 'delete': {
            const target = checked(z.object({ id: anyId }), params).id;
            remove(request, target);
            return { id: target };
          }
          default:
            return undefined;
        }
      })();
      if (result === undefined) {
        return reply.send({
          jsonrpc: '2.0',
          id: call.id,
          error: { code: -32601, message: 'The method does not exist / is not available.' },
        });
      }
      return reply.send({ jsonrpc: '2.0', id: call.id, result });
    } catch (error) {
      if (!isMusigError(error)) options.onServerError?.(error);
      return reply.send(rpcError(id, error));
    }
  });
  return app;
}
