/**
 * The node's sync state in words, as the dashboard and the node screen show it. While the page has lost its
 * connection to the Votary host, the last known state is not shown as current: "In sync" would be a claim the page
 * can no longer check.
 */
import type { NodeStatusView } from '../../shared/domain/chain';

export function syncWords(
  node: Pick<NodeStatusView, 'synced' | 'blocksBehind' | 'progress'> | undefined,
  connected: boolean,
  detailed = false,
): string {
  if (!connected) return 'Not known: the connection to the Votary host is lost (reconnecting…)';
  if (node === undefined) return '…';
  if (node.synced) return 'In sync';
  return detailed
    ? `Syncing: ${node.blocksBehind} blocks behind (${Math.round(node.progress * 100)}%)`
    : `Syncing, ${node.blocksBehind} blocks behind`;
}
