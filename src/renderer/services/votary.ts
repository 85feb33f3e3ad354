/**
 * The bridge for renderer services: the connected `window.votary`, or a VotaryError when no host is connected.
 * Services call one channel each and unwrap its IpcResult (a failure becomes a thrown VotaryError).
 */
import type { VotaryBridge } from '../../shared/ipc/contract';
import { BRIDGE_ERROR_CODES, VotaryError } from '../../shared/ipc/errors';
import { connectBridge } from './bridge';

export async function votary(): Promise<VotaryBridge> {
  const bridge = await connectBridge();
  if (bridge === undefined) {
    throw new VotaryError({
      code: BRIDGE_ERROR_CODES.disconnected,
      message: 'No Votary host is connected to this page.',
    });
  }
  return bridge;
}
