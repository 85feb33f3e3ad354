/**
 * Clients of the multisignature servers a wallet can use (docs/design/multisig.md "Transports"):
 * - ARK's multi-signature server (REST: `GET /transactions?publicKey=&state=`, `GET /transaction/{id}`,
 *   `POST /transaction` `{data, multisigAsset}`, `DELETE /transactions/{id}`) — and `votary musig-server`;
 * - ArkVault's JSON-RPC variant (`POST /` with `list`, `show`, `store`, `delete`).
 * Both check ARK's handshake header `X-Server-Type: MultiSignature` on every answer and read answers through a
 * schema: a server is a peer like any other, its word is a claim (every proposal is verified again before anything
 * is shown or signed, proposals.ts). A list is read a page at a time (`page`, `limit`: `votary musig-server`
 * pages; ARK's server ignores both and answers everything at once, which is then read as one page), at most
 * MAX_LIST_PAGES pages; an entry that is not a proposal is skipped, never a reason to drop the rest.
 * Requests that list, read or delete carry proof of taking part when the caller gives a signer (X-Musig-Auth,
 * core/musig-server/auth.ts); ARK's server ignores the header.
 */
import { z } from 'zod';
import { MAX_JSON_DEPTH, jsonTooDeep } from '../../../shared/lib/json-depth';
import { AnswerTooLarge, readCappedText } from '../../client';
import { AUTH_HEADER, type AuthAction } from '../../musig-server/auth';
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
  /** Every page of the key's proposals, at most MAX_LIST_PAGES × LIST_PAGE_SIZE. */
  list(publicKey: string, state?: ProposalState): Promise<RemoteProposal[]>;
  show(id: string): Promise<RemoteProposal>;
  submit(body: ProposalBody): Promise<{ id: string }>;
  remove(id: string): Promise<void>;
}

/** The `X-Musig-Auth` value proving the caller takes part (auth.ts), or undefined to send none. */
export type MusigSigner = (
  action: AuthAction,
  subject: string,
) => string | undefined | Promise<string | undefined>;

export interface MusigClientOptions {
  fetch?: Fetch;
  sign?: MusigSigner;
}

const TIMEOUT_MS = 10_000;
/** One page of a list (`votary musig-server`'s largest, MAX_PAGE_SIZE). */
export const LIST_PAGE_SIZE = 100;
/** Pages read of one key's list: the proposals past them are not read (the first pages hold the key's own). */
export const MAX_LIST_PAGES = 5;
/**
 * The most one answer may hold, read no further (as a node's answer is, client/http.ts MAX_ANSWER_BYTES): a page
 * of LIST_PAGE_SIZE proposals of 16 keys with every signature is about 0.5 MB, and even 200 multipayments of 256
 * payments fit in 5 MB. (ARK's server does not page: a list of its longer than this is refused whole.)
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

/** A page's entries that are proposals; the others are skipped (a server's word is a claim). */
function proposalsOf(body: unknown, base: string): RemoteProposal[] {
  const page = parsed(z.array(z.unknown()), body, base);
  const found: RemoteProposal[] = [];
  for (const entry of page) {
    const one = remoteProposal.safeParse(entry);
    if (one.success) found.push(one.data);
  }
  return found;
}

/**
 * Reads page after page until one is short, adds nothing new (a server that does not page answers the same list
 * again), or MAX_LIST_PAGES were read. A server that refuses the paging parameters (a strict one, such as
 * `votary musig-server` before it paged) is asked once without them.
 */
async function allPages(
  read: (page: number | undefined) => Promise<{ entries: RemoteProposal[]; size: number }>,
): Promise<RemoteProposal[]> {
  const found = new Map<string, RemoteProposal>();
  for (let page = 1; page <= MAX_LIST_PAGES; page++) {
    let answer: { entries: RemoteProposal[]; size: number };
    try {
      answer = await read(page);
    } catch (error) {
      if (page > 1 || !(error instanceof MultisigError) || !error.message.includes(' refused: ')) throw error;
      return (await read(undefined)).entries.slice(0, MAX_LIST_PAGES * LIST_PAGE_SIZE);
    }
    const { entries, size } = answer;
    const before = found.size;
    for (const entry of entries) if (!found.has(entry.id)) found.set(entry.id, entry);
    if (size !== LIST_PAGE_SIZE || found.size === before) break;
  }
  return [...found.values()];
}

