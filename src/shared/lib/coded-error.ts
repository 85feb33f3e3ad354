/**
 * The one error base (docs/design/architecture.md "Rules": errors are values with a code and a message a person can
 * act on). Each module declares its codes beside it and throws its own subclass; the host hands any CodedError to
 * the renderer as it is (core/services/service-error.ts `toIpcError`), where it arrives as a VotaryError with the
 * same code; src/shared/ipc/error-codes.ts lists every code that can arrive.
 */
export class CodedError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    /** Plain JSON a caller may need to react (the IPC error's `details`). */
    readonly details?: Record<string, unknown>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function isCodedError(value: unknown): value is CodedError {
  return value instanceof CodedError;
}
