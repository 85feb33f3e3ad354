import type { AppSlice } from './app-slice';
import type { ContactsSlice } from './contacts-slice';
import type { LedgerSlice } from './ledger-slice';
import type { LinksSlice } from './links-slice';
import type { MonitorSlice } from './monitor-slice';
import type { NodeSlice } from './node-slice';
import type { OwnNodeSlice } from './own-node-slice';
import type { PendingSlice } from './pending-slice';
import type { ProfilesSlice } from './profiles-slice';
import type { RevisionsSlice } from './revisions-slice';
import type { VaultSlice } from './vault-slice';
import type { WalletsSlice } from './wallets-slice';

/** The one store (zustand slices pattern), composed from each slice's own part; components read it through selectors. */
export type VotaryState = AppSlice &
  VaultSlice &
  WalletsSlice &
  NodeSlice &
  PendingSlice &
  MonitorSlice &
  OwnNodeSlice &
  ContactsSlice &
  LinksSlice &
  ProfilesSlice &
  LedgerSlice &
  RevisionsSlice;
