/**
 * App settings that outlive a restart: the active network, the auto-lock delay, the signing settings and which
 * networks run their own node. One small JSON file in the data directory, written atomically; an unreadable file falls back
 * to the defaults rather than stopping the app (it holds no secret and nothing that cannot be chosen again).
 */
import { z } from 'zod';
import { FileChangedError, GuardedFile } from '../fs/atomic-file';
import { DEFAULT_IDLE_LOCK_MS } from '../keystore';
import { EMBEDDED_NETWORK_ID } from './networks/registry';
import { DEFAULT_FEE_CEILING_MULTIPLE } from './transactions/fee-ceiling';
import { ServiceError } from './service-error';

/** Five minutes: long enough for a few transactions in a row, short enough for a vault left open. */
export const DEFAULT_SIGN_PASSWORD_AFTER_MS = 5 * 60_000;

const settingsSchema = z.object({
  version: z.literal(1),
  activeNetworkId: z.string().min(1),
  idleLockMs: z.number().int().min(0),
  /** The fee ceiling, in multiples of the static fee (fee-ceiling.ts); files written before it get the default. */
  feeCeilingMultiple: z.number().int().min(1).max(1_000_000).default(DEFAULT_FEE_CEILING_MULTIPLE),
  /** Signing asks for the password again when it was last entered longer ago than this (ms; 0 = never). */
  signPasswordAfterMs: z.number().int().min(0).default(DEFAULT_SIGN_PASSWORD_AFTER_MS),
  /** The remote networks whose own node runs (follower/own-nodes.ts); started again with the app. */
  ownNodes: z.array(z.string().min(1)).default([]),
});

export type AppSettings = z.output<typeof settingsSchema>;

export const DEFAULT_SETTINGS: AppSettings = {
  version: 1,
  activeNetworkId: EMBEDDED_NETWORK_ID,
  idleLockMs: DEFAULT_IDLE_LOCK_MS,
  feeCeilingMultiple: DEFAULT_FEE_CEILING_MULTIPLE,
  signPasswordAfterMs: DEFAULT_SIGN_PASSWORD_AFTER_MS,
  ownNodes: [],
};

export class SettingsFile {
  private constructor(
    private readonly file: GuardedFile,
    private current: AppSettings,
  ) {}

  static async open(path: string): Promise<SettingsFile> {
    const file = new GuardedFile(path);
    let current = DEFAULT_SETTINGS;
    try {
      const parsed = settingsSchema.safeParse(JSON.parse((await file.read()) ?? ''));
      if (parsed.success) current = parsed.data;
    } catch {
      // Missing or unreadable: the defaults apply and the next change rewrites the file.
    }
    return new SettingsFile(file, current);
  }

  get(): AppSettings {
    return { ...this.current };
  }

  async update(change: Partial<Omit<AppSettings, 'version'>>): Promise<AppSettings> {
    const next = { ...this.current, ...change };
    try {
      await this.file.write(`${JSON.stringify(next, null, 2)}\n`);
    } catch (error) {
      if (!(error instanceof FileChangedError)) throw error;
      throw new ServiceError(
        'ERR_SETTINGS_CHANGED',
        'The settings were changed by another Votary process since this one read them, so nothing was saved. Restart Votary to see the current settings.',
      );
    }
    this.current = next;
    return this.get();
  }
}
