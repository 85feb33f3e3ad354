/** The profile actions every profile screen uses: each answer is the new list, pushed to the store. */
import { useState } from 'react';
import type { IpcRequest } from '../../../shared/ipc/contract';
import type { ProfileList } from '../../../shared/domain/profiles';
import { call } from '../../services/call';
import { profileOpened, useVotary } from '../../store';

/**
 * Runs one profile action: its answer (the new list) goes to the store; a failure is reported in the banner, and a
 * success clears what the banner said about an earlier try ("That password is not right" does not outlive the
 * right password).
 */
export async function runProfileAction(action: () => Promise<ProfileList>, opens: boolean): Promise<boolean> {
  const store = useVotary.getState();
  try {
    const list = await action();
    // The host's profiles:changed push may have arrived first and read everything again already.
    const seen = useVotary.getState().profiles?.activeId === list.activeId;
    store.profilesChanged(list);
    store.clearError();
    if (opens && !seen) await profileOpened();
    return true;
  } catch (error) {
    store.reportError(error);
    return false;
  }
}

export function useProfileActions() {
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<ProfileList>, opens: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      return await runProfileAction(action, opens);
    } finally {
      setBusy(false);
    }
  };

  return {
    busy,
    create: (request: IpcRequest<'profiles:create'>) =>
      run(() => call('profiles:create', request), request.open === true),
    rename: (id: string, name: string) => run(() => call('profiles:rename', { id, name }), false),
    open: (id: string) => run(() => call('profiles:switch', { id }), true),
    remove: (id: string, password: string | undefined) =>
      run(() => call('profiles:remove', { id, ...(password === undefined ? {} : { password }) }), false),
  };
}
