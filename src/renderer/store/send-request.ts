/** The tx:send request for a draft: main signs it with the wallet's keys and broadcasts it; the renderer sees no key. */
import type { IpcRequest } from '../../shared/ipc/contract';
import type { DraftInput } from '../../shared/domain/transactions';

export interface SendOptions {
  /** The person confirmed a fee above the ceiling. */
  confirmHighFee?: boolean;
  /** The vault password, when signing asked for it again (SigningPassword.tsx); an empty one is not sent. */
  password?: string | undefined;
}

export function sendRequest(
  walletId: string,
  draft: DraftInput,
  options: SendOptions = {},
): IpcRequest<'tx:send'> {
  return {
    walletId,
    draft,
    ...(options.confirmHighFee === true ? { confirmHighFee: true } : {}),
    ...(options.password === undefined || options.password === '' ? {} : { password: options.password }),
  };
}
