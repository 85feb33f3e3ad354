const grouped = new Intl.NumberFormat('en-US');

/** Counts in words: "1 peer", "3 peers" — never "1 peer(s)". */
export function counted(count: number, one: string, many = `${one}s`): string {
  return `${grouped.format(count)} ${count === 1 ? one : many}`;
}

/**
 * A node's peer count for the monitor: the embedded localnet node runs its chain alone, so it has none by design,
 * which "0" would read as a fault.
 */
export function peerCountWords(peers: number | undefined, embedded: boolean): string {
  if (embedded) return 'none (runs alone)';
  return peers === undefined ? '—' : counted(peers, 'peer');
}
