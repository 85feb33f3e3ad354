/**
 * A store read that runs one at a time per key: asked again with the same key while it runs, it runs once more
 * after it (however many times it was asked meanwhile), and each caller's promise settles after a read that began
 * after its ask. Asked with another key (the store's balances of another network), it starts at once: the running
 * read's answer is for the old key and is dropped by the read itself. The store's balances (wallets-slice.ts) are
 * read so on every block: the calls follow the blocks at most, and never pile up behind a slow node.
 */
export function oneAtATime(read: () => Promise<void>, keyOf: () => string = () => ''): () => Promise<void> {
  let running: { key: string; done: Promise<void> } | undefined;
  let queued: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const key = keyOf();
    const done: Promise<void> = read().finally(() => {
      if (running?.done === done) running = undefined;
    });
    running = { key, done };
    queued = undefined;
    return done;
  };
  return () => {
    const current = running;
    if (current === undefined || current.key !== keyOf()) return start();
    queued ??= current.done.then(
      () => start(),
      () => start(),
    );
    return queued;
  };
}

/** `items` in runs of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += size) runs.push(items.slice(start, start + size));
  return runs;
}
