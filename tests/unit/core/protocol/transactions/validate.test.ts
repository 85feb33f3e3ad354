import { describe, expect, it } from 'vitest';
import { testnet } from '../../../../../src/core/protocol/networks';
import {
  INT64_MAX,
  validateTransaction,
  type TransactionData,
} from '../../../../../src/core/protocol/transactions';
import { codeOf, ctx, MAINNET_ADDRESS, messageOf, vectorTx } from './support';

const transfer = () => vectorTx('transfer (type 0)');
const fails = (tx: TransactionData, context = ctx) => messageOf(() => validateTransaction(tx, context));

describe('validateTransaction (protocol reference §5)', () => {
  it('accepts the vectors', () => {
    expect(() => validateTransaction(transfer(), ctx)).not.toThrow();
  });

  it('names the field of an int64 overflow', () => {
    expect(fails({ ...transfer(), amount: INT64_MAX + 1n })).toMatch(/^data\.amount: .*int64/);
    expect(fails({ ...transfer(), fee: INT64_MAX + 1n })).toMatch(/^data\.fee/);
    expect(fails({ ...transfer(), nonce: -1n })).toMatch(/^data\.nonce/);
  });

  it('applies the per-type minimums, with the genesis exemption', () => {
    expect(fails({ ...transfer(), fee: 0n })).toMatch(/^data\.fee: must be at least 1/);
    expect(() => validateTransaction({ ...transfer(), fee: 0n }, ctx, { genesis: true })).not.toThrow();
    const claim = vectorTx('HTLC claim');
    expect(fails({ ...claim, fee: 1n })).toMatch(/^data\.fee: must be 0/);
    expect(fails({ ...vectorTx('vote (type 3)'), amount: 5n })).toMatch(/^data\.amount: must be 0/);
  });

  it('rejects fields the bytes do not carry for the type', () => {
    expect(
      fails({ ...vectorTx('vote (type 3)'), recipientId: 'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF4' }),
    ).toMatch(/^data\.recipientId: not allowed/);
    expect(fails({ ...vectorTx('vote (type 3)'), vendorField: 'x' })).toMatch(
      /^data\.vendorField: not allowed/,
    );
    expect(fails({ ...transfer(), asset: { votes: [] } })).toMatch(/^data\.asset: not allowed/);
    expect(fails({ ...vectorTx('second signature registration'), secondSignature: 'aa' })).toMatch(
      /^data\.secondSignature/,
    );
  });

  it('rejects asset keys of another type', () => {
    const vote = vectorTx('vote (type 3)');
    expect(fails({ ...vote, asset: { ...vote.asset, ipfs: 'Qm' } })).toMatch(
      /^data\.asset: Unrecognized key/,
    );
  });

  it('measures the vendorField in UTF-8 bytes against the milestone (64 on testnet before 100000)', () => {
    const early = { network: testnet, height: 50 };
    const tx: TransactionData = {
      ...transfer(),
      network: 23,
      recipientId: MAINNET_ADDRESS,
      vendorField: 'é'.repeat(33),
    };
    expect(fails(tx, early)).toMatch(
      /^data\.vendorField: is 66 UTF-8 bytes, the maximum at this height is 64/,
    );
    expect(() => validateTransaction({ ...tx, vendorField: 'é'.repeat(32) }, early)).not.toThrow();
  });

  it('rejects lone surrogates, which UTF-8 cannot carry', () => {
    expect(fails({ ...transfer(), vendorField: 'a\uD800b' })).toMatch(
      /^data\.vendorField: must not contain lone surrogates/,
    );
  });

  it('checks the network byte (ERR_SCHEMA) and recipient network bytes (ERR_NETWORK)', () => {
    expect(fails({ ...transfer(), network: 23 })).toMatch(
      /^data\.network: must be the network's pubKeyHash 30, got 23/,
    );
    expect(codeOf(() => validateTransaction({ ...transfer(), recipientId: MAINNET_ADDRESS }, ctx))).toBe(
      'ERR_NETWORK',
    );
    expect(fails({ ...transfer(), recipientId: 'DQveGkK7te33dWJwHgKpGKDr5amxAE7PF5' })).toMatch(
      /^data\.recipientId: is not a valid Base58Check address/,
    );
  });

  it('needs an id and a signature unless it is a draft', () => {
    const { signature: _s, id: _i, ...unsigned } = transfer();
    expect(fails(unsigned)).toMatch(/^data\.id: is required/);
    expect(fails({ ...unsigned, id: 'ab'.repeat(32) })).toMatch(/'signature' or 'signatures'/);
    expect(() => validateTransaction(unsigned, ctx, { signed: false })).not.toThrow();
  });

  it('needs min..n participant signatures on a multisignature registration', () => {
    const registration = vectorTx('multisignature registration');
    expect(fails({ ...registration, signatures: registration.signatures!.slice(0, 1) })).toMatch(
      /^data\.signatures: a multisignature registration needs between 2 and 3/,
    );
    const asset = registration.asset!.multiSignature!;
    expect(fails({ ...registration, asset: { multiSignature: { ...asset, min: 4 } } })).toMatch(
      /^data\.asset\.multiSignature\.min/,
    );
    expect(
      fails({
        ...registration,
        asset: { multiSignature: { ...asset, publicKeys: [asset.publicKeys[0]!, asset.publicKeys[0]!] } },
      }),
    ).toMatch(/^data\.asset\.multiSignature\.publicKeys: items must be unique/);
  });

  it('checks usernames, votes, payments and HTLC locks', () => {
    const delegate = vectorTx('delegate registration');
    expect(fails({ ...delegate, asset: { delegate: { username: 'a'.repeat(21) } } })).toMatch(
      /^data\.asset\.delegate\.username/,
    );
    const vote = vectorTx('vote (type 3)');
    expect(fails({ ...vote, asset: { votes: ['|' + vote.asset!.votes![0]!.slice(1)] } })).toMatch(
      /^data\.asset\.votes\[0\]/,
    );
    const payments = vectorTx('multipayment');
    const first = payments.asset!.payments![0]!;
    expect(fails({ ...payments, asset: { payments: [first, { ...first, amount: 0n }] } })).toMatch(
      /^data\.asset\.payments\[1\]\.amount/,
    );
    const limit = Array.from({ length: 129 }, () => first);
    expect(fails({ ...payments, asset: { payments: limit } })).toMatch(/allowed maximum of 128/);
    const lock = vectorTx('HTLC lock (type 8), expiration type 2');
    const expiration = { type: 3 as 1, value: 1 };
    expect(fails({ ...lock, asset: { lock: { ...lock.asset!.lock!, expiration } } })).toMatch(
      /^data\.asset\.lock\.expiration\.type/,
    );
  });

  it('rejects unknown types with the reference message', () => {
    expect(messageOf(() => validateTransaction({ ...transfer(), type: 99 }, ctx))).toBe(
      'Unknown transaction type: Core/99',
    );
    expect(codeOf(() => validateTransaction({ ...transfer(), type: 99 }, ctx))).toBe('ERR_UNKNOWN_TYPE');
  });

  it('keeps version-specific fields apart', () => {
    expect(fails({ ...transfer(), timestamp: 5 })).toMatch(/^data\.timestamp: does not exist in version 2/);
    expect(fails({ ...transfer(), version: 3 })).toMatch(/^data\.version/);
  });
});
