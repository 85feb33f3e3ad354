/**
 * One HTTP request to a loopback server through node:http, as any client on the network sends it (no retries, no
 * library between): the flood tests and soaks of the servers the app hosts send theirs with it.
 */
import { request, type IncomingHttpHeaders } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's length in bytes, and the body as UTF-8 text. */
  bytes: number;
  text: string;
}

export interface HttpCallOptions {
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** The loopback address to send from (127.0.0.x), for a server that counts per address. */
  from?: string;
  /** A connection of its own (no keep-alive agent), as each new client has. */
  ownConnection?: boolean;
}

export function httpCall(
  port: number,
  method: string,
  path: string,
  options: HttpCallOptions = {},
): Promise<HttpAnswer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        ...(options.from === undefined ? {} : { localAddress: options.from }),
        ...(options.ownConnection === true ? { agent: false } : {}),
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const buffer = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: buffer.length,
            text: buffer.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
