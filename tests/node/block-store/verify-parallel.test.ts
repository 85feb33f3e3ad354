/**
 * Signature checks on every core (core/parallel/signature-prefetch.ts): the parallel replay gives exactly the
 * sequential replay's answer, uses the verdicts it prefetched, and a bad signature stays bad however it is checked.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { verifyChain, verifyChainInParallel } from '../../../src/core/node/block-store';
import { ecdsaSign, ecdsaVerify, schnorrSign } from '../../../src/core/protocol/crypto';
import { clearVerdicts, waitingVerdicts } from '../../../src/core/protocol/crypto/verdicts';
import { sha256 } from '../../../src/core/protocol/hash';
import { isValidPublicKey, publicKeyFromPrivateKey } from '../../../src/core/protocol/crypto';
import { runChecks, type SignatureCheck } from '../../../src/core/parallel/signature-checks';
import { prefetchSignatures } from '../../../src/core/parallel/signature-prefetch';
import { openVerifyWorkers } from '../../../src/core/parallel/verify-workers';
import { addBlock, createTestChain, openStore, sign } from '../support/chain-fixture';

// Built by tests/global-setup.ts (scripts/build-cli.mjs).
const workers = openVerifyWorkers(new URL('../../../dist/verify-worker.mjs', import.meta.url), 2)!;
afterAll(() => workers.close());

describe('parallel signature checks', () => {
  it('the workers answer each check as this thread does, valid or not', async () => {
    const checks: SignatureCheck[] = Array.from({ length: 24 }, (_, i) => {
      const privateKey = sha256(`parallel key ${i}`);
      const hash = sha256(`parallel message ${i}`);
      const schnorr = i % 2 === 0;
      const signature = schnorr ? schnorrSign(hash, privateKey) : ecdsaSign(hash, privateKey);
      // Every third check is signed over another message: it must be refused.
      return {
        algorithm: schnorr ? 'schnorr' : 'ecdsa',
        hash: i % 3 === 0 ? sha256(`another message ${i}`) : hash,
        signature,
        publicKey: publicKeyFromPrivateKey(privateKey),
      };
    });
    const answers = await workers.verifySignatures(checks);
    expect(answers).toEqual(runChecks(checks));
    expect(answers.filter((ok) => !ok)).toHaveLength(8);
  });

  it('a prefetched verdict is used once, and a refused one stays refused', async () => {
    const privateKey = sha256('prefetch key');
    const hash = sha256('prefetch message');
    const good = ecdsaSign(hash, privateKey);
    const publicKey = publicKeyFromPrivateKey(privateKey);
    const bad = ecdsaSign(sha256('other'), privateKey);
    const checks: SignatureCheck[] = [good, bad, good, bad].map((signature) => ({
      algorithm: 'ecdsa',
      hash,
      signature,
      publicKey,
    }));
    await prefetchSignatures(workers, checks);
    expect(waitingVerdicts()).toBeGreaterThanOrEqual(2);
    expect(ecdsaVerify(hash, bad, publicKey)).toBe(false);
    expect(ecdsaVerify(hash, good, publicKey)).toBe(true);
    expect(waitingVerdicts()).toBe(0);
  });

  it('only a key a worker verified a signature with is taken as a point here', async () => {
    const hash = sha256('points message');
    const privateKey = sha256('points key');
    const publicKey = publicKeyFromPrivateKey(privateKey);
    // x = 5 has no y on secp256k1 (5³ + 7 = 132 is not a square mod p): 02 ‖ x is no key.
    const notAPoint = new Uint8Array(33);
    notAPoint[0] = 2;
    notAPoint[32] = 5;
    expect(isValidPublicKey(notAPoint)).toBe(false);
    await prefetchSignatures(workers, [
      { algorithm: 'schnorr', hash, signature: schnorrSign(hash, privateKey), publicKey: notAPoint },
      { algorithm: 'schnorr', hash, signature: schnorrSign(hash, privateKey), publicKey },
    ]);
    expect(isValidPublicKey(notAPoint)).toBe(false);
    expect(isValidPublicKey(publicKey)).toBe(true);
    clearVerdicts();
  });

  it('the parallel replay of a chain gives the sequential replay’s answer and consumes its verdicts', async () => {
    const chain = createTestChain();
    const store = openStore(chain);
    const users = chain.users.slice(0, 4);
    for (let round = 0; round < 3; round++) {
      addBlock(
        chain,
        store,
        users.map((user, i) =>
          sign(
            chain,
            { type: 0, nonce: BigInt(round + 1), amount: 1n, recipientId: chain.users[(i + 1) % 4]!.address },
            user.passphrase,
          ),
        ),
      );
    }
    while (store.height() < 30) addBlock(chain, store);
    const sequential = verifyChain(store);
    expect(sequential.verified).toBe(true);
    expect(await verifyChainInParallel(store, workers)).toEqual(sequential);
    expect(waitingVerdicts()).toBe(0);
    store.close();
  });
});
