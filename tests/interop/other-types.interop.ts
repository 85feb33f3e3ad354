/**
 * The transaction types the app's wallet does not build, signed by Votary's protocol library and sent to ARK Core
 * 3.9.1's testnet: a multisignature registration (2 of 3, every participant's signature), a transfer spent from
 * that multisignature wallet with two of them, an IPFS hash, and an entity registered, updated and resigned. ARK
 * Core must accept and forge each one (byte-exact serialization and signatures), and its state must show them; the
 * follower suite, run after this one, then verifies them in ARK's blocks and compares every transaction and wallet.
 */
import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addressFromPassphrase,
  addressFromPublicKey,
  keyPairFromPassphrase,
  multiSignaturePublicKey,
} from '../../src/core/protocol/crypto';
import { toHex } from '../../src/core/protocol/hex';
import { networkByName, type Network } from '../../src/core/protocol/networks';
import {
  addMultiSignature,
  prepareTransaction,
  signTransaction,
  transactionId,
  transactionToJson,
  type TransactionData,
  type TransactionDraft,
} from '../../src/core/protocol/transactions';
import {
  ARK_URL,
  arkGet,
  arkHeight,
  arkMilestoneHeight,
  delegateSecrets,
  sleep,
  untilArkHeight,
} from './ark-node';

const ARK = 100_000_000n;
/** Unique per run: the testnet keeps what earlier runs did (an entity name, a multisignature wallet). */
const run = randomBytes(4).toString('hex');
const participants = [0, 1, 2].map((i) => `votary interop multisignature ${run} participant ${i}`);
const participantKeys = participants.map((p) => toHex(keyPairFromPassphrase(p).publicKey));
const MULTISIG = { min: 2, publicKeys: participantKeys };
const funder = delegateSecrets()[7]!;

interface ArkWallet {
  nonce: string;
  attributes: Record<string, unknown>;
}

let network: Network;

/** A multihash of 32 random bytes (sha2-256), as an IPFS hash is written. */
function randomIpfsHash(): string {
  return base58.encode(Uint8Array.from([0x12, 0x20, ...randomBytes(32)]));
}

/** The milestone of ARK's next block decides the fee and the rules the transaction is built with. */
async function context() {
  return { network, height: (await arkHeight()) + 1 };
}

/** Signed with the sender's next nonce on ARK Core (`ahead` more for a second one sent with it). */
async function signed(passphrase: string, draft: TransactionDraft, ahead = 0n): Promise<TransactionData> {
  const sender = await wallet(addressFromPassphrase(passphrase, network.network.pubKeyHash));
  return signTransaction(
    { ...draft, nonce: BigInt(sender.nonce) + 1n + ahead },
    { passphrase },
    await context(),
  );
}

/** Posts to ARK Core, which must accept every one, and waits until each is in one of its blocks. */
async function forged(...transactions: TransactionData[]): Promise<void> {
  const response = await fetch(`${ARK_URL}/api/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ transactions: transactions.map(transactionToJson) }),
  });
  const answer = (await response.json()) as { data?: { accept?: string[] }; errors?: unknown };
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  expect(answer.data?.accept).toEqual(transactions.map((tx) => tx.id));
  for (const tx of transactions) {
    for (let i = 0; ; i++) {
      const found = await fetch(`${ARK_URL}/api/transactions/${tx.id}`, { headers: { connection: 'close' } });
      if (found.ok) break;
      if (i === 60) throw new Error(`transaction ${tx.id} was not forged within a minute`);
      await sleep(1_000);
    }
  }
}

async function wallet(address: string): Promise<ArkWallet> {
  return (await arkGet<{ data: ArkWallet }>(`/wallets/${address}`)).data;
}

beforeAll(async () => {
  const crypto = await arkGet<{ data: { network: { name: string } } }>('/node/configuration/crypto');
  const preset = networkByName(crypto.data.network.name);
  if (preset === undefined)
    throw new Error(`ARK Core runs ${crypto.data.network.name}, not a preset Votary ships`);
  network = preset;
});

describe('types the wallet does not build, signed by Votary and forged by ARK Core', () => {
  it('a multisignature registration with every participant’s signature, then a spend signed by two', async () => {
    const multiKey = multiSignaturePublicKey(MULTISIG);
    const multiAddress = addressFromPublicKey(multiKey, network.network.pubKeyHash);
    const registrant = addressFromPassphrase(participants[0]!, network.network.pubKeyHash);
    await forged(
      await signed(funder, { type: 0, amount: 100n * ARK, recipientId: registrant }),
      await signed(funder, { type: 0, amount: 10n * ARK, recipientId: multiAddress }, 1n),
    );

    let registration = prepareTransaction(
      { type: 4, nonce: 1n, senderPublicKey: participantKeys[0]!, asset: { multiSignature: MULTISIG } },
      await context(),
    );
    participants.forEach((participant, index) => {
      registration = addMultiSignature(registration, participant, index);
    });
    registration = signTransaction(registration, { passphrase: participants[0]! }, await context());
    await forged(registration);
    expect((await wallet(multiAddress)).attributes.multiSignature).toEqual(MULTISIG);

    let spend = prepareTransaction(
      { type: 0, nonce: 1n, senderPublicKey: multiKey, amount: ARK, recipientId: registrant },
      await context(),
    );
    for (const index of [0, 2]) spend = addMultiSignature(spend, participants[index]!, index);
    spend = { ...spend, id: transactionId(spend) };
    await forged(spend);
    expect((await wallet(multiAddress)).nonce).toBe('1');
  });

  it('an IPFS hash', async () => {
    const hash = randomIpfsHash();
    await forged(await signed(funder, { type: 5, asset: { ipfs: hash } }));
    const address = addressFromPassphrase(funder, network.network.pubKeyHash);
    expect((await wallet(address)).attributes.ipfs).toMatchObject({ hashes: { [hash]: true } });
  });

  it('an entity registered, updated and resigned', async () => {
    // Entity is ARK's from the aip36 milestone on (height 60 on testnet; before it ARK calls the type deactivated).
    await untilArkHeight(await arkMilestoneHeight('aip36'), 'Entity transactions are active');
    const owner = participants[1]!;
    const ownerAddress = addressFromPassphrase(owner, network.network.pubKeyHash);
    await forged(await signed(funder, { type: 0, amount: 200n * ARK, recipientId: ownerAddress }));
    const name = `votary_${run}`;
    const registration = await signed(owner, {
      typeGroup: 2,
      type: 6,
      asset: { type: 0, subType: 0, action: 0, data: { name, ipfsData: randomIpfsHash() } },
    });
    await forged(registration);
    const ipfsData = randomIpfsHash();
    await forged(
      await signed(owner, {
        typeGroup: 2,
        type: 6,
        asset: { type: 0, subType: 0, action: 1, registrationId: registration.id!, data: { ipfsData } },
      }),
    );
    await forged(
      await signed(owner, {
        typeGroup: 2,
        type: 6,
        asset: { type: 0, subType: 0, action: 2, registrationId: registration.id!, data: {} },
      }),
    );
    const entities = (await wallet(ownerAddress)).attributes.entities as Record<string, unknown>;
    expect(entities[registration.id!]).toMatchObject({
      type: 0,
      subType: 0,
      data: { name, ipfsData },
      resigned: true,
    });
  });
});
