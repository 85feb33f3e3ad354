/** The profile actions every profile screen uses: each answer is the new list, pushed to the store. */
import { useState } from 'react';
import type { IpcRequest } from '../../../shared/ipc/contract';
import type { ProfileList } from '../../../shared/domain/profiles';
import { call } from '../../services/call';
import { profileOpened, useVotary } from '../../store';

export function useProfileActions() {
  const profilesChanged = useVotary((s) => s.profilesChanged);
  const reportError = useVotary((s) => s.reportError);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<ProfileList>, opens: boolean): Promise<boolean> => {
    setBusy(true);
    try {
      const list = await action();
      // The host's profile:changed push may have arrived first and read everything again already.
      const seen = useVotary.getState().profiles?.activeId === list.activeId;
      profilesChanged(list);
      if (opens && !seen) await profileOpened();
      return true;
    } catch (error) {
      reportError(error);
      return false;
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
