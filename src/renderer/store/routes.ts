/**
 * Where a person can be in the app: the sidebar's pages (`ROUTES`), the pages reached from another page, and a
 * place (a route with what it shows), which the address bar spells (route-url.ts) and the store arrives at
 * (app-slice.ts).
 */
export const ROUTES = [
  'dashboard',
  'wallets',
  'send',
  'vote',
  'locks',
  'delegate',
  'pending',
  'contacts',
  'messages',
  'multisig',
  'node',
  // The node monitor and localnet controls.
  'delegates',
  'round',
  'health',
  'alerts',
  'localnet',
  // The explorer, fees and randomness screens.
  'explorer',
  'fees',
  'randomness',
  'settings',
  'profiles',
] as const;
/** Pages reached from another page rather than the sidebar. */
export type Route = (typeof ROUTES)[number] | 'wallet' | 'delegate-info';

export interface Place {
  route: Route;
  /** The wallet the Wallet page shows. */
  walletId?: string;
  /** The delegate the delegate page shows, by username (what a person can read in the URL). */
  delegate?: string;
  /** What the explorer looks up: a transaction id, an address, a height, a delegate name. */
  explorer?: string;
}
