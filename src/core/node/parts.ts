/**
 * A LocalNode's parts — its block store, transaction pool and forger — are its own (docs/design/architecture.md
 * "Chain access"): LocalNode keeps them private, and only node/ itself (its localnet controls) reaches them, through
 * this one named door. ESLint refuses an import of this file from anywhere else in src (eslint.config.js); tests
 * use it as their seam into a node they drive by hand (forging a slot on a fake clock, reading the store).
 */
import type { BlockStore } from './block-store';
import type { Forger } from './forger';
import type { LocalNode } from './node';
import type { TransactionPool } from './transaction-pool';

export interface NodeParts {
  readonly store: BlockStore;
  readonly pool: TransactionPool;
  readonly forger: Forger;
}

export function nodeParts(node: LocalNode): NodeParts {
  // TypeScript lets a module read private members by name; this is the one place that does.
  return { store: node['store'], pool: node['pool'], forger: node['forger'] };
}
