/**
 * The tx:send request for a reviewed transaction: main signs what the review prepared (its id, from tx:preview)
 * with the wallet's keys and broadcasts it; the renderer sees no key and sends no draft again.
 */
import type { IpcRequest } from '../../shared/ipc/contract';

export interface SendOptions {
  /** The person confirmed a fee above the ceiling. */
  confirmHighFee?: boolean;
  /** The vault password, when signing asked for it again (SigningPassword.tsx); an empty one is not sent. */
  password?: string | undefined;
}

export function sendRequest(preparedId: string, options: SendOptions = {}): IpcRequest<'tx:send'> {
  return {
    preparedId,
    ...(options.confirmHighFee === true ? { confirmHighFee: true } : {}),
    ...(options.password === undefined || options.password === '' ? {} : { password: options.password }),
  };
}
