/**
 * A payment alert names who paid by the name the person knows: one of their own wallets by its name, a contact by
 * the contact's name (with the address), anyone else by address (chain-watch.ts).
 */
import { describe, expect, it } from 'vitest';
import type { ChainAccess, ChainEvent } from '../../../src/core/chain-access';
import type { Keystore } from '../../../src/core/keystore';
import { addressFromPublicKey, keyPairFromPassphrase } from '../../../src/core/protocol/crypto';
import { toHex } from '../../../src/core/protocol/hex';
import type { TransactionData } from '../../../src/core/protocol/transactions';
import type { ContactBook } from '../../../src/core/services/contacts/contact-book';
import type { AppEvents } from '../../../src/core/services/events';
import { ChainWatch } from '../../../src/core/services/networks/chain-watch';
import type { Networks } from '../../../src/core/services/networks/networks';
import type { PendingTracker } from '../../../src/core/services/transactions/pending-tracker';

const NETHASH = 'ee'.repeat(32);
const key = (phrase: string) => toHex(keyPairFromPassphrase(phrase).publicKey);
const address = (phrase: string) => addressFromPublicKey(key(phrase), 30);

function transfer(from: string, to: string, amount: bigint): TransactionData {
  return {
    version: 2,
    network: 30,
    typeGroup: 1,
    type: 0,
    nonce: 1n,
    senderPublicKey: key(from),
    fee: 10_000_000n,
    amount,
    recipientId: address(to),
    id: `${from}-${to}`.padEnd(64, '0'),
  };
}

/** Runs one forged block through the watch of an in-process chain and returns the alerts it raised. */
function alertsFor(block: TransactionData[], contacts?: Record<string, string>): string[] {
  const raised: string[] = [];
  let listener: ((event: ChainEvent) => void) | undefined;
  const chain = {
    networkId: 'localnet',
    inProcess: true,
    watch: (next: (event: ChainEvent) => void) => {
      listener = next;
      return () => undefined;
    },
  } as unknown as ChainAccess;
  const networks = {
    inProcessChains: () => [chain],
    onInProcessChanged: () => () => undefined,
    active: () => ({ id: 'localnet' }),
    activeId: 'other',
    chain: () => chain,
    entry: () => ({
      name: 'localnet',
      network: { network: { nethash: NETHASH, pubKeyHash: 30, client: { symbol: 'Ѵ' } } },
    }),
  } as unknown as Networks;
  const wallets = [
    { id: 'w2', name: 'Second', address: address('second') },
    { id: 'w3', name: 'Third', address: address('third') },
  ];
  const keystore = { isUnlocked: () => true, listWallets: () => wallets } as unknown as Keystore;
  const events = {
    emit: () => undefined,
    alert: (_level: string, code: string, message: string) =>
      code === 'INCOMING_TRANSACTION' && raised.push(message),
  } as unknown as AppEvents;
  const book =
    contacts === undefined
      ? undefined
      : ({
          byAddress: (_network: unknown, at: string) =>
            contacts[at] === undefined ? undefined : { name: contacts[at], address: at },
        } as unknown as ContactBook);
  const watch = new ChainWatch({
    networks,
    keystore,
    events,
    tracker: { confirmInBlock: () => undefined } as unknown as PendingTracker,
    onDefect: (error) => {
      throw error;
    },
    ...(book === undefined ? {} : { contacts: book }),
  });
  watch.start();
  listener?.({ kind: 'block', tip: { height: 5, id: 'b', transactions: block.length }, block });
  return raised;
}

describe('a payment alert', () => {
  it('names the paying wallet when it is one of the person’s own', () => {
    expect(alertsFor([transfer('third', 'second', 250_000_000n)])).toEqual([
      'Second received 2.5 Ѵ from your wallet Third on localnet.',
    ]);
  });

  it('names a contact with its address, and anyone else by address', () => {
    const alice = address('alice');
    expect(alertsFor([transfer('alice', 'second', 100_000_000n)], { [alice]: 'Alice' })).toEqual([
      `Second received 1 Ѵ from Alice (${alice}) on localnet.`,
    ]);
    expect(alertsFor([transfer('alice', 'second', 100_000_000n)])).toEqual([
      `Second received 1 Ѵ from ${alice} on localnet.`,
    ]);
  });
});
