/**
 * App settings that outlive a restart (issue 5 §5 "restart and find everything persisted"): the active network and
 * the auto-lock delay. One small JSON file in the data directory, written atomically; an unreadable file falls back
 * to the defaults rather than stopping the app (it holds no secret and nothing that cannot be chosen again).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../keystore/atomic-file';
import { DEFAULT_IDLE_LOCK_MS } from '../keystore';
import { EMBEDDED_NETWORK_ID } from '../client';

const settingsSchema = z.object({
  version: z.literal(1),
  activeNetworkId: z.string().min(1),
  idleLockMs: z.number().int().min(0),
});
export type AppSettings = z.output<typeof settingsSchema>;

export const DEFAULT_SETTINGS: AppSettings = {
  version: 1,
  activeNetworkId: EMBEDDED_NETWORK_ID,
  idleLockMs: DEFAULT_IDLE_LOCK_MS,
};

export class SettingsFile {
  private constructor(
    private readonly path: string,
    private current: AppSettings,
  ) {}

  static async open(path: string): Promise<SettingsFile> {
    let current = DEFAULT_SETTINGS;
    try {
      const parsed = settingsSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
      if (parsed.success) current = parsed.data;
    } catch {
      // Missing or unreadable: the defaults apply and the next change rewrites the file.
    }
    return new SettingsFile(path, current);
  }

  get(): AppSettings {
    return { ...this.current };
  }

  async update(change: Partial<Omit<AppSettings, 'version'>>): Promise<AppSettings> {
    const next = { ...this.current, ...change };
    await writeFileAtomic(this.path, `${JSON.stringify(next, null, 2)}\n`);
    this.current = next;
    return this.get();
  }
}
