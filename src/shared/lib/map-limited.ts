/**
 * `fn` over every item, at most `limit` calls in flight, the results in the items' order — for work whose number
 * of items someone else chose (the reads one answer of a node fans out into), so a long list never becomes that many
 * requests at once. Like Promise.all, the first failure rejects; no call starts after it. The project depends on no
 * concurrency limiter; this is the worker loop core/sync/block-download.ts runs for its transaction requests.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Math.max(1, Math.min(Math.floor(limit), items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}
