/** Calling a channel from a renderer service: the IpcResult unwrapped, a failure thrown as a VotaryError. */
import type { IpcResult } from '../../shared/ipc/errors';
import { VotaryError } from '../../shared/ipc/errors';

export function unwrap<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new VotaryError(result.error);
  return result.value;
}
