/**
 * The one ledger adds up (src/core/domain/ledger.ts, src/core/services/chain/wallet-history.ts): random sequences
 * of every transaction type the wallet builds — transfer, multipayment, vote, second signature, delegate
 * registration and resignation, HTLC lock, claim (by the recipient or by a third wallet) and refund — between four
 * wallets on a localnet node (in process, a fake clock forging on demand). After every block each wallet's history,
 * read page by page through the public API as the screens read it and summed through the ledger, equals its
 * balance and its locked balance to the arktoshi.
 */
import { nodeParts } from '../../src/core/node/parts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApiServer } from '../../src/core/api';
import { LocalChain } from '../../src/core/chain-access';
import { balanceChange, lockedChange, totalEffect, type LedgerEffect } from '../../src/core/domain';
import { localnet, localnetWallet, localnetWallets } from '../../src/core/node/localnet';
import { LocalNode } from '../../src/core/node/node';
import { addressFromPassphrase, keyPairFromPassphrase } from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { epochUnixMs, milestoneAt } from '../../src/core/protocol/networks';
import { signTransaction, type TransactionData } from '../../src/core/protocol/transactions';
import { historyPage } from '../../src/core/services/chain/wallet-history';
import { buildDraft } from '../../src/core/services/transactions/drafts';
import type { DraftInput } from '../../src/shared/domain/transactions';

/** PROPERTY_RUNS=… runs deeper locally; the default keeps `npm run check` fast. */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 3);
const VTY = 100_000_000n;
const delegates = localnetWallets().filter((w) => w.role === 'delegate');

interface Person {
  passphrase: string;
  secondPassphrase?: string;
  address: string;
}

/** One step of a run: an action by wallet `by` (an index), with random parameters. */
type Action =
  | { kind: 'transfer'; by: number; to: number; amount: bigint }
  | { kind: 'multiPayment'; by: number; to: [number, number]; amounts: [bigint, bigint] }
  | { kind: 'vote'; by: number; delegate: number }
  | { kind: 'secondSignature'; by: number }
  | { kind: 'delegateRegistration'; by: number }
  | { kind: 'delegateResignation'; by: number }
  | { kind: 'htlcLock'; by: number; to: number; amount: bigint; afterBlocks: number }
  | { kind: 'htlcClaim'; by: number; thirdParty: boolean }
  | { kind: 'htlcRefund'; by: number; thirdParty: boolean }
  | { kind: 'block' }
  | { kind: 'wait'; blocks: number };

const WALLETS = 4;
const who = fc.integer({ min: 0, max: WALLETS - 1 });
const amount = fc.bigInt({ min: 1n, max: 20n * VTY });
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('transfer' as const), by: who, to: who, amount }),
  fc.record({
    kind: fc.constant('multiPayment' as const),
    by: who,
    to: fc.tuple(who, who),
    amounts: fc.tuple(amount, amount),
  }),
  fc.record({ kind: fc.constant('vote' as const), by: who, delegate: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('secondSignature' as const), by: who }),
  fc.record({ kind: fc.constant('delegateRegistration' as const), by: who }),
  fc.record({ kind: fc.constant('delegateResignation' as const), by: who }),
  fc.record({
    kind: fc.constant('htlcLock' as const),
    by: who,
    to: who,
    amount,
    afterBlocks: fc.integer({ min: 22, max: 26 }),
  }),
  fc.record({ kind: fc.constant('htlcClaim' as const), by: who, thirdParty: fc.boolean() }),
  fc.record({ kind: fc.constant('htlcRefund' as const), by: who, thirdParty: fc.boolean() }),
  fc.record({ kind: fc.constant('block' as const) }),
  fc.record({ kind: fc.constant('wait' as const), blocks: fc.integer({ min: 5, max: 25 }) }),
);

interface OpenLock {
  id: string;
  sender: number;
  recipient: number;
  secret: string;
}

/** Every kind a run got onto the chain (with ":third" for a claim or refund sent by a third wallet). */
const onChain = new Set<string>();

