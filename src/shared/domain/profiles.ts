/**
 * Profiles as the screens see them (core services/profiles/): each one its own vault, wallets, networks, settings,
 * contacts, pending list and monitor. Names only; nothing secret.
 */
import { z } from 'zod';

export const PROFILE_NAME_MAX = 40;
/** A bound on the list, so that the file and the switcher stay small. */
export const PROFILES_MAX = 50;

export const profileName = z
  .string()
  .trim()
  .min(1, 'A profile needs a name.')
  .max(PROFILE_NAME_MAX, `A profile's name is at most ${PROFILE_NAME_MAX} characters.`);

export const profileView = z.object({
  /** The folder's name under `<dataDir>/profiles/` (A–Z a–z 0–9 _ -), fixed for the profile's life. */
  id: z.string(),
  name: z.string(),
  /** ISO time the profile was made (the first profile: when the list was first written). */
  createdAt: z.string(),
  /** The profile open now. */
  active: z.boolean(),
  /** Whether it has a vault yet (removing one that has asks for its password). */
  hasVault: z.boolean(),
});
export type ProfileView = z.output<typeof profileView>;

export const profileList = z.object({ profiles: z.array(profileView), activeId: z.string() });
export type ProfileList = z.output<typeof profileList>;
