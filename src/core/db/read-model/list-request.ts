/**
 * What every list of the read model is asked: the validated query (the route's criteria, keys outside its set
 * skipped, and `orderBy` as the client wrote it: each list resolves it in its own dialect, ark-core-api.md §2.4) and
 * the page window.
 */
export interface ListWindow {
  start: number;
  limit: number;
}

export interface ListRequest {
  query: Readonly<Record<string, unknown>>;
  window: ListWindow;
}

/** `orderBy` as sent: one item, a list, or none. */
export function orderByOf(request: ListRequest): string | string[] | undefined {
  return request.query.orderBy as string | string[] | undefined;
}
