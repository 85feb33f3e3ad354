import { describe, expect, it } from 'vitest';
import keys from '../fixtures/vectors/keys.json';
import negative from '../fixtures/vectors/negative.json';
import devnetTx from '../fixtures/vectors/transactions-devnet.json';
import { runCli, tempFile } from './run-cli';

const key = keys.keys[1]!;

describe('votary keys', () => {
  it.each(['mainnet', 'devnet', 'testnet'] as const)(
    'derives the %s public key, address and WIF',
    (network) => {
      const file = tempFile(`${key.passphrase}\n`);
      const result = runCli('keys', '--passphrase-file', file, '--network', network);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const expected = key.networks[network];
      expect(JSON.parse(result.stdout)).toEqual({
        publicKey: key.publicKey,
        address: expected.address,
        wif: expected.wif,
      });
    },
  );

  it('fails with one line and exit 1 when the passphrase file is missing', () => {
    const result = runCli('keys', '--passphrase-file', '/nonexistent/votary-passphrase');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/cannot read passphrase file .*ENOENT/);
  });

  it('rejects an unknown network and an unknown option as usage errors (exit 2)', () => {
    const file = tempFile(key.passphrase);
    const badNetwork = runCli('keys', '--passphrase-file', file, '--network', 'nonet');
    expect(badNetwork.code).toBe(2);
    expect(badNetwork.stderr).toMatch(/unknown network "nonet"/);
    const badOption = runCli('keys', '--passphrase-file', file, '--bogus');
    expect(badOption.code).toBe(2);
    expect(badOption.stderr.trim().split('\n')).toHaveLength(1);
  });
});

/** A vector's signed JSON without its signatures and id: what a user drafts. */
function draftOf(json: Record<string, unknown>): Record<string, unknown> {
  const { signature: _s, secondSignature: _ss, signatures: _m, id: _id, ...draft } = json;
  return draft;
}

const simple = devnetTx.vectors.filter(
  (v) =>
    !('secondSign' in v.builderInputs) &&
    !('multiSign' in v.builderInputs) &&
    !('signWith' in v.builderInputs),
);

describe('votary tx sign', () => {
  it.each(simple.map((v) => [v.description, v] as const))(
    'reproduces the reference bytes: %s',
    (_d, vector) => {
      const result = runCli(
        'tx',
        'sign',
        '--draft',
        tempFile(draftOf(vector.json)),
        '--passphrase-file',
        tempFile(vector.passphrase!),
        '--network',
        'devnet',
        '--height',
        String(vector.configHeight),
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const output = JSON.parse(result.stdout) as { transaction: unknown; serialized: string };
      expect(output.serialized).toBe(vector.serializedHex);
      expect(output.transaction).toEqual(vector.json);
    },
  );

  it('signs with a second passphrase', () => {
    const vector = devnetTx.vectors.find((v) => 'secondSign' in v.builderInputs)!;
    const result = runCli(
      'tx',
      'sign',
      '--draft',
      tempFile(draftOf(vector.json)),
      '--passphrase-file',
      tempFile(vector.passphrase!),
      '--second-passphrase-file',
      tempFile(`${(vector as { secondPassphrase: string }).secondPassphrase}\n`),
      '--height',
      String(vector.configHeight),
    );
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ serialized: vector.serializedHex });
  });

  it('refuses a draft that is not valid JSON, naming the file', () => {
    const file = tempFile('{ not json');
    const result = runCli('tx', 'sign', '--draft', file, '--passphrase-file', tempFile('x'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/draft file .* is not valid JSON/);
  });

  it('refuses a draft whose amount is not an integer string, naming the field', () => {
    const draft = { ...draftOf(devnetTx.vectors[0]!.json), amount: '1.5' };
    const result = runCli('tx', 'sign', '--draft', tempFile(draft), '--passphrase-file', tempFile('x'));
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/amount/);
  });
});

describe('votary tx decode and verify', () => {
  const vector = devnetTx.vectors[2]!;
  const height = String(vector.configHeight);

  it('decodes hex to the reference JSON shape, id included', () => {
    const result = runCli('tx', 'decode', '--hex', vector.serializedHex, '--height', height);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(vector.json);
  });

  it('verifies a valid transaction from hex and from JSON', () => {
    const fromHex = runCli('tx', 'verify', '--hex', vector.serializedHex, '--height', height);
    expect(fromHex.code).toBe(0);
    expect(JSON.parse(fromHex.stdout)).toMatchObject({ verified: true, id: vector.id });
    const fromJson = runCli('tx', 'verify', '--json', tempFile(vector.json), '--height', height);
    expect(fromJson.code).toBe(0);
    expect(JSON.parse(fromJson.stdout)).toMatchObject({ verified: true });
  });

  it('exits 1 with the reason for a tampered signature', () => {
    const tampered = negative.vectors.find((v) => v.id === 'sig-flip-last')!;
    const result = runCli(
      'tx',
      'verify',
      '--hex',
      tampered.serializedHex!,
      '--height',
      String(tampered.configHeight),
    );
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout) as { verified: boolean; reason: string };
    expect(output.verified).toBe(false);
    expect(output.reason.length).toBeGreaterThan(0);
  });

  it('exits 1 with one typed line for truncated bytes or non-hex input', () => {
    const truncated = runCli('tx', 'decode', '--hex', vector.serializedHex.slice(0, 80), '--height', height);
    expect(truncated.code).toBe(1);
    expect(truncated.stderr).toMatch(/^votary: ERR_BYTES: /);
    const notHex = runCli('tx', 'decode', '--hex', 'zz');
    expect(notHex.code).toBe(1);
    expect(notHex.stderr).toMatch(/--hex must be an even-length hexadecimal string/);
  });

  it('needs exactly one of --hex and --json', () => {
    const result = runCli('tx', 'verify');
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/exactly one of --hex or --json/);
  });
});
