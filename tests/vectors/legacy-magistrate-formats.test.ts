/**
 * The field formats of the legacy business and bridgechain types (Magistrate 0–5), as ARK Core 3.9.1 checks them
 * (core-magistrate-crypto `transactions/utils/business-schema.ts`, `utils/bridgechain-schemas.ts`, crypto
 * `validation/schemas.ts` and `formats.ts`). Each format is compared with ARK's own validator (@arkecosystem/crypto's
 * `Validation.validator`, the same ajv 6 schemas and `peer` format, a dev dependency) on values that pass and fail
 * each rule; then whole transactions built from ARK's handler-test assets are refused with ERR_SCHEMA naming the
 * field, as ARK refuses them.
 */
// Must stay first: selects bcrypto's JS backend before @arkecosystem/crypto loads it.
import '../api/support/bcrypto-js-backend';
import { Validation } from '@arkecosystem/crypto';
import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../src/core/protocol/errors';
import { devnet, withPresetExceptions } from '../../src/core/protocol/networks';
import {
  deserializeTransactionHex,
  validateTransaction,
  type TransactionData,
} from '../../src/core/protocol/transactions';
import {
  genericName,
  isArkPeerAddress,
  ports,
  seedNodes,
  uri,
  vat,
} from '../../src/core/protocol/transactions/schemas/legacy-magistrate';
import assets from '../fixtures/vectors/magistrate-handler-assets.json';
import magistrate from '../fixtures/vectors/transactions-magistrate.json';

const ark = Validation.validator;
const arkAccepts = (schema: object, value: unknown): boolean =>
  ark.validate(schema, value).error === undefined;

/** core-magistrate-crypto 3.9.1 `transactions/utils/bridgechain-schemas.ts`, verbatim. */
const seedNodesSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 10,
  uniqueItems: true,
  items: { type: 'string', format: 'peer' },
};
const portsSchema = {
  type: 'object',
  maxProperties: 10,
  minProperties: 1,
  required: ['@arkecosystem/core-api'],
  additionalProperties: false,
  patternProperties: { '^.{1,214}$': { type: 'integer', minimum: 0, maximum: 65535 } },
};

const NAMES = {
  pass: [
    'google',
    'DummyBusiness',
    'a',
    'ark ecosystem',
    'ark - ecosystem',
    'ark.io',
    'A_b-c.d',
    'Ark.',
    'x'.repeat(40),
  ],
  fail: [
    '',
    ' ark',
    'ark ',
    'ark  eco',
    'ark--eco',
    'ark -eco',
    'ark..',
    '.ark',
    'ärk',
    'ark!',
    'x'.repeat(41),
  ],
};
const URIS = {
  pass: [
    'https://www.google.com',
    'http://www.repository.com/myorg/myrepo',
    'git:x',
    'a:bc',
    'mailto:someone@example.com',
    'ipfs://Qm',
    `https://${'a'.repeat(72)}`,
    'https://ö.example',
  ],
  fail: [
    'www.google.com',
    'a:b',
    'https://a b',
    '1http://x.com',
    'https://x.com/\tx',
    `https://${'a'.repeat(73)}`,
    'abc',
  ],
};
const VATS = {
  pass: ['EE123456789', '12345678', 'EX1234567890', 'A'.repeat(15)],
  fail: ['1234567', 'A'.repeat(16), 'EE 12345678', 'EE-123456789', 'ÄE123456789'],
};
const PEERS = {
  pass: [
    '74.125.224.71',
    '2001:4860:4860::8888',
    '1.2.3.4',
    '0x01020304',
    '16909060',
    '1.2.772',
    '::ffff:8.8.8.8',
    '::',
    'fe80::1%eth0',
    '255.255.255.255',
  ],
  fail: [
    '127.0.0.1',
    '127.1.2.3',
    '0.0.0.0',
    '0.1.2.3',
    '::1',
    '::ffff:127.0.0.1',
    '0x7f000001',
    'localhost',
    'example.com',
    '1.2.3.256',
    '1.2.3.4:4001',
    '',
    ' 1.2.3.4',
  ],
};

