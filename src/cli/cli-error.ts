/**
 * A failure the CLI reports as one line on stderr with a non-zero exit: 2 = usage, 1 = the input failed, and the
 * data directory's two faults (`disk-fault.ts`): 73 = it cannot be written (sysexits EX_CANTCREAT), 74 = the disk
 * is full (EX_IOERR). README "The `votary` command" lists them.
 */
export type CliExitCode = 1 | 2 | 73 | 74;

export class CliError extends Error {
  override readonly name = 'CliError';

  constructor(
    message: string,
    readonly exitCode: CliExitCode = 1,
  ) {
    super(message);
  }
}

export const usageError = (message: string): CliError => new CliError(message, 2);
