/**
 * libsecp256k1's two builds (src/core/protocol/crypto/libsecp256k1.ts): the native addon is chosen where it loads,
 * the WebAssembly build where it does not (and the host says so), and both give every verdict the same — on the
 * protocol's vectors, their hostile edge cases and thousands of generated cases.
 */
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import vectors from '../../../../fixtures/vectors/signatures.json';
import {
  ecdsaVerify,
  schnorrVerify,
  verifyTransactionSignature,
} from '../../../../../src/core/protocol/crypto';
import {
  chooseSecp256k1Backend,
  secp256k1Verifier,
  useSecp256k1Backend,
} from '../../../../../src/core/protocol/crypto/libsecp256k1';
import { loadNativeSecp256k1 } from '../../../../../src/core/protocol/crypto/secp256k1-native';
import { wasmSecp256k1 } from '../../../../../src/core/protocol/crypto/secp256k1-wasm';
import { secp256k1FallbackLine } from '../../../../../src/core/parallel/secp256k1-report';
import { fromHex } from '../../../../../src/core/protocol/hex';
import { nobleEcdsaVerify, nobleSchnorrVerify } from '../../../../support/crypto/noble-verify';
import { signatureCases } from '../../../../support/signature-cases';

const BUILDS = ['native', 'wasm'] as const;

afterEach(() => {
  useSecp256k1Backend('native');
});

describe('choosing the build', () => {
  it('verifies natively here: npm ci builds the addon (package.json allowScripts: bcrypto)', () => {
    expect(secp256k1Verifier()).toEqual({ name: 'native' });
  });

  it('falls back to WebAssembly, with the reason, when the addon does not load', () => {
    const missing = loadNativeSecp256k1((id) => {
      throw new Error(`Cannot find module '${id}'`);
    });
    expect(missing).toBeInstanceOf(Error);
    const choice = chooseSecp256k1Backend({}, () => missing);
    expect(choice.backend).toBe(wasmSecp256k1);
    expect(choice.unavailable).toBe("Cannot find module 'bcrypto/lib/native/binding.js'");
    const line = secp256k1FallbackLine({ name: 'wasm', unavailable: choice.unavailable! });
    expect(line).toMatch(/WebAssembly build .*: Cannot find module 'bcrypto\/lib\/native\/binding\.js'$/);
  });

  it('refuses an addon built without libsecp256k1, or one that fails its self-check', () => {
    const noSecp = loadNativeSecp256k1(() => ({ USE_SECP256K1: 0 }));
    expect(noSecp).toEqual(new Error('bcrypto was built without libsecp256k1'));
    const yesToAll = { publicKeyVerify: () => true, verify: () => true, schnorrVerify: () => true };
    const lenient = loadNativeSecp256k1((id) =>
      id.endsWith('binding.js') ? { USE_SECP256K1: 1 } : yesToAll,
    );
    expect(lenient).toEqual(new Error('bcrypto failed its self-check on the protocol vectors'));
  });

  it('takes the WebAssembly build when VOTARY_SECP256K1=wasm, without loading the addon', () => {
    let loaded = false;
    const choice = chooseSecp256k1Backend({ VOTARY_SECP256K1: 'wasm' }, () => {
      loaded = true;
      return new Error('not asked');
    });
    expect(choice.backend.name).toBe('wasm');
    expect(loaded).toBe(false);
  });

  it('says nothing when the native addon verifies', () => {
    expect(secp256k1FallbackLine({ name: 'native' })).toBeUndefined();
  });

  it('loads the addon on a worker thread too (N-API: no rebuild per ABI)', async () => {
    const v = vectors.vectors[0]!;
    const script = `
      const { parentPort, workerData } = require('node:worker_threads');
      const lib = require('bcrypto/lib/native/secp256k1-libsecp256k1.js');
      const b = (hex) => Buffer.from(hex, 'hex');
      parentPort.postMessage(lib.schnorrVerify(b(workerData.hash), b(workerData.signature), b(workerData.key)));`;
    const worker = new Worker(script, {
      eval: true,
      workerData: { hash: v.messageHashHex, signature: v.schnorrSignature, key: v.publicKey },
    });
    const verdict = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(verdict).toBe(true);
  });
});

describe.each(BUILDS)('the %s build', (build) => {
  it('gives every verdict of signatures.json', () => {
    useSecp256k1Backend(build);
    for (const v of vectors.vectors) {
      const [hash, key] = [fromHex(v.messageHashHex), fromHex(v.publicKey)];
      expect(schnorrVerify(hash, fromHex(v.schnorrSignature), key)).toBe(v.schnorrVerify);
      expect(ecdsaVerify(hash, fromHex(v.ecdsaDerSignature), key)).toBe(v.ecdsaVerify);
    }
    for (const c of vectors.schnorrVerifyEdgeCases) {
      const args = [fromHex(c.messageHashHex), fromHex(c.signature), fromHex(c.publicKey)] as const;
      expect(schnorrVerify(...args), c.note).toBe(c.schnorrVerify);
      expect(verifyTransactionSignature(...args), c.note).toBe(c.schnorrVerify);
    }
    for (const c of vectors.ecdsaVerifyEdgeCases) {
      const args = [fromHex(c.messageHashHex), fromHex(c.signature), fromHex(c.publicKey)] as const;
      expect(ecdsaVerify(...args), c.note).toBe(c.verifyECDSA);
      expect(verifyTransactionSignature(...args), c.note).toBe(c.verifyECDSA);
    }
  });
});

describe('both builds on generated cases', () => {
  const cases = signatureCases('backends', 800);
  const reference = cases.map((one) =>
    (one.algorithm === 'ecdsa' ? nobleEcdsaVerify : nobleSchnorrVerify)(
      one.hash,
      one.signature,
      one.publicKey,
    ),
  );

  it.each(BUILDS)('%s agrees with noble on 800 cases of every kind, hostile ones included', (build) => {
    useSecp256k1Backend(build);
    const verdicts = cases.map((one) =>
      (one.algorithm === 'ecdsa' ? ecdsaVerify : schnorrVerify)(one.hash, one.signature, one.publicKey),
    );
    const disagreements = cases.filter((_, i) => verdicts[i] !== reference[i]);
    expect(disagreements.map((one) => `${one.algorithm}/${one.kind}`)).toEqual([]);
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(0);
    expect(verdicts.filter((ok) => !ok).length).toBeGreaterThan(0);
  });
});
