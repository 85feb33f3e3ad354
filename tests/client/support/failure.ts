import { ClientError } from '../../../src/core/client';

/** The ClientError a promise rejects with (any other error is rethrown; a success fails the test). */
export async function failure(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ClientError) return error;
    throw error;
  }
  throw new Error('expected a ClientError');
}
