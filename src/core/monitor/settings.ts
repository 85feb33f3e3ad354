/** Monitor settings (each rule can be switched off), kept in the monitor database. */
import {
  alertRule,
  monitorSettings,
  type MonitorSettings,
  type MonitorSettingsPatch,
} from '../../shared/domain/monitor';
import type { MetaStore } from '../db/monitor/meta';

const KEY = 'settings';

export const DEFAULT_MONITOR_SETTINGS: MonitorSettings = {
  myDelegates: [],
  behindThreshold: 10,
  stallSeconds: 60,
  pollSeconds: 4,
  voterBalanceThreshold: 10_000,
  webhookUrl: null,
  rules: Object.fromEntries(alertRule.options.map((rule) => [rule, true])) as MonitorSettings['rules'],
};

export class MonitorSettingsStore {
  private current: MonitorSettings;

  constructor(private readonly meta: MetaStore) {
    const stored = monitorSettings.partial().safeParse(meta.getJson(KEY));
    this.current = merge(DEFAULT_MONITOR_SETTINGS, stored.success ? stored.data : {});
  }

  get(): MonitorSettings {
    return this.current;
  }

  update(patch: MonitorSettingsPatch): MonitorSettings {
    this.current = merge(this.current, patch);
    this.meta.setJson(KEY, this.current);
    return this.current;
  }
}

function merge(base: MonitorSettings, patch: Partial<MonitorSettingsPatch>): MonitorSettings {
  const rules = { ...base.rules };
  for (const [rule, on] of Object.entries(patch.rules ?? {})) {
    const parsed = alertRule.safeParse(rule);
    if (parsed.success && typeof on === 'boolean') rules[parsed.data] = on;
  }
  return {
    myDelegates: patch.myDelegates ?? base.myDelegates,
    behindThreshold: patch.behindThreshold ?? base.behindThreshold,
    stallSeconds: patch.stallSeconds ?? base.stallSeconds,
    pollSeconds: patch.pollSeconds ?? base.pollSeconds,
    voterBalanceThreshold: patch.voterBalanceThreshold ?? base.voterBalanceThreshold,
    webhookUrl: patch.webhookUrl === undefined ? base.webhookUrl : patch.webhookUrl,
    rules,
  };
}
