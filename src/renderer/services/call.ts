/**
 * The one way renderer code calls the host: `call(channel, request)`, typed by the IPC contract
 * (src/shared/ipc/contract.ts: the request it takes, the answer it gives). The IpcResult is unwrapped: a failure is
 * thrown as a VotaryError, which lib/errors.ts puts in plain words.
 */
import { methodName, type IpcChannel } from '../../shared/ipc/channels';
import type { IpcRequest, IpcResponse } from '../../shared/ipc/contract';
import type { IpcResult } from '../../shared/ipc/errors';
import { unwrap } from './ipc';
import { votary } from './votary';

/** A channel whose request may be left out is called without one. */
export type CallArgs<C extends IpcChannel> =
  undefined extends IpcRequest<C> ? [request?: IpcRequest<C>] : [request: IpcRequest<C>];

export async function call<C extends IpcChannel>(channel: C, ...args: CallArgs<C>): Promise<IpcResponse<C>> {
  const bridge = await votary();
  const method = bridge[methodName(channel)] as unknown as (
    request?: IpcRequest<C>,
  ) => Promise<IpcResult<IpcResponse<C>>>;
  return unwrap(await method(args[0]));
}
