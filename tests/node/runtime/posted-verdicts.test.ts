/**
 * A posted batch's sender signatures verified on the worker pool (LocalNode.prefetchSignatures): each verdict is
 * left on its candidate and admission takes it instead of verifying again on the node's main thread; a tampered
 * signature is refused with ARK's error either way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalNode } from '../../../src/core/node/node';
import { nodeParts } from '../../../src/core/node/parts';
import { localnet, localnetDelegateSecrets } from '../../../src/core/node/localnet';
import { decodeIncoming, type PoolCandidate } from '../../../src/core/node/transaction-pool';
import { addressFromPassphrase } from '../../../src/core/protocol/crypto';
import {
  serializeTransaction,
  signTransaction,
  type TransactionData,
} from '../../../src/core/protocol/transactions';

// The worker bundle is built by tests/global-setup.ts (scripts/build-cli.mjs).
const verifyWorkerUrl = new URL('../../../dist/verify-worker.mjs', import.meta.url);

describe('posted signatures verified on the workers', () => {
  let dataDir: string | undefined;
  let node: LocalNode | undefined;
  afterEach(async () => {
    await node?.stop();
    node = undefined;
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  async function started() {
    dataDir = mkdtempSync(join(tmpdir(), 'votary-posted-verdicts-'));
    node = await LocalNode.start({ dataDir, blockTime: 1, forging: false, verifyWorkerUrl });
    const [first, second] = localnetDelegateSecrets();
    const recipientId = addressFromPassphrase('posted verdicts recipient', localnet.network.pubKeyHash);
    const ctx = { network: localnet, height: node.height + 1 };
    const transfer = (passphrase: string): TransactionData => {
      const sender = addressFromPassphrase(passphrase, localnet.network.pubKeyHash);
      const nonce = nodeParts(node!).store.state().wallet(sender).nonce + 1n;
      return signTransaction({ type: 0, nonce, amount: 1_000n, recipientId }, { passphrase }, ctx);
    };
    const candidates = (txs: TransactionData[]): PoolCandidate[] =>
      txs.map((tx, index) => {
        // From its bytes, as a client's hex: a tampered signature gives another id, not an id mismatch.
        const decoded = decodeIncoming(serializeTransaction(tx), index, ctx);
        if (!('candidate' in decoded)) throw new Error('a test transfer did not decode');
        return decoded.candidate;
      });
    return { node, candidates, valid: [transfer(first!), transfer(second!)] };
  }

  it('leaves each verdict on its candidate, and admission refuses the tampered one', async () => {
    const { node, candidates, valid } = await started();
    const tampered = { ...valid[1]!, signature: `${valid[1]!.signature!.slice(0, -2)}00` };
    const batch = candidates([valid[0]!, tampered]);
    await node.prefetchSignatures(batch);
    expect(batch.map((candidate) => candidate.signatureVerdict)).toEqual([true, false]);
    const result = node.addDecoded(batch.map((candidate) => ({ key: candidate.id, candidate })));
    expect(Object.keys(result.errors)).toEqual([batch[1]!.id]);
    expect(result.errors[batch[1]!.id]?.type).toBe('ERR_BAD_DATA');
    expect(result.accept).toEqual([batch[0]!.id]);
  });

  it("takes the workers' verdict instead of verifying again on the main thread", async () => {
    const { node, candidates, valid } = await started();
    const batch = candidates(valid);
    await node.prefetchSignatures(batch);
    expect(batch.map((candidate) => candidate.signatureVerdict)).toEqual([true, true]);
    // Only a verdict that was not recomputed can refuse a valid signature: this one is what admission acts on.
    batch[1]!.signatureVerdict = false;
    const result = node.addDecoded(batch.map((candidate) => ({ key: candidate.id, candidate })));
    expect(result.accept).toEqual([batch[0]!.id]);
    expect(result.errors[batch[1]!.id]?.message).toMatch(/didn't passed verification$/);
  });
});
