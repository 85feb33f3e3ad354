import { LedgerPrompt } from '../ledger/LedgerPrompt';
import { useEffect, useRef } from 'react';
import { Announcer } from '../../components/Announcer';
import { ErrorBanner } from '../../components/ErrorBanner';
import { useVotary } from '../../store';
import { Dashboard } from '../dashboard/Dashboard';
import { NodePage } from '../node/NodePage';
import { PendingPage } from '../pending/PendingPage';
import { SendPage } from '../send/SendPage';
import { SettingsPage } from '../settings/SettingsPage';
import { VotePage } from '../vote/VotePage';
import { WalletPage } from '../wallet/WalletPage';
import { WalletsPage } from '../wallets/WalletsPage';
import { ReviewDialog } from '../review/ReviewDialog';
import { HostStatus } from './HostStatus';
import { Sidebar } from './Sidebar';
import { SyncIndicator } from './SyncIndicator';
import { LocksPage } from '../locks/LocksPage';
import { DelegatePage } from '../delegate/DelegatePage';
import { AlertsPage } from '../alerts/AlertsPage';
import { DelegateInfoPage } from '../delegates/DelegateInfoPage';
import { DelegatesPage } from '../delegates/DelegatesPage';
import { HealthPage } from '../health/HealthPage';
import { LocalnetPage } from '../localnet/LocalnetPage';
import { RoundPage } from '../round/RoundPage';
import { ExplorerPage } from '../chain/ExplorerPage';
import { FeesPage } from '../fees/FeesPage';
import { RandomnessPage } from '../randomness/RandomnessPage';
import { MessagesPage } from '../messages/MessagesPage';
import { ContactsPage } from '../contacts/ContactsPage';
import { ProfilesPage } from '../profiles/ProfilesPage';
import { MultisigPage } from '../multisig/MultisigPage';

function Page() {
  const route = useVotary((s) => s.route);
  switch (route) {
    case 'dashboard':
      return <Dashboard />;
    case 'wallets':
      return <WalletsPage />;
    case 'wallet':
      return <WalletPage />;
    case 'send':
      return <SendPage />;
    case 'vote':
      return <VotePage />;
    case 'locks':
      return <LocksPage />;
    case 'delegate':
      return <DelegatePage />;
    case 'pending':
      return <PendingPage />;
    case 'contacts':
      return <ContactsPage />;
    case 'messages':
      return <MessagesPage />;
    case 'multisig':
      return <MultisigPage />;
    case 'node':
      return <NodePage />;
    case 'delegates':
      return <DelegatesPage />;
    case 'delegate-info':
      return <DelegateInfoPage />;
    case 'round':
      return <RoundPage />;
    case 'health':
      return <HealthPage />;
    case 'alerts':
      return <AlertsPage />;
    case 'localnet':
      return <LocalnetPage />;
    case 'explorer':
      return <ExplorerPage />;
    case 'fees':
      return <FeesPage />;
    case 'randomness':
      return <RandomnessPage />;
    case 'settings':
      return <SettingsPage />;
    case 'profiles':
      return <ProfilesPage />;
  }
}

export function Shell() {
  const route = useVotary((s) => s.route);
  const main = useRef<HTMLElement>(null);
  const shown = useRef<string | undefined>(undefined);
  // Moving between pages moves focus to the new page, so keyboard and screen-reader users land on it (not on
  // the first render: there the skip link comes first).
  useEffect(() => {
    if (shown.current !== undefined && shown.current !== route) main.current?.focus();
    shown.current = route;
  }, [route]);
  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#page"
        onClick={(e) => {
          e.preventDefault();
          main.current?.focus();
        }}
      >
        Skip to content
      </a>
      <Sidebar />
      <main className="page" id="page" ref={main} tabIndex={-1}>
        <SyncIndicator />
        <ErrorBanner />
        <Page />
        <HostStatus />
      </main>
      <ReviewDialog />
      <Announcer />
      <LedgerPrompt />
    </div>
  );
}
