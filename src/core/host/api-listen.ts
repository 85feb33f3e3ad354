/**
 * Putting a node's API server on its ports: the one place that decides what a taken port means. The app asked for
 * ARK's usual ports only as a preference (another node may run there), so it falls back to free ones and says so;
 * the CLI was given its ports by the person, so a taken port ends it with the reason.
 */
import type { ApiServer } from '../api';

export interface ApiUrls {
  publicUrl: string;
  secondaryUrl: string;
}

/** The API could not listen: the host (or the address) and the system's reason (EADDRINUSE, EACCES…). */
export class ApiListenError extends Error {
  override readonly name = 'ApiListenError';

  constructor(
    readonly address: string,
    readonly reason: string,
    options?: { cause: unknown },
  ) {
    super(`cannot serve the API on ${address}: ${reason}`, options);
  }
}

export interface ListenOptions {
  /** The address named in an ApiListenError (default 127.0.0.1). */
  host?: string;
  /**
   * When a port is taken: make a server on free ports (port 0) with this, listen there, and tell `onFallback`
   * which ports were wanted. Without it a taken port is an ApiListenError.
   */
  fallback?: {
    make(): ApiServer;
    onFallback(publicUrl: string): void;
  };
}

function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE';
}

function reasonOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}

/** Listens; on failure the server is closed and an ApiListenError thrown, unless a fallback applies. */
export async function listenApi(
  api: ApiServer,
  options: ListenOptions = {},
): Promise<{ api: ApiServer; urls: ApiUrls }> {
  try {
    return { api, urls: await api.listen() };
  } catch (error) {
    await api.close().catch(() => undefined);
    if (options.fallback === undefined || !isAddressInUse(error)) {
      throw new ApiListenError(options.host ?? '127.0.0.1', reasonOf(error), { cause: error });
    }
  }
  const free = options.fallback.make();
  try {
    const urls = await free.listen();
    options.fallback.onFallback(urls.publicUrl);
    return { api: free, urls };
  } catch (error) {
    await free.close().catch(() => undefined);
    throw new ApiListenError(options.host ?? '127.0.0.1', reasonOf(error), { cause: error });
  }
}
