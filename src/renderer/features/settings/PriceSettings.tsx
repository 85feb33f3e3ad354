/**
 * Prices, opt-in (docs/design/prices.md): off until the person turns them on here. What leaves the machine is said
 * where it is turned on — the token and the currency, to the source chosen, nothing else.
 */
import { useState } from 'react';
import {
  PRICE_CURRENCIES,
  PRICE_SOURCE_NAMES,
  PRICE_SOURCES,
  type PriceCurrency,
  type PriceSettings as Settings,
  type PriceSource,
} from '../../../shared/domain/prices';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { usePriceSettings } from '../../lib/reads/prices';

export function PriceSettings() {
  const reportError = useVotary((s) => s.reportError);
  // As saved, read again when any window changes them (lib/reads/prices.ts).
  const read = usePriceSettings(reportError);
  const settings = read.value;
  const setSettings = read.replace;
  const [saved, setSaved] = useState<string | undefined>();

  const change = async (patch: Partial<Settings>) => {
    try {
      const next = await call('prices:settings', patch);
      setSettings(next);
      setSaved(
        next.enabled
          ? `Saved: prices from ${PRICE_SOURCE_NAMES[next.source]} in ${next.currency}.`
          : 'Saved: prices are off.',
      );
    } catch (error) {
      reportError(error);
    }
  };

  const source = settings === undefined ? 'the price source' : PRICE_SOURCE_NAMES[settings.source];
  return (
    <fieldset>
      <legend>Prices</legend>
      <label className="inline">
        <input
          type="checkbox"
          role="switch"
          checked={settings?.enabled ?? false}
          disabled={settings === undefined}
          aria-describedby="prices-privacy"
          onChange={(e) => void change({ enabled: e.target.checked })}
        />
        Show balances in a currency (ARK mainnet only)
      </label>
      <p id="prices-privacy" className="muted small">
        Off by default. When on, Votary asks {source} for ARK’s price every few minutes and for its daily
        prices for the dashboard’s chart: only the token (ARK) and the currency leave this machine — no
        address, balance or wallet. The values shown are estimates, with the time of the price. Offline, or on
        another network, no price is shown.
      </p>
      <label>
        Price source
        <select
          value={settings?.source ?? 'cryptocompare'}
          disabled={settings === undefined}
          onChange={(e) => void change({ source: e.target.value as PriceSource })}
        >
          {PRICE_SOURCES.map((one) => (
            <option key={one} value={one}>
              {PRICE_SOURCE_NAMES[one]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Currency
        <select
          value={settings?.currency ?? 'USD'}
          disabled={settings === undefined}
          onChange={(e) => void change({ currency: e.target.value as PriceCurrency })}
        >
          {PRICE_CURRENCIES.map((one) => (
            <option key={one} value={one}>
              {one}
            </option>
          ))}
        </select>
      </label>
      {saved !== undefined && <p role="status">{saved}</p>}
    </fieldset>
  );
}
