/** The profile list's refusals (profile-list.ts, profile-handlers.ts), answered over IPC with their code. */
import { CodedError } from '../../../shared/lib/coded-error';

export type ProfilesErrorCode =
  | 'ERR_PROFILE_NOT_FOUND'
  /** Another profile already has this name (names are compared without case). */
  | 'ERR_PROFILE_EXISTS'
  /** The open profile, or the first one (its files are the data directory's own), cannot be removed. */
  | 'ERR_PROFILE_IN_USE'
  /** profiles.json changed under this process (compare before replace, fs/atomic-file.ts), or the list is full. */
  | 'ERR_PROFILES_CHANGED';

export class ProfilesError extends CodedError<ProfilesErrorCode> {
  override readonly name = 'ProfilesError';
}
