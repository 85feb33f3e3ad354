import { describe, expect, it } from 'vitest';
import vectors from '../fixtures/vectors/messages.json';
import keys from '../fixtures/vectors/keys.json';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { runCli, tempFile } from './run-cli';

const vector = vectors.messages[1]!;
const key = keys.keys[1]!;

function oneLineError(result: { code: number | null; stdout: string; stderr: string }, code: number): string {
  expect(result.code).toBe(code);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  return result.stderr;
}

describe('votary message sign', () => {
  it('writes the Core 3 form of the vector by default', () => {
    const result = runCli(
      'message',
      'sign',
      '--message',
      vector.message,
      '--passphrase-file',
      tempFile(`${vector.passphrase}\n`),
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      publicKey: vector.publicKey,
      signature: vector.signature,
      message: vector.message,
    });
  });

  it('writes ArkVault’s form with --format arkvault, the message read from a file as is', () => {
    const message = 'line one\nline two\n';
    const result = runCli(
      'message',
      'sign',
      '--message-file',
      tempFile(message),
      '--passphrase-file',
      tempFile(key.passphrase),
      '--format',
      'arkvault',
    );
    expect(result.code).toBe(0);
    const document = JSON.parse(result.stdout) as Record<string, string>;
    expect(Object.keys(document)).toEqual(['message', 'signatory', 'signature']);
    expect(document).toEqual(signMessageWithPassphrase(message, key.passphrase, 'arkvault'));
  });

  it('refuses usage mistakes with exit 2 and a missing file with exit 1', () => {
    const pass = tempFile(key.passphrase);
    expect(oneLineError(runCli('message', 'sign', '--passphrase-file', pass), 2)).toMatch(
      /exactly one of --message or --message-file/,
    );
    expect(
      oneLineError(
        runCli('message', 'sign', '--message', 'x', '--passphrase-file', pass, '--format', 'bip322'),
        2,
      ),
    ).toMatch(/--format must be one of core3, arkvault/);
    expect(oneLineError(runCli('message', 'sign', '--message', 'x'), 2)).toMatch(
      /--passphrase-file is required/,
    );
    expect(oneLineError(runCli('message', 'seal'), 2)).toMatch(/message needs one of: sign, verify/);
    expect(
      oneLineError(
        runCli('message', 'sign', '--message-file', '/nonexistent/m', '--passphrase-file', pass),
        1,
      ),
    ).toMatch(/cannot read message file \/nonexistent\/m: ENOENT/);
  });
});

describe('votary message verify', () => {
  const core3 = { publicKey: vector.publicKey, signature: vector.signature, message: vector.message };
  const arkvault = signMessageWithPassphrase('Hello', key.passphrase, 'arkvault');

  it.each([
    ['Core 3', core3, 'core3', 'ecdsa', vector.publicKey],
    ['ArkVault', arkvault, 'arkvault', 'schnorr', key.publicKey],
  ])(
    'verifies the %s form (exit 0) and names the signer’s address',
    (_, document, format, scheme, publicKey) => {
      const result = runCli('message', 'verify', '--json', tempFile(document), '--network', 'mainnet');
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const verdict = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(verdict).toMatchObject({ verified: true, format, scheme, publicKey });
      expect(verdict['address']).toMatch(/^A/);
    },
  );

  it('gives the verdict and exit 1 for a changed message', () => {
    const result = runCli('message', 'verify', '--json', tempFile({ ...arkvault, message: 'Hello!' }));
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({
      verified: false,
      reason: 'the signature does not match this message and public key',
    });
  });

  it('refuses a file that is not a signed message with one line and exit 1', () => {
    expect(oneLineError(runCli('message', 'verify', '--json', tempFile('not json')), 1)).toMatch(
      /not valid JSON/,
    );
    expect(
      oneLineError(runCli('message', 'verify', '--json', tempFile({ message: 'x', signature: '00' })), 1),
    ).toMatch(/ERR_JSON: the signed message names no signer/);
    expect(oneLineError(runCli('message', 'verify'), 2)).toMatch(/--json is required/);
  });
});
