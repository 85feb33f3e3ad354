/**
 * Clients of the multisignature servers a wallet can use (docs/design/multisig.md "Transports"):
 * - ARK's multi-signature server (REST: `GET /transactions?publicKey=&state=`, `GET /transaction/{id}`,
 *   `POST /transaction` `{data, multisigAsset}`, `DELETE /transactions/{id}`) — and `votary musig-server`;
 * - ArkVault's JSON-RPC variant (`POST /` with `list`, `show`, `store`, `delete`).
 * Both check ARK's handshake header `X-Server-Type: MultiSignature` on every answer and read answers through a
 * schema: a server is a peer like any other, its word is a claim (every proposal is verified again before anything
 * is shown or signed, proposals.ts).
 */
import { z } from 'zod';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../../../shared/lib/json-depth';
import { AnswerTooLarge, readCappedText } from '../../client';
import { MultisigError } from './errors';

export type MusigServerKind = 'rest' | 'rpc';
export type ProposalState = 'pending' | 'ready';

const hex64 = z.string().regex(/^[0-9a-fA-F]{64}$/);
export const remoteProposal = z.object({
  id: hex64,
  data: z.record(z.string(), z.unknown()),
  multisigAsset: z.object({ min: z.number().int(), publicKeys: z.array(z.string()).max(16) }),
  timestamp: z.number().optional(),
  timestampReceived: z.number().optional(),
});
export type RemoteProposal = z.infer<typeof remoteProposal>;

export interface ProposalBody {
  data: object;
  multisigAsset: { min: number; publicKeys: string[] };
}

export interface MusigTransport {
  readonly url: string;
  readonly kind: MusigServerKind;
  list(publicKey: string, state?: ProposalState): Promise<RemoteProposal[]>;
  show(id: string): Promise<RemoteProposal>;
  submit(body: ProposalBody): Promise<{ id: string }>;
  remove(id: string): Promise<void>;
}

const TIMEOUT_MS = 10_000;
const MAX_LIST = 200;
/**
 * The most one answer may hold, read no further (as a node's answer is, client/http.ts MAX_ANSWER_BYTES): a list of
 * MAX_LIST proposals of 16 keys with every signature is about 1 MB, and even 200 multipayments of 256 payments fit
 * in 5 MB.
 */
export const MAX_MUSIG_ANSWER_BYTES = 8 * 1024 * 1024;
type Fetch = typeof fetch;

function serverFault(url: string, why: string): MultisigError {
  return new MultisigError('ERR_MUSIG_SERVER', `The multisignature server ${url} ${why}`);
}

async function exchange(
  fetchImpl: Fetch,
  url: string,
  base: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw serverFault(base, `could not be reached (${(error as Error).message})`);
  }
  if (response.headers.get('x-server-type') !== 'MultiSignature') {
    throw new MultisigError(
      'ERR_NOT_MUSIG_SERVER',
      `${base} is not a multisignature server (it did not answer with X-Server-Type: MultiSignature)`,
    );
  }
  let text: string;
  try {
    text = await readCappedText(response, MAX_MUSIG_ANSWER_BYTES);
  } catch (error) {
    if (error instanceof AnswerTooLarge)
      throw serverFault(base, `answered more than ${error.maxBytes} bytes`);
    throw serverFault(base, `did not finish its answer (${(error as Error).message})`);
  }
  if (text === '') return { status: response.status, body: undefined };
  // A proposal's `data` is kept unchecked (z.unknown) until proposal.ts checks it level by level: refused unread.
  if (jsonTooDeep(text)) throw serverFault(base, `answered JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    throw serverFault(base, `answered ${response.status} with a body that is not JSON`);
  }
}

function refusal(base: string, status: number, body: unknown): MultisigError {
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message.slice(0, 300)
      : `HTTP ${status}`;
  return serverFault(base, `refused: ${message}`);
}

function parsed<T>(schema: z.ZodType<T>, body: unknown, base: string): T {
  const result = schema.safeParse(body);
  if (!result.success) throw serverFault(base, 'answered in a shape that is not a multisignature server’s');
  return result.data;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/** ARK's REST multi-signature server (and `votary musig-server`). */
export class RestMusigClient implements MusigTransport {
  readonly kind = 'rest' as const;
  readonly url: string;
  constructor(
    url: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    this.url = trimmed(url);
  }

  private async call(path: string, init: RequestInit = {}): Promise<unknown> {
    const { status, body } = await exchange(this.fetchImpl, `${this.url}${path}`, this.url, init);
    if (status >= 400) throw refusal(this.url, status, body);
    return body;
  }

  async list(publicKey: string, state?: ProposalState): Promise<RemoteProposal[]> {
    const query = new URLSearchParams({ publicKey, ...(state === undefined ? {} : { state }) });
    return parsed(
      z.array(remoteProposal).max(MAX_LIST),
      await this.call(`/transactions?${query.toString()}`),
      this.url,
    );
  }
  async show(id: string): Promise<RemoteProposal> {
    return parsed(remoteProposal, await this.call(`/transaction/${encodeURIComponent(id)}`), this.url);
  }
  async submit(body: ProposalBody): Promise<{ id: string }> {
    const answer = await this.call('/transaction', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return parsed(z.object({ id: hex64 }), answer, this.url);
  }
  async remove(id: string): Promise<void> {
    await this.call(`/transactions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }
}

const rpcAnswer = z.union([
  z.object({ result: z.unknown() }),
  z.object({ error: z.object({ code: z.number(), message: z.string() }) }),
]);

/** ArkVault's JSON-RPC multisignature server. */
export class RpcMusigClient implements MusigTransport {
  readonly kind = 'rpc' as const;
  readonly url: string;
  private next = 1;
  constructor(
    url: string,
    private readonly fetchImpl: Fetch = fetch,
  ) {
    this.url = trimmed(url);
  }

  private async call(method: string, params: object): Promise<unknown> {
    const { status, body } = await exchange(this.fetchImpl, `${this.url}/`, this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.next++, method, params }),
    });
    if (status >= 400) throw refusal(this.url, status, body);
    const answer = parsed(rpcAnswer, body, this.url);
    if ('error' in answer) throw serverFault(this.url, `refused: ${answer.error.message.slice(0, 300)}`);
    return answer.result;
  }

  async list(publicKey: string, state?: ProposalState): Promise<RemoteProposal[]> {
    const params = { publicKey, ...(state === undefined ? {} : { state }) };
    return parsed(z.array(remoteProposal).max(MAX_LIST), await this.call('list', params), this.url);
  }
  async show(id: string): Promise<RemoteProposal> {
    return parsed(remoteProposal, await this.call('show', { id }), this.url);
  }
  async submit(body: ProposalBody): Promise<{ id: string }> {
    return parsed(z.object({ id: hex64 }), await this.call('store', body), this.url);
  }
  async remove(id: string): Promise<void> {
    await this.call('delete', { id });
  }
}

export function musigClient(url: string, kind: MusigServerKind, fetchImpl: Fetch = fetch): MusigTransport {
  return kind === 'rpc' ? new RpcMusigClient(url, fetchImpl) : new RestMusigClient(url, fetchImpl);
}
