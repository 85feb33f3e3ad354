// Registers the localnet network, so that every --network option accepts it.
import '../core/node/localnet';
import { isProcessLockError } from '../core/fs/process-lock';
import { isProtocolError } from '../core/protocol/errors';
import { CliError } from './cli-error';
import { blockCommand } from './commands/block';
import { keysCommand } from './commands/keys';
import { messageCommand } from './commands/message';
import { musigServerCommand } from './commands/musig-server';
import { nodeCommand } from './commands/node';
import { serveCommand } from './commands/serve';
import { txCommand } from './commands/tx';
import { diskFault } from './disk-fault';
import { asksForHelp, COMMAND_USAGE, USAGE } from './usage';

type Command = (args: string[]) => number | Promise<number>;

const commands: Record<keyof typeof COMMAND_USAGE, Command> = {
  keys: keysCommand,
  tx: txCommand,
  block: blockCommand,
  message: messageCommand,
  serve: serveCommand,
  node: nodeCommand,
  'musig-server': musigServerCommand,
};

/** Runs the `votary` command; JSON goes to stdout, errors are one line on stderr. Returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  if (!Object.hasOwn(commands, name)) {
    process.stderr.write(`votary: unknown command "${name}" (try: votary --help)\n`);
    return 2;
  }
  const known = name as keyof typeof commands;
  if (asksForHelp(rest)) {
    process.stdout.write(`usage:\n${COMMAND_USAGE[known]}\n`);
    return 0;
  }
  try {
    return await commands[known](rest);
  } catch (error) {
    if (error instanceof CliError) {
      const hint = error.exitCode === 2 ? ` (try: votary ${known} --help)` : '';
      process.stderr.write(`votary: ${error.message}${hint}\n`);
      return error.exitCode;
    }
    // A disk fault no command caught still names its path (Node's fs errors carry it) and its own exit code.
    const path = (error as NodeJS.ErrnoException | null)?.path;
    const fault = diskFault(error, path ?? 'the data directory');
    if (fault !== undefined) {
      process.stderr.write(`votary: ${fault.message}\n`);
      return fault.exitCode;
    }
    if (isProcessLockError(error)) {
      process.stderr.write(`votary: ${error.message}\n`);
      return 1;
    }
    if (isProtocolError(error)) {
      process.stderr.write(`votary: ${error.code}: ${error.message}\n`);
      return 1;
    }
    // Anything else is a defect in Votary, not in the input: still one line, but say so.
    process.stderr.write(`votary: internal error: ${(error as Error).message}\n`);
    return 70;
  }
}