async function authHeaders(
  sign: MusigSigner | undefined,
  action: AuthAction,
  subject: string,
): Promise<Record<string, string>> {
  const proof = sign === undefined ? undefined : await sign(action, subject);
  return proof === undefined ? {} : { [AUTH_HEADER]: proof };
}

/** ARK's REST multi-signature server (and `votary musig-server`). */
export class RestMusigClient implements MusigTransport {
  readonly kind = 'rest' as const;
  readonly url: string;
  private readonly fetchImpl: Fetch;
  private readonly sign: MusigSigner | undefined;
  constructor(url: string, options: MusigClientOptions = {}) {
    this.url = trimmed(url);
    this.fetchImpl = options.fetch ?? fetch;
    this.sign = options.sign;
  }

  private async call(path: string, init: RequestInit = {}): Promise<unknown> {
    const { status, body } = await exchange(this.fetchImpl, `${this.url}${path}`, this.url, init);
    if (status >= 400) throw refusal(this.url, status, body);
    return body;
  }

  async list(publicKey: string, state?: ProposalState): Promise<RemoteProposal[]> {
    const headers = await authHeaders(this.sign, 'list', publicKey);
    return allPages(async (page) => {
      const query = new URLSearchParams({
        publicKey,
        ...(state === undefined ? {} : { state }),
        ...(page === undefined ? {} : { page: String(page), limit: String(LIST_PAGE_SIZE) }),
      });
      const body = await this.call(`/transactions?${query.toString()}`, { headers });
      return { entries: proposalsOf(body, this.url), size: Array.isArray(body) ? body.length : 0 };
    });
  }
  async show(id: string): Promise<RemoteProposal> {
    const headers = await authHeaders(this.sign, 'show', id);
    return parsed(
      remoteProposal,
      await this.call(`/transaction/${encodeURIComponent(id)}`, { headers }),
      this.url,
    );
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
    const headers = await authHeaders(this.sign, 'delete', id);
    await this.call(`/transactions/${encodeURIComponent(id)}`, { method: 'DELETE', headers });
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
  private readonly fetchImpl: Fetch;
  private readonly sign: MusigSigner | undefined;
  constructor(url: string, options: MusigClientOptions = {}) {
    this.url = trimmed(url);
    this.fetchImpl = options.fetch ?? fetch;
    this.sign = options.sign;
  }

  private async call(method: string, params: object, auth?: Record<string, string>): Promise<unknown> {
    const { status, body } = await exchange(this.fetchImpl, `${this.url}/`, this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.next++, method, params }),
    });
    if (status >= 400) throw refusal(this.url, status, body);
    const answer = parsed(rpcAnswer, body, this.url);
    if ('error' in answer) throw serverFault(this.url, `refused: ${answer.error.message.slice(0, 300)}`);
    return answer.result;
  }

  async list(publicKey: string, state?: ProposalState): Promise<RemoteProposal[]> {
    const auth = await authHeaders(this.sign, 'list', publicKey);
    return allPages(async (page) => {
      const params = {
        publicKey,
        ...(state === undefined ? {} : { state }),
        ...(page === undefined ? {} : { page, limit: LIST_PAGE_SIZE }),
      };
      const result = await this.call('list', params, auth);
      return { entries: proposalsOf(result, this.url), size: Array.isArray(result) ? result.length : 0 };
    });
  }
  async show(id: string): Promise<RemoteProposal> {
    return parsed(
      remoteProposal,
      await this.call('show', { id }, await authHeaders(this.sign, 'show', id)),
      this.url,
    );
  }
  async submit(body: ProposalBody): Promise<{ id: string }> {
    return parsed(z.object({ id: hex64 }), await this.call('store', body), this.url);
  }
  async remove(id: string): Promise<void> {
    await this.call('delete', { id }, await authHeaders(this.sign, 'delete', id));
  }
}

export function musigClient(
  url: string,
  kind: MusigServerKind,
  options: MusigClientOptions = {},
): MusigTransport {
  return kind === 'rpc' ? new RpcMusigClient(url, options) : new RestMusigClient(url, options);
}
