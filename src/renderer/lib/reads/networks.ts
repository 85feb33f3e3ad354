/**
 * The networks ARK publishes that the app knows without a URL (networks:known, their seed relays shipped with the
 * app), each saying whether it is added: read again when the networks list changes (store/node-slice.ts), so one
 * added here or in another window leaves the offer.
 */
import type { KnownNetworkView } from '../../../shared/domain/networks';
import { useVotary } from '../../store';
import { call } from '../../services/call';
import { useLatest } from '../use-read';

export function useKnownNetworks(report: (error: unknown) => void): KnownNetworkView[] {
  const added = useVotary((s) => s.networks.map((network) => network.id).join(','));
  return useLatest(() => call('networks:known'), `known:${added}`, { report }).value ?? [];
}
