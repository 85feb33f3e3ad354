// Registers the localnet network, so that every --network option accepts it.
import '../core/node/localnet';
import { isProcessLockError } from '../core/fs/process-lock';
import { isProtocolError } from '../core/protocol/errors';
import { CliError } from './cli-error';
import { blockCommand } from './commands/block';
import { keysCommand } from './commands/keys';
import { messageCommand } from './commands/message';
import { nodeCommand } from './commands/node';
import { serveCommand } from './commands/serve';
import { txCommand } from './commands/tx';

const USAGE = `usage: votary <command> [options]

  keys  --passphrase-file F [--network NAME]
  tx sign   --draft F --passphrase-file P [--second-passphrase-file Q] [--network NAME] [--height N]
  tx decode --hex H [--network NAME] [--height N]
  tx verify (--hex H | --json F) [--second-public-key K] [--network NAME] [--height N]
  block decode --hex H [--network NAME]
  block verify --hex H [--network NAME]
  message sign (--message M | --message-file F) --passphrase-file P [--format core3|arkvault]
  message verify --json F [--network NAME]
  serve [--port N] [--data-dir DIR] [--block-time S]
                            the app in a browser: prints http://127.0.0.1:N/#token=…
  node --data-dir DIR [--network localnet] [--block-time S] [--verbose]
                            run the local chain until SIGINT/SIGTERM
  node verify --data-dir DIR [--network localnet]
                            replay the stored chain from genesis and compare the state (JSON)

networks: mainnet, devnet (default), testnet, localnet`;

type Command = (args: string[]) => number | Promise<number>;

const commands: Record<string, Command> = {
  keys: keysCommand,
  tx: txCommand,
  block: blockCommand,
  message: messageCommand,
  serve: serveCommand,
  node: nodeCommand,
};

/** Runs the `votary` command; JSON goes to stdout, errors are one line on stderr. Returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`votary: unknown command "${name}" (try: votary --help)\n`);
    return 2;
  }
  try {
    return await command(rest);
  } catch (error) {
    if (error instanceof CliError) {
      process.stderr.write(`votary: ${error.message}\n`);
      return error.exitCode;
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
