/**
 * The one entry point of every request from a shell: the channel must be in the contract, the
 * payload must pass its zod schema, and the answer is parsed through the response schema — which strips any
 * field the contract does not name, so nothing extra (a key, a secret) can ride along. It never throws: the
 * caller gets an IpcResult with the answer or the typed error.
 */
import { IPC_CONTRACT, type IpcParsedRequest, type IpcResponse } from '../../shared/ipc/contract';
import { isIpcChannel, type IpcChannel } from '../../shared/ipc/channels';
import { BRIDGE_ERROR_CODES, ipcError, type IpcResult } from '../../shared/ipc/errors';
import type { z } from 'zod';
import { toIpcError } from './service-error';

export type ChannelHandlers = {
  [C in IpcChannel]: (request: IpcParsedRequest<C>) => Promise<IpcResponse<C>> | IpcResponse<C>;
};

export type RequestHandler = (channel: unknown, payload: unknown) => Promise<IpcResult<unknown>>;

function issues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 10).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

export function createDispatcher(
  handlers: ChannelHandlers,
  options: { onDefect?: (error: unknown) => void } = {},
): RequestHandler {
  return async (channel, payload) => {
    if (!isIpcChannel(channel)) {
      return {
        ok: false,
        error: ipcError(
          BRIDGE_ERROR_CODES.unknownChannel,
          `There is no channel "${typeof channel === 'string' ? channel.slice(0, 64) : typeof channel}".`,
        ),
      };
    }
    const spec = IPC_CONTRACT[channel];
    const request = spec.request.safeParse(payload);
    if (!request.success) {
      const found = issues(request.error);
      return {
        ok: false,
        error: ipcError(
          BRIDGE_ERROR_CODES.invalidRequest,
          `The request to ${channel} is invalid: ${found.map((i) => `${i.path || 'request'}: ${i.message}`).join('; ')}`,
          { issues: found },
        ),
      };
    }
    try {
      const handler = handlers[channel] as (request: unknown) => unknown;
      const answer = await handler(request.data);
      return { ok: true, value: spec.response.parse(answer) };
    } catch (error) {
      return { ok: false, error: toIpcError(error, options.onDefect) };
    }
  };
}
