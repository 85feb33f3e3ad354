import { useEffect } from 'react';
import { startStore, useVotary } from '../store';
import { followUrl } from '../store/url-sync';
import { VaultGate } from '../features/vault/VaultGate';
import { Shell } from '../features/shell/Shell';
import { HostStatus } from '../features/shell/HostStatus';
import { watchActivity } from '../lib/activity';
import { applyTheme } from '../lib/theme';
import { reportActivity } from '../services/app-info';

export function App() {
  const hostStatus = useVotary((s) => s.hostStatus);
  const vault = useVotary((s) => s.vault);
  const theme = useVotary((s) => s.theme);

  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => watchActivity(window, () => void reportActivity()), []);
  useEffect(() => followUrl(useVotary), []);
  useEffect(() => {
    let off: (() => void) | undefined;
    let cancelled = false;
    void startStore().then((unsubscribe) => {
      if (cancelled) unsubscribe();
      else off = unsubscribe;
    });
    return () => {
      cancelled = true;
      off?.();
    };
  }, []);

  if (hostStatus !== 'ready' || vault === undefined) {
    return (
      <main className="gate">
        <h1>Votary</h1>
        <p className="tagline">
          Desktop wallet, node monitor and local node for ARK-Core-compatible delegated-proof-of-stake chains.
        </p>
        <HostStatus />
      </main>
    );
  }
  return vault.unlocked ? <Shell /> : <VaultGate />;
}
