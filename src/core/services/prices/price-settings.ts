/**
 * Whether prices are on, from which source and in which currency: one small JSON file in the profile's folder,
 * written atomically and compare-before-replace. Off by default; a damaged file reads as the default (off), which
 * asks nothing of anyone.
 */
import { FileChangedError, GuardedFile } from '../../fs/atomic-file';
import { PricesError } from '../../prices';
import { priceSettings, type PriceSettings } from '../../../shared/domain/prices';

export const PRICE_SETTINGS_FILE = 'prices.json';
export const PRICE_HISTORY_FILE = 'price-history.json';

export const DEFAULT_PRICE_SETTINGS: PriceSettings = {
  enabled: false,
  source: 'cryptocompare',
  currency: 'USD',
};

export class PriceSettingsFile {
  private constructor(
    private readonly file: GuardedFile,
    private current: PriceSettings,
  ) {}

  static async open(path: string): Promise<PriceSettingsFile> {
    const file = new GuardedFile(path);
    let current = DEFAULT_PRICE_SETTINGS;
    try {
      const parsed = priceSettings.safeParse(JSON.parse((await file.read()) ?? ''));
      if (parsed.success) current = parsed.data;
    } catch {
      // Missing or unreadable: off, and the next change rewrites the file.
    }
    return new PriceSettingsFile(file, current);
  }

  get(): PriceSettings {
    return { ...this.current };
  }

  async update(change: Partial<PriceSettings>): Promise<PriceSettings> {
    const next = { ...this.current, ...change };
    try {
      await this.file.write(`${JSON.stringify(next, null, 2)}\n`);
    } catch (error) {
      if (!(error instanceof FileChangedError)) throw error;
      throw new PricesError(
        'ERR_PRICES_CHANGED',
        'The price settings were changed by another Votary process since this one read them, so nothing was saved. Restart Votary to see them.',
      );
    }
    this.current = next;
    return this.get();
  }
}
