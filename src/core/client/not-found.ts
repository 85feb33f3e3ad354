/** ARK's 404: a wallet, lock or transaction the node does not know (ark-core-api.md §6.6). */
import { isNotFoundError } from '../domain';
import { isClientError } from './errors';

/** A node's 404 over HTTP, or a reader in this process that does not have the thing (core/domain ChainReader). */
export function isNotFound(error: unknown): boolean {
  return (
    isNotFoundError(error) || (isClientError(error) && error.code === 'ERR_HTTP_4XX' && error.status === 404)
  );
}

/** The answer, or undefined when the node says 404; any other failure is thrown as it came. */
export async function unless404<T>(request: Promise<T>): Promise<T | undefined> {
  try {
    return await request;
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}
