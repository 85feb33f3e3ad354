/**
 * `votary musig-server`'s HTTP side: ARK's multi-signature server REST shape and ArkVault's JSON-RPC variant on
 * one fastify instance, over one ProposalRules.
 *
 * REST (ARK's multi-signature server `server/index.ts`): `GET /transactions?publicKey=&state=pending|ready`,
 * `GET /transaction/{id}`, `POST /transaction` `{data, multisigAsset}` → `{id}`, `DELETE /transactions/{id}` →
 * 204. JSON-RPC 2.0 at `POST /` (ArkVault's server): `list {publicKey, state?}`, `show {id}`, `store {data,
 * multisigAsset}`, `delete {id}`. Every answer carries `X-Server-Type: MultiSignature` (ARK's `server-type`
 * plugin: how a wallet knows it is talking to one). Errors are Boom-shaped `{statusCode, error, message}` (REST)
 * or JSON-RPC errors with the same sentence; bodies are capped at 64 KiB and every client IP at 100 requests a
 * minute (ARK's public API rate).
 */
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { z } from 'zod';
import { MusigError, isMusigError } from './errors';
import type { ProposalRules } from './proposals';

export const SERVER_TYPE_HEADER = 'X-Server-Type';
export const SERVER_TYPE = 'MultiSignature';
const BODY_LIMIT = 64 * 1024;

const HTTP_NAMES: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

const publicKey = z.string().regex(/^0[23][0-9a-fA-F]{64}$/, 'must be a compressed public key (66 hex)');
const storeId = z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be a transaction id (64 hex)');
const listQuery = z.strictObject({ publicKey, state: z.enum(['pending', 'ready']).optional() });
const rpcRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.string().max(100), z.number()]),
  method: z.string().max(50),
  params: z.record(z.string(), z.unknown()).optional(),
});

function checked<T>(schema: z.ZodType<T>, value: unknown, status = 422): T {
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
  /** Requests per minute per client IP (default 100; 0 turns the limit off). */
  rateLimitPerMinute?: number;
  /** Called with each genuine fault (a defect): the client only sees a generic 500. */
  onServerError?: (error: unknown) => void;
}

export async function createMusigServer(options: MusigServerOptions): Promise<FastifyInstance> {
  const { rules } = options;
  const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(cors, { origin: '*', methods: ['GET', 'POST', 'DELETE'] });
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
    send(reply, 404, `No route ${request.method} ${request.url.split('?')[0]}`),
  );

  app.get('/transactions', (request, reply) => {
    const query = checked(listQuery, request.query, 400);
    return reply.send(rules.list(query.publicKey, query.state));
  });
  app.get<{ Params: { id: string } }>('/transaction/:id', (request, reply) => {
    return reply.send(rules.show(checked(storeId, request.params.id, 400)));
  });
  app.post('/transaction', (request, reply) => reply.send(rules.submit(request.body)));
  app.delete<{ Params: { id: string } }>('/transactions/:id', (request, reply) => {
    rules.remove(checked(storeId, request.params.id, 400));
    return reply.code(204).send();
  });

  app.post('/', (request, reply) => {
    const body: unknown = request.body;
    const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
    try {
      const call = checked(rpcRequest, body);
      const params = call.params ?? {};
      const result = (() => {
        switch (call.method) {
          case 'list': {
            const query = checked(listQuery, params);
            return rules.list(query.publicKey, query.state);
          }
          case 'show':
            return rules.show(checked(z.object({ id: storeId }), params).id);
          case 'store':
            return rules.submit(params);
          case 'delete': {
            const target = checked(z.object({ id: storeId }), params).id;
            rules.remove(target);
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