function zodAccepts(
  schema: { safeParse: (value: unknown) => { success: boolean } },
  value: unknown,
): boolean {
  return schema.safeParse(value).success;
}

describe('each format, as ARK Core 3.9.1’s validator judges it', () => {
  const cases: [string, object, { safeParse: (value: unknown) => { success: boolean } }, typeof NAMES][] = [
    ['genericName', { $ref: 'genericName' }, genericName, NAMES],
    ['uri', { $ref: 'uri' }, uri, URIS],
    ['vat', { type: 'string', minLength: 8, maxLength: 15, $ref: 'alphanumeric' }, vat, VATS],
  ];
  for (const [name, schema, votary, values] of cases) {
    it(`${name}: the values ARK accepts pass, the others fail`, () => {
      for (const value of values.pass) {
        expect(arkAccepts(schema, value), `ARK on ${JSON.stringify(value)}`).toBe(true);
        expect(zodAccepts(votary, value), `Votary on ${JSON.stringify(value)}`).toBe(true);
      }
      for (const value of values.fail) {
        expect(arkAccepts(schema, value), `ARK on ${JSON.stringify(value)}`).toBe(false);
        expect(zodAccepts(votary, value), `Votary on ${JSON.stringify(value)}`).toBe(false);
      }
    });
  }

  it('peer: an IP address ARK’s isValidPeer takes — any notation ipaddr.js reads — that is not loopback nor 0.x', () => {
    for (const ip of PEERS.pass) {
      expect(arkAccepts({ type: 'string', format: 'peer' }, ip), `ARK on ${ip}`).toBe(true);
      expect(isArkPeerAddress(ip), `Votary on ${ip}`).toBe(true);
    }
    for (const ip of PEERS.fail) {
      expect(arkAccepts({ type: 'string', format: 'peer' }, ip), `ARK on ${ip}`).toBe(false);
      expect(isArkPeerAddress(ip), `Votary on ${ip}`).toBe(false);
    }
  });

  it('seedNodes: 1–10 distinct peers', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `8.8.8.${i + 1}`);
    const pass = [['8.8.8.8'], ten, assets.bridgechainRegistrationAsset.seedNodes];
    const fail = [[], [...ten, '8.8.9.1'], ['8.8.8.8', '8.8.8.8'], ['8.8.8.8', '127.0.0.1'], ['example.com']];
    for (const value of pass) {
      expect(arkAccepts(seedNodesSchema, value), JSON.stringify(value)).toBe(true);
      expect(zodAccepts(seedNodes, value), JSON.stringify(value)).toBe(true);
    }
    for (const value of fail) {
      expect(arkAccepts(seedNodesSchema, value), JSON.stringify(value)).toBe(false);
      expect(zodAccepts(seedNodes, value), JSON.stringify(value)).toBe(false);
    }
  });

  it('ports: 1–10 of them, @arkecosystem/core-api among them, each 0–65535', () => {
    const api = '@arkecosystem/core-api';
    const many = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [`@arkecosystem/core-p${i}`, 4000 + i]),
    );
    const pass = [{ [api]: 12345 }, { [api]: 0 }, { [api]: 65535 }, { [api]: 1, ...many }];
    const fail = [
      {},
      { '@arkecosystem/core-p2p': 4001 },
      { [api]: 65536 },
      { [api]: -1 },
      { [api]: 1, x: 2, ...many },
    ];
    for (const value of pass) {
      expect(arkAccepts(portsSchema, { ...value }), JSON.stringify(value)).toBe(true);
      expect(zodAccepts(ports, value), JSON.stringify(value)).toBe(true);
    }
    for (const value of fail) {
      expect(arkAccepts(portsSchema, { ...value }), JSON.stringify(value)).toBe(false);
      expect(zodAccepts(ports, value), JSON.stringify(value)).toBe(false);
    }
  });
});

