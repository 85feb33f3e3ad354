/** profiles:* — the data directory's profiles: list, create, rename, switch, remove (profile-switch.ts). */
import type { ProfileList as ProfileListView } from '../../../shared/domain/profiles';
import type { ChannelHandlers } from '../dispatcher';
import type { Keystore } from '../../keystore';
import type { AppEvents } from '../events';
import { vaultStatus } from '../vault/handlers';
import type { ProfileSwitch } from './profile-switch';

/** What profiles:* works with: the switch, and the open profile's vault and the events to say it changed. */
export interface ProfileDeps {
  profiles: ProfileSwitch;
  keystore: Keystore;
  events: AppEvents;
}

type ProfileChannels = Extract<keyof ChannelHandlers, `profiles:${string}`>;

async function listView(s: ProfileDeps): Promise<ProfileListView> {
  const host = s.profiles;
  const profiles = await Promise.all(
    host.list.list().map(async (entry) => ({
      ...entry,
      active: entry.id === host.activeId,
      hasVault: await host.hasVault(entry.id),
    })),
  );
  return { profiles, activeId: host.activeId };
}

export function profileHandlers(s: ProfileDeps): Pick<ChannelHandlers, ProfileChannels> {
  /** After a switch every window reads the new profile again; its vault starts locked. */
  const switched = async (): Promise<ProfileListView> => {
    const view = await listView(s);
    s.events.emit('profiles:changed', view);
    s.events.emit('vault:status', await vaultStatus(s.keystore));
    return view;
  };
  return {
    'profiles:list': () => listView(s),
    'profiles:create': async ({ name, open }) => {
      const entry = await s.profiles.list.create(name);
      if (open) {
        await s.profiles.switchTo(entry.id);
        return switched();
      }
      return listView(s);
    },
    'profiles:rename': async ({ id, name }) => {
      await s.profiles.list.rename(id, name);
      const view = await listView(s);
      s.events.emit('profiles:changed', view);
      return view;
    },
    'profiles:switch': async ({ id }) => {
      await s.profiles.switchTo(id);
      return switched();
    },
    'profiles:remove': async ({ id, password }) => {
      await s.profiles.remove(id, password);
      const view = await listView(s);
      s.events.emit('profiles:changed', view);
      return view;
    },
  };
}