/** A sequence that reaches every kind, so that each run of the suite covers them whatever the random ones do. */
const SCRIPTED: Action[] = [
  { kind: 'transfer', by: 0, to: 1, amount: 5n * VTY },
  { kind: 'multiPayment', by: 1, to: [0, 2], amounts: [2n * VTY, 3n * VTY] },
  { kind: 'vote', by: 2, delegate: 3 },
  { kind: 'delegateRegistration', by: 3 },
  { kind: 'htlcLock', by: 0, to: 1, amount: 4n * VTY, afterBlocks: 22 },
  { kind: 'htlcLock', by: 1, to: 2, amount: 6n * VTY, afterBlocks: 22 },
  { kind: 'block' },
  { kind: 'htlcClaim', by: 1, thirdParty: false },
  { kind: 'htlcClaim', by: 2, thirdParty: true },
  { kind: 'delegateResignation', by: 3 },
  { kind: 'secondSignature', by: 2 },
  { kind: 'htlcLock', by: 0, to: 3, amount: 7n * VTY, afterBlocks: 22 },
  { kind: 'htlcLock', by: 3, to: 0, amount: 1n * VTY, afterBlocks: 22 },
  { kind: 'block' },
  { kind: 'transfer', by: 2, to: 3, amount: 1n },
  { kind: 'vote', by: 2, delegate: 4 },
  { kind: 'wait', blocks: 24 },
  { kind: 'htlcRefund', by: 0, thirdParty: false },
  { kind: 'htlcRefund', by: 3, thirdParty: true },
  { kind: 'block' },
];