describe('legacy transactions with a field ARK’s schema refuses are refused with ERR_SCHEMA naming it', () => {
  const network = withPresetExceptions(devnet);
  const ctx = { network, height: 4_999_999 };
  const [registration, , bridgechain] = magistrate.legacy.map((vector) =>
    deserializeTransactionHex(vector.serializedHex, ctx),
  ) as [TransactionData, TransactionData, TransactionData];
  const bridgechainAsset = bridgechain.asset!.bridgechainRegistration!;
  const businessAsset = registration.asset!.businessRegistration!;

  function refusal(tx: TransactionData): ProtocolError {
    try {
      validateTransaction(tx, ctx);
    } catch (error) {
      if (error instanceof ProtocolError) return error;
      throw error;
    }
    throw new Error('validateTransaction accepted it');
  }
  const withAsset = (tx: TransactionData, asset: TransactionData['asset']): TransactionData => ({
    ...tx,
    asset,
  });

  it('the ARK-built vectors themselves pass', () => {
    for (const tx of [registration, bridgechain]) expect(() => validateTransaction(tx, ctx)).not.toThrow();
  });

  it('business registration and update: name, website, vat, repository; an update that changes nothing', () => {
    const bad: [Record<string, string>, string][] = [
      [{ name: 'my  business' }, 'name'],
      [{ website: 'www.example.com' }, 'website'],
      [{ vat: 'EE-1234567' }, 'vat'],
      [{ repository: 'git hub' }, 'repository'],
    ];
    for (const [change, field] of bad) {
      const error = refusal(
        withAsset(registration, { businessRegistration: { ...businessAsset, ...change } }),
      );
      expect(error.code).toBe('ERR_SCHEMA');
      expect(error.message).toContain(`data.asset.businessRegistration.${field}`);
      const update = { ...registration, type: 2, asset: { businessUpdate: change } };
      expect(refusal(update).message).toContain(`data.asset.businessUpdate.${field}`);
    }
    const empty = refusal({ ...registration, type: 2, asset: { businessUpdate: {} } });
    expect(empty.message).toMatch(/data\.asset\.businessUpdate.*one of name, website, vat or repository/);
    const fine = { ...registration, type: 2, asset: { businessUpdate: assets.businessUpdateAsset } };
    expect(() => validateTransaction(fine, ctx)).not.toThrow();
  });

  it('bridgechain registration and update: name, seed nodes, repositories, ports; an update that changes nothing', () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'chain!' }, 'name'],
      [{ seedNodes: ['127.0.0.1'] }, 'seedNodes'],
      [{ seedNodes: ['8.8.8.8', '8.8.8.8'] }, 'seedNodes'],
      [{ bridgechainRepository: 'repo' }, 'bridgechainRepository'],
      [{ bridgechainAssetRepository: `https://${'a'.repeat(80)}` }, 'bridgechainAssetRepository'],
      [{ ports: { '@arkecosystem/core-p2p': 4001 } }, 'ports'],
    ];
    for (const [change, field] of bad) {
      const error = refusal(
        withAsset(bridgechain, { bridgechainRegistration: { ...bridgechainAsset, ...change } }),
      );
      expect(error.code).toBe('ERR_SCHEMA');
      expect(error.message).toContain(`data.asset.bridgechainRegistration.${field}`);
      if (field === 'name') continue; // an update cannot rename
      const update = {
        ...bridgechain,
        type: 5,
        asset: { bridgechainUpdate: { bridgechainId: bridgechainAsset.genesisHash, ...change } },
      };
      expect(refusal(update).message).toContain(`data.asset.bridgechainUpdate.${field}`);
    }
    const empty = {
      ...bridgechain,
      type: 5,
      asset: { bridgechainUpdate: { bridgechainId: bridgechainAsset.genesisHash } },
    };
    expect(refusal(empty).message).toMatch(/data\.asset\.bridgechainUpdate.*one of seedNodes, ports/);
    const fine = { ...bridgechain, type: 5, asset: { bridgechainUpdate: assets.bridgechainUpdateAsset } };
    expect(() => validateTransaction(fine, ctx)).not.toThrow();
  });
});
