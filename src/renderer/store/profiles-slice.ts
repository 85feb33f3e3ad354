/**
 * The profiles (profiles:list) and the one open. Another profile opened (here or in another window) is a new
 * person's app: everything is read again (store/index.ts `profileOpened`), and its vault starts locked.
 */
import type { ProfileList } from '../../shared/domain/profiles';
import { call } from '../services/call';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';

export interface ProfilesSlice {
  profiles: ProfileList | undefined;
  loadProfiles: () => Promise<void>;
  profilesChanged: (list: ProfileList) => void;
}

export const createProfilesSlice: Slice<ProfilesSlice, Pick<AppSlice, 'reportError'>> = (set, get) => ({
  profiles: undefined,
  loadProfiles: async () => {
    try {
      set({ profiles: await call('profiles:list') });
    } catch (error) {
      get().reportError(error);
    }
  },
  profilesChanged: (list) => set({ profiles: list }),
});

/** The open profile's name, for the header and the gate. */
export function activeProfileName(list: ProfileList | undefined): string | undefined {
  return list?.profiles.find((profile) => profile.id === list.activeId)?.name;
}