async function run(actions: readonly Action[], seedLabel: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'votary-ledger-'));
  const clock = { now: epochUnixMs(localnet) + 1_000_000_000 };
  const node = await LocalNode.start({ dataDir, forging: false, now: () => clock.now });
  const server = createApiServer({ node, now: () => clock.now, responseCache: false });
  await server.publicApp.ready();
  const chain = new LocalChain({
    networkId: 'localnet',
    node,
    api: { queries: server.queries, url: 'http://127.0.0.1:4003' },
  });
  const forge = () => {
    clock.now += milestoneAt(localnet, 1).blocktime * 1000;
    const outcome = nodeParts(node).forger.forgeAt(clock.now);
    if (outcome.kind !== 'forged') throw new Error(`slot not forged: ${JSON.stringify(outcome)}`);
  };
  const people: Person[] = Array.from({ length: WALLETS }, (_, i) => {
    const passphrase = `votary ledger property ${seedLabel} ${i}`;
    return { passphrase, address: addressFromPassphrase(passphrase, localnet.network.pubKeyHash) };
  });
  const locks: OpenLock[] = [];
  /** Lock id → the wallet expected to close it (the recipient claims, the sender refunds). */
  const locksBy = new Map<string, number>();
  let registered = 0;

  const submit = (person: Person, input: DraftInput): TransactionData | undefined => {
    const height = node.height;
    // As the wallet's sender does (services/transactions/sender.ts): a second key is registered once.
    const secondKey = nodeParts(node).store.state().wallet(person.address).secondPublicKey;
    if (input.kind === 'secondSignature' && secondKey !== undefined) return undefined;
    const publicKey = toHex(keyPairFromPassphrase(person.passphrase).publicKey);
    const { nextNonce } = node.senderAccount(person.address, publicKey);
    let built;
    try {
      built = buildDraft(input, { network: localnet, height, now: clock.now, nonce: nextNonce });
    } catch {
      return undefined;
    }
    const tx = signTransaction(
      built.draft,
      {
        passphrase: person.passphrase,
        ...(secondKey !== undefined && person.secondPassphrase !== undefined
          ? { secondPassphrase: person.secondPassphrase }
          : {}),
      },
      { network: localnet, height: height + 1 },
    );
    const answer = node.addTransactions([tx]);
    if (answer.accept.length === 0) {
      if (process.env.LEDGER_DEBUG) console.log(input.kind, JSON.stringify(answer.errors));
      return undefined;
    }
    if (built.secondPassphrase !== undefined) person.secondPassphrase = built.secondPassphrase;
    const closes = input.kind === 'htlcClaim' || input.kind === 'htlcRefund' ? input.lockId : undefined;
    if (closes !== undefined)
      locks.splice(
        locks.findIndex((l) => l.id === closes),
        1,
      );
    const owner = closes === undefined ? undefined : locksBy.get(closes);
    const third = owner !== undefined && owner !== people.indexOf(person);
    onChain.add(third ? `${input.kind}:third` : input.kind);
    if (built.htlc !== undefined && tx.id !== undefined) {
      locks.push({
        id: tx.id,
        sender: people.indexOf(person),
        recipient: people.findIndex((p) => p.address === tx.recipientId),
        secret: built.htlc.secret,
      });
    }
    return tx;
  };

  const effectsOf = async (address: string): Promise<LedgerEffect[]> => {
    const effects: LedgerEffect[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await chain.reads.walletTransactions(address, { page, limit: 100 });
      for (const view of await historyPage(chain.reads, address, answer)) {
        const e = view.effect!;
        effects.push({
          received: BigInt(e.received),
          sent: BigInt(e.sent),
          fee: BigInt(e.fee),
          locked: BigInt(e.locked),
          unlocked: BigInt(e.unlocked),
        });
      }
      if (answer.data.length < 100) return effects;
    }
  };

  const check = async () => {
    for (const person of people) {
      const total = totalEffect(await effectsOf(person.address));
      // The node's own answer (ARK /wallets/{id}): what a person would compare the screens with.
      const wallet = await chain.reads.wallet(person.address);
      expect({ balance: balanceChange(total), locked: lockedChange(total) }, person.address).toEqual({
        balance: wallet.balance,
        locked: wallet.attributes.htlc?.lockedBalance ?? 0n,
      });
    }
  };

  try {
    forge();
    // Each wallet starts with 200 VTY from the faucet, its first history row.
    const faucet = { passphrase: localnetWallet('faucet').passphrase, address: '' };
    faucet.address = addressFromPassphrase(faucet.passphrase, localnet.network.pubKeyHash);
    for (const person of people) {
      const funding = submit(faucet, {
        kind: 'transfer',
        recipientId: person.address,
        amount: (200n * VTY).toString(),
      });
      expect(funding, 'the faucet funds each wallet').toBeDefined();
    }
    forge();
    await check();

    for (const step of actions) {
      switch (step.kind) {
        case 'block':
          forge();
          await check();
          continue;
        case 'wait':
          for (let i = 0; i < step.blocks; i += 1) forge();
          await check();
          continue;
        case 'transfer':
          submit(people[step.by]!, {
            kind: 'transfer',
            recipientId: people[step.to]!.address,
            amount: step.amount.toString(),
          });
          continue;
        case 'multiPayment':
          submit(people[step.by]!, {
            kind: 'multiPayment',
            payments: step.to.map((to, i) => ({
              recipientId: people[to]!.address,
              amount: step.amounts[i]!.toString(),
            })),
          });
          continue;
        case 'vote': {
          const current = nodeParts(node).store.state().wallet(people[step.by]!.address).vote;
          const target = delegates[step.delegate]!.publicKey;
          submit(
            people[step.by]!,
            current === undefined
              ? { kind: 'vote', vote: target }
              : { kind: 'vote', unvote: current, ...(current === target ? {} : { vote: target }) },
          );
          continue;
        }
        case 'secondSignature':
          submit(people[step.by]!, {
            kind: 'secondSignature',
            secondPassphrase: `second ${seedLabel} ${step.by}`,
          });
          continue;
        case 'delegateRegistration':
          registered += 1;
          submit(people[step.by]!, { kind: 'delegateRegistration', username: `ledger_${registered}` });
          continue;
        case 'delegateResignation':
          submit(people[step.by]!, { kind: 'delegateResignation' });
          continue;
        case 'htlcLock':
          submit(people[step.by]!, {
            kind: 'htlcLock',
            recipientId: people[step.to]!.address,
            amount: step.amount.toString(),
            expiration: { type: 'height', afterBlocks: step.afterBlocks },
          });
          continue;
        case 'htlcClaim':
        case 'htlcRefund': {
          const lock = locks.find((l) => (step.kind === 'htlcClaim' ? l.recipient : l.sender) === step.by);
          if (lock === undefined) continue;
          locksBy.set(lock.id, step.by);
          const sender = step.thirdParty ? people[(step.by + 1) % WALLETS]! : people[step.by]!;
          submit(
            sender,
            step.kind === 'htlcClaim'
              ? { kind: 'htlcClaim', lockId: lock.id, secret: lock.secret }
              : { kind: 'htlcRefund', lockId: lock.id },
          );
          continue;
        }
      }
    }
    forge();
    await check();
  } finally {
    await server.close();
    await node.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('the ledger: every wallet history adds up to its balance and locked balance after every block', () => {
  it('holds for random sequences of every transaction type the wallet builds', async () => {
    let runIndex = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 20, maxLength: 60 }), async (actions) => {
        runIndex += 1;
        await run(actions, String(runIndex));
      }),
      { numRuns: RUNS, examples: [[SCRIPTED]] },
    );
    expect([...onChain].sort()).toEqual(
      expect.arrayContaining([
        'delegateRegistration',
        'delegateResignation',
        'htlcClaim',
        'htlcClaim:third',
        'htlcLock',
        'htlcRefund',
        'htlcRefund:third',
        'multiPayment',
        'secondSignature',
        'transfer',
        'vote',
      ]),
    );
  }, 300_000);
});
