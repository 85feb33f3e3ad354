import { describe, expect, it } from 'vitest';
import {
  applyTransaction,
  checkTransaction,
  handlerFor,
  revertTransaction,
} from '../../../src/core/node/transaction-handlers';
import {
  keyPairFromPassphrase,
  multiSignaturePublicKey,
  addressFromPublicKey,
} from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  transactionId,
  type TransactionData,
} from '../../../src/core/protocol/transactions';
import { TOKEN } from '../support/chain-fixture';
import { expectSameAsBase, harness, type Harness } from '../support/handler-harness';

const SECOND = 'alice second passphrase';
const PARTICIPANTS = ['multi one', 'multi two', 'multi three'];
const KEYS = PARTICIPANTS.map((p) => toHex(keyPairFromPassphrase(p).publicKey));

function registerSecond(h: Harness): TransactionData {
  const publicKey = toHex(keyPairFromPassphrase(SECOND).publicKey);
  const tx = h.tx({ type: 1, asset: { signature: { publicKey } } }, h.alice.passphrase);
  applyTransaction(tx, h.state, h.ctx);
  return tx;
}

/** A multisignature registration by alice for 2-of-3, signed by `signers` participants then alice. */
function multiSignatureRegistration(h: Harness, signers = [0, 1, 2]): TransactionData {
  const ctx = { network: h.chain.network, height: 2 };
  let tx = prepareTransaction(
    {
      type: 4,
      nonce: h.state.wallet(h.alice.address).nonce + 1n,
      senderPublicKey: h.alice.publicKey,
      asset: { multiSignature: { min: 2, publicKeys: KEYS } },
    },
    ctx,
  );
  for (const index of signers) tx = addMultiSignature(tx, PARTICIPANTS[index]!, index);
  return signTransaction(tx, { passphrase: h.alice.passphrase }, ctx);
}

function multiSignatureSpend(h: Harness, signers: number[], nonce = 1n): TransactionData {
  const ctx = { network: h.chain.network, height: 2 };
  const senderPublicKey = multiSignaturePublicKey({ min: 2, publicKeys: KEYS });
  let tx = prepareTransaction(
    { type: 0, nonce, senderPublicKey, amount: TOKEN, recipientId: h.bob.address },
    ctx,
  );
  for (const index of signers) tx = addMultiSignature(tx, PARTICIPANTS[index]!, index);
  return { ...tx, id: transactionId(tx) };
}

describe('second signature', () => {
  it('registers once; later transactions need a valid second signature', () => {
    const h = harness();
    registerSecond(h);
    expect(h.state.wallet(h.alice.address).secondPublicKey).toBeDefined();
    const draft = { type: 0, amount: TOKEN, recipientId: h.bob.address };
    expect(() => checkTransaction(h.tx(draft, h.alice.passphrase), h.state, h.ctx)).toThrow(
      /second signature is missing/,
    );
    expect(() => checkTransaction(h.tx(draft, h.alice.passphrase, 'not the second'), h.state, h.ctx)).toThrow(
      /second signature does not verify/,
    );
    applyTransaction(h.tx(draft, h.alice.passphrase, SECOND), h.state, h.ctx);
    // The schema forbids a secondSignature on a registration, so a second one can never be authorised.
    const again = h.tx({ type: 1, asset: { signature: { publicKey: KEYS[0]! } } }, h.alice.passphrase);
    expect(() => checkTransaction(again, h.state, h.ctx)).toThrow(/second signature is missing/);
    expect(() => handlerFor(again).check(again, h.state, h.ctx, h.state.wallet(h.alice.address))).toThrow(
      /already has a second public key/,
    );
  });

  it('refuses a second signature from a wallet that has none', () => {
    const h = harness();
    const tx = h.tx({ type: 0, amount: TOKEN, recipientId: h.bob.address }, h.alice.passphrase, SECOND);
    expect(() => checkTransaction(tx, h.state, h.ctx)).toThrow(/has no second public key/);
  });

  it('reverts the registration exactly', () => {
    const h = harness();
    const tx = registerSecond(h);
    revertTransaction(tx, h.state, h.ctx);
    expectSameAsBase(h.state);
  });
});

describe('multisignature', () => {
  const multiAddress = (h: Harness) =>
    addressFromPublicKey(
      multiSignaturePublicKey({ min: 2, publicKeys: KEYS }),
      h.chain.network.network.pubKeyHash,
    );

  it('registers a 2-of-3 wallet, which then spends with 2 signatures but not with 1', () => {
    const h = harness();
    const registration = multiSignatureRegistration(h);
    applyTransaction(registration, h.state, h.ctx);
    const wallet = h.state.wallet(multiAddress(h));
    expect(wallet.multiSignature).toEqual({ min: 2, publicKeys: KEYS });
    applyTransaction(
      h.tx({ type: 0, amount: 5n * TOKEN, recipientId: multiAddress(h) }, h.bob.passphrase),
      h.state,
      h.ctx,
    );

    expect(() => checkTransaction(multiSignatureSpend(h, [0]), h.state, h.ctx)).toThrow(
      /fewer than 2 valid signatures/,
    );
    const spend = multiSignatureSpend(h, [0, 2]);
    applyTransaction(spend, h.state, h.ctx);
    expect(h.state.wallet(multiAddress(h)).balance).toBe(4n * TOKEN - 10_000_000n);
    revertTransaction(spend, h.state, h.ctx);
    expect(h.state.wallet(multiAddress(h)).nonce).toBe(0n);
  });

  it('needs every participant to sign the registration, and registers a wallet once', () => {
    const h = harness();
    expect(() => checkTransaction(multiSignatureRegistration(h, [0, 1]), h.state, h.ctx)).toThrow(
      /one signature per participant \(3\), got 2/,
    );
    applyTransaction(multiSignatureRegistration(h), h.state, h.ctx);
    expect(() => checkTransaction(multiSignatureRegistration(h), h.state, h.ctx)).toThrow(
      /already registered/,
    );
  });

  it('a multisignature wallet cannot register a delegate or a second signature', () => {
    const h = harness();
    applyTransaction(multiSignatureRegistration(h), h.state, h.ctx);
    applyTransaction(
      h.tx({ type: 0, amount: 100n * TOKEN, recipientId: multiAddress(h) }, h.bob.passphrase),
      h.state,
      h.ctx,
    );
    const ctx = { network: h.chain.network, height: 2 };
    const senderPublicKey = multiSignaturePublicKey({ min: 2, publicKeys: KEYS });
    let tx = prepareTransaction(
      { type: 2, nonce: 1n, senderPublicKey, asset: { delegate: { username: 'multi' } } },
      ctx,
    );
    tx = addMultiSignature(addMultiSignature(tx, PARTICIPANTS[0]!, 0), PARTICIPANTS[1]!, 1);
    expect(() => checkTransaction({ ...tx, id: transactionId(tx) }, h.state, h.ctx)).toThrow(
      /multisignature wallet: it cannot register as a delegate/,
    );
  });

  it('reverts the registration exactly', () => {
    const h = harness();
    const tx = multiSignatureRegistration(h);
    applyTransaction(tx, h.state, h.ctx);
    revertTransaction(tx, h.state, h.ctx);
    expectSameAsBase(h.state);
  });
});
