import { readFileSync } from 'node:fs';
import { CliError } from './cli-error';

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

function readFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CliError(`cannot read ${what} file ${path}: ${code}`);
  }
}

/**
 * A passphrase file holds the passphrase as typed; one trailing line ending (as editors add) is not part of it.
 * Nothing else is trimmed: ARK passphrases are arbitrary UTF-8 (protocol reference §2).
 */
export function readPassphraseFile(path: string, what = 'passphrase'): string {
  return readFile(path, what).replace(/\r?\n$/, '');
}

export function readJsonFile(path: string, what: string): unknown {
  const text = readFile(path, what);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new CliError(`${what} file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}
