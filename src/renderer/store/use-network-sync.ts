import { useShallow } from 'zustand/react/shallow';
import { useNow } from '../lib/use-now';
import { networkSync, type NetworkSync } from './network-sync';
import { useVotary } from './index';

/** The active network's sync state (network-sync.ts), re-read every second so that a quiet tip ages on screen. */
export function useNetworkSync(): NetworkSync | undefined {
  const now = useNow();
  const inputs = useVotary(
    useShallow((s) => ({
      connection: s.connection,
      node: s.node,
      networks: s.networks,
      ownNodes: s.ownNodes,
      tips: s.tips,
      configuration: s.configuration,
    })),
  );
  return networkSync(inputs, now);
}
