/**
 * The profiles of a data directory (docs/design/security.md "One process per profile"): `<dataDir>/profiles.json`
 * names them and says which one opens. Each profile is a folder `<dataDir>/profiles/<id>/` holding its vault,
 * pending list, contacts, networks, settings and monitor database (profilePaths). The first profile, "default",
 * keeps the files it had before there were several (settings.json, networks.json and monitor.db in the data
 * directory itself), so an older data directory opens unchanged; it is the one profile that cannot be removed.
 *
 * A damaged or missing list is rebuilt from the folders on disk (each named by its id), so no profile is lost
 * with it. Writes are compare-before-replace like every file here (fs/atomic-file.ts).
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { FileChangedError, GuardedFile } from '../../fs/atomic-file';
import { readJsonFile } from '../../fs/json-file';
import { PROFILES_MAX } from '../../../shared/domain/profiles';
import { ProfilesError } from './errors';

export const DEFAULT_PROFILE = 'default';
export const PROFILES_FILE = 'profiles.json';
/** A folder name the key store accepts as a profile id (keystore/vault-session.ts). */
const PROFILE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export interface ProfileEntry {
  id: string;
  name: string;
  createdAt: string;
}

/** Where a profile's files are. */
export interface ProfilePaths {
  folder: string;
  settings: string;
  networks: string;
  /** The folder of its monitor database. */
  monitorDir: string;
}

export function profilePaths(dataDir: string, id: string): ProfilePaths {
  const folder = join(dataDir, 'profiles', id);
  if (id === DEFAULT_PROFILE) {
    return {
      folder,
      settings: join(dataDir, 'settings.json'),
      networks: join(dataDir, 'networks.json'),
      monitorDir: dataDir,
    };
  }
  return {
    folder,
    settings: join(folder, 'settings.json'),
    networks: join(folder, 'networks.json'),
    monitorDir: folder,
  };
}

const fileSchema = z.object({
  version: z.literal(1),
  activeId: z.string().regex(PROFILE_ID),
  profiles: z
    .array(z.object({ id: z.string().regex(PROFILE_ID), name: z.string().min(1), createdAt: z.string() }))
    .min(1),
});

function sameName(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

export class ProfileList {
  private constructor(
    private readonly dataDir: string,
    private readonly file: GuardedFile,
    private entries: ProfileEntry[],
    private active: string,
    private readonly now: () => number,
  ) {}

  static async open(dataDir: string, now: () => number = Date.now): Promise<ProfileList> {
    const file = new GuardedFile(join(dataDir, PROFILES_FILE));
    // Unreadable or damaged: rebuilt from the folders below, and the next change rewrites it.
    const parsed = await readJsonFile(file, fileSchema, 'replace').catch(() => undefined);
    if (parsed !== undefined) {
      const entries = parsed.profiles.some((entry) => entry.id === DEFAULT_PROFILE)
        ? parsed.profiles
        : [defaultEntry(now), ...parsed.profiles];
      const active = entries.some((entry) => entry.id === parsed.activeId)
        ? parsed.activeId
        : DEFAULT_PROFILE;
      return new ProfileList(dataDir, file, entries, active, now);
    }
    return new ProfileList(dataDir, file, await entriesFromFolders(dataDir, now), DEFAULT_PROFILE, now);
  }

  list(): ProfileEntry[] {
    return this.entries.map((entry) => ({ ...entry }));
  }

  get activeId(): string {
    return this.active;
  }

  get(id: string): ProfileEntry {
    const entry = this.entries.find((candidate) => candidate.id === id);
    if (entry === undefined) throw new ProfilesError('ERR_PROFILE_NOT_FOUND', 'There is no such profile.');
    return { ...entry };
  }

  paths(id: string): ProfilePaths {
    return profilePaths(this.dataDir, this.get(id).id);
  }

  async create(name: string): Promise<ProfileEntry> {
    this.assertFreeName(name);
    if (this.entries.length >= PROFILES_MAX) {
      throw new ProfilesError(
        'ERR_PROFILES_CHANGED',
        `There are ${PROFILES_MAX} profiles, the most Votary keeps.`,
      );
    }
    const entry = {
      id: `p-${randomBytes(6).toString('hex')}`,
      name,
      createdAt: new Date(this.now()).toISOString(),
    };
    await this.save([...this.entries, entry], this.active);
    return { ...entry };
  }

  async rename(id: string, name: string): Promise<ProfileEntry> {
    this.get(id);
    this.assertFreeName(name, id);
    await this.save(
      this.entries.map((entry) => (entry.id === id ? { ...entry, name } : entry)),
      this.active,
    );
    return this.get(id);
  }

  async setActive(id: string): Promise<void> {
    this.get(id);
    await this.save(this.entries, id);
  }

  /** Forgets the profile and deletes its folder (the caller has asked for its password). */
  async remove(id: string): Promise<void> {
    const entry = this.get(id);
    if (id === DEFAULT_PROFILE) {
      throw new ProfilesError(
        'ERR_PROFILE_IN_USE',
        `"${entry.name}" is the first profile: its files are the data directory's own, so it can be renamed but not removed.`,
      );
    }
    if (id === this.active) {
      throw new ProfilesError(
        'ERR_PROFILE_IN_USE',
        `"${entry.name}" is open; switch to another profile first.`,
      );
    }
    await this.save(
      this.entries.filter((candidate) => candidate.id !== id),
      this.active,
    );
    await rm(profilePaths(this.dataDir, id).folder, { recursive: true, force: true });
  }

  private assertFreeName(name: string, except?: string): void {
    const taken = this.entries.find((entry) => entry.id !== except && sameName(entry.name, name));
    if (taken !== undefined) {
      throw new ProfilesError('ERR_PROFILE_EXISTS', `There is already a profile named "${taken.name}".`);
    }
  }

  private async save(entries: ProfileEntry[], active: string): Promise<void> {
    try {
      await this.file.write(
        `${JSON.stringify({ version: 1, activeId: active, profiles: entries }, null, 2)}\n`,
      );
    } catch (error) {
      if (!(error instanceof FileChangedError)) throw error;
      throw new ProfilesError(
        'ERR_PROFILES_CHANGED',
        'The profile list was changed by another Votary process since this one read it, so nothing was saved. Restart Votary to see the current list.',
      );
    }
    this.entries = entries;
    this.active = active;
  }
}

function defaultEntry(now: () => number): ProfileEntry {
  return { id: DEFAULT_PROFILE, name: 'Default', createdAt: new Date(now()).toISOString() };
}

/** The list as the folders on disk have it: the first profile, then every other folder by its id. */
async function entriesFromFolders(dataDir: string, now: () => number): Promise<ProfileEntry[]> {
  let names: string[] = [];
  try {
    const found = await readdir(join(dataDir, 'profiles'), { withFileTypes: true });
    names = found.filter((item) => item.isDirectory() && PROFILE_ID.test(item.name)).map((item) => item.name);
  } catch {
    // No profiles folder yet: only the first profile.
  }
  const at = new Date(now()).toISOString();
  return [
    defaultEntry(now),
    ...names
      .filter((name) => name !== DEFAULT_PROFILE)
      .sort()
      .map((id) => ({ id, name: id, createdAt: at })),
  ];
}
