/** A request the multisignature server refuses: an HTTP status (4xx) and one sentence. */
export class MusigError extends Error {
  override readonly name = 'MusigError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function isMusigError(value: unknown): value is MusigError {
  return value instanceof MusigError;
}
