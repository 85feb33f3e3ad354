/** Profiles: each its own vault, wallets, contacts, networks and settings. */
import { z } from 'zod';
import { profileList, profileName } from '../../domain/profiles';
import type { PROFILES_NAMES } from './profiles.names';
import { type ChannelSpec, type ChannelsOf, none, password } from './fields';

const profileId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a profile id is 1–64 of A–Z a–z 0–9 _ -');

export const PROFILE_CHANNELS = {
  /** The profiles, and which one is open. */
  'profiles:list': { request: none, response: profileList },
  /** A new empty profile; `open` switches to it at once. */
  'profiles:create': {
    request: z.strictObject({ name: profileName, open: z.boolean().default(false) }),
    response: profileList,
  },
  'profiles:rename': { request: z.strictObject({ id: profileId, name: profileName }), response: profileList },
  /** Closes the open profile (its vault locks) and opens this one, locked. */
  'profiles:switch': { request: z.strictObject({ id: profileId }), response: profileList },
  /**
   * Deletes a profile that is not open, with its vault, wallets, contacts, networks and settings. A profile with a
   * vault needs that vault's password (ERR_WRONG_PASSWORD otherwise).
   */
  'profiles:remove': {
    request: z.strictObject({ id: profileId, password: password.optional() }),
    response: profileList,
  },
} as const satisfies Record<ChannelsOf<typeof PROFILES_NAMES>, ChannelSpec>;
