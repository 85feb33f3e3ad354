/** A failure the CLI reports as one line on stderr with a non-zero exit (2 = usage, 1 = the input failed). */
export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliError => new CliError(message, 2);
