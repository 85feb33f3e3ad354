/** `votary <command> --help` prints the command's usage naming every option it accepts, and exits 0. */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/** Every option each command's parser accepts (src/cli/commands/*.ts). */
const OPTIONS: Record<string, string[]> = {
  keys: ['--passphrase-file', '--network'],
  tx: [
    '--draft',
    '--passphrase-file',
    '--second-passphrase-file',
    '--network',
    '--height',
    '--hex',
    '--json',
    '--second-public-key',
  ],
  block: ['--hex', '--network'],
  serve: ['--port', '--api-port', '--api-secondary-port', '--data-dir', '--block-time', '--ledger-speculos'],
  node: [
    '--data-dir',
    '--network',
    '--block-time',
    '--port',
    '--public-port',
    '--host',
    '--verbose',
    '--follow',
    '--ark-test-mode',
    '--p2p',
  ],
};

describe('votary help', () => {
  for (const [command, options] of Object.entries(OPTIONS)) {
    it(`votary ${command} --help names every option`, () => {
      for (const flag of ['--help', '-h']) {
        const result = runCli(command, flag);
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('');
        for (const option of options) expect(result.stdout).toContain(option);
      }
    });
  }

  it('votary --help names every option of every command and the exit codes', () => {
    const result = runCli('--help');
    expect(result.code).toBe(0);
    for (const option of Object.values(OPTIONS).flat()) expect(result.stdout).toContain(option);
    expect(result.stdout).toMatch(/73 the data directory cannot be written/);
    expect(result.stdout).toMatch(/74 the disk is full/);
  });

  it('votary serve takes Ledger’s emulator only on loopback: one line and exit 2 otherwise', () => {
    const result = runCli('serve', '--ledger-speculos', '192.168.1.20:24011');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^votary: --ledger-speculos: .*not a loopback address.*\n$/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('a usage error points to the command help in the same line', () => {
    const result = runCli('node', '--no-such-option');
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("votary: Unknown option '--no-such-option' (try: votary node --help)\n");
  });
});
