/**
 * Version 2 on a chain ARK Core forged across aip11 (tests/interop/v1era.interop.ts): once aip11 is in force, a
 * version 2 transfer from a sender of version 1 history (its nonce is ARK's count of those + 1), and the legacy
 * business and bridgechain types, which ARK Core 3.9.1 accepts between aip11 and aip36 (core-magistrate-transactions
 * `handlers/magistrate-handler.ts` isActivated): a business and a bridgechain registered, both updated, the
 * bridgechain resigned, then the business. Signed by Votary's protocol library; ARK Core must accept and forge each.
 */
import { randomBytes } from 'node:crypto';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { networkByName, type Network, type RawMilestone } from '../../src/core/protocol/networks';
import {
  signTransaction,
  transactionToJson,
  type TransactionData,
  type TransactionDraft,
} from '../../src/core/protocol/transactions';
import { ARK_URL, arkGet, arkHeight, delegateSecrets, sleep } from './ark-node';

export interface SentEntry {
  step: string;
  id?: string;
  version?: number;
  height?: number;
}

/** The network as ARK Core runs it (the testnet preset with the milestones ARK_AIP11_HEIGHT moved). */
async function arkNetwork(): Promise<Network> {
  const crypto = await arkGet<{ data: { network: { name: string }; milestones: RawMilestone[] } }>(
    '/node/configuration/crypto',
  );
  const preset = networkByName(crypto.data.network.name);
  if (preset === undefined) throw new Error(`ARK Core runs ${crypto.data.network.name}, not a preset`);
  return { ...preset, milestones: crypto.data.milestones };
}

/** Posts to ARK Core, which must accept every one, and waits until each is in one of its blocks. */
async function forged(step: string, transactions: TransactionData[]): Promise<SentEntry[]> {
  const response = await fetch(`${ARK_URL}/api/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', connection: 'close' },
    body: JSON.stringify({ transactions: transactions.map(transactionToJson) }),
  });
  const answer = (await response.json()) as { data?: { accept?: string[] }; errors?: unknown };
  const accepted = answer.data?.accept ?? [];
  if (transactions.some((tx) => !accepted.includes(tx.id!))) {
    throw new Error(`ARK Core refused ${step}: ${JSON.stringify(answer.errors ?? answer)}`);
  }
  const entries: SentEntry[] = [];
  for (const tx of transactions) {
    for (let i = 0; ; i++) {
      // The raw form carries the block's height (ark-core-api.md §6.14 (c)).
      const found = await fetch(`${ARK_URL}/api/transactions/${tx.id!}?transform=false`, {
        headers: { connection: 'close' },
      });
      if (found.ok) {
        const { data } = (await found.json()) as { data: { blockHeight?: number; version: number } };
        entries.push({ step, id: tx.id!, version: data.version, height: data.blockHeight ?? 0 });
        break;
      }
      if (i === 60) throw new Error(`${step}: ${tx.id!} was not forged within a minute`);
      await sleep(1_000);
    }
  }
  return entries;
}

/** Sends the version 2 transactions; the chain must be past aip11 and at least 8 blocks before aip36. */
export async function sendAfterAip11(): Promise<SentEntry[]> {
  const network = await arkNetwork();
  const [v1Funder, owner] = delegateSecrets() as [string, string];
  const context = async () => ({ network, height: (await arkHeight()) + 1 });
  const nonces = new Map<string, bigint>();
  const signed = async (passphrase: string, draft: Omit<TransactionDraft, 'nonce'>) => {
    const address = addressFromPassphrase(passphrase, network.network.pubKeyHash);
    let nonce = nonces.get(address);
    if (nonce === undefined) {
      nonce = BigInt((await arkGet<{ data: { nonce: string } }>(`/wallets/${address}`)).data.nonce);
    }
    nonces.set(address, nonce + 1n);
    return signTransaction({ ...draft, nonce: nonce + 1n }, { passphrase }, await context());
  };
  const tag = randomBytes(3).toString('hex');
  const genesisHash = randomBytes(32).toString('hex');
  const magistrate = (type: number, asset?: TransactionDraft['asset']) =>
    signed(owner, { typeGroup: 2, type, ...(asset ? { asset } : {}) });
  const sent: SentEntry[] = [];
  sent.push(
    ...(await forged(
      'v2 transfer from a sender of v1 history, and a business and its bridgechain registered',
      [
        await signed(v1Funder, {
          type: 0,
          amount: 100_000_000n,
          recipientId: addressFromPassphrase(`votary v2 ${tag}`, network.network.pubKeyHash),
        }),
        await magistrate(0, {
          businessRegistration: {
            name: `votary${tag}`,
            website: 'https://votary.example',
            vat: 'EE123456789',
          },
        }),
        await magistrate(3, {
          bridgechainRegistration: {
            name: `chain${tag}`,
            seedNodes: ['74.125.224.71'],
            genesisHash,
            bridgechainRepository: 'https://github.com/votary/chain',
            ports: { '@arkecosystem/core-api': 4003 },
          },
        }),
      ],
    )),
  );
  sent.push(
    ...(await forged('the business and its bridgechain updated', [
      await magistrate(2, { businessUpdate: { website: 'https://votary.example/updated' } }),
      await magistrate(5, {
        bridgechainUpdate: { bridgechainId: genesisHash, seedNodes: ['74.125.224.72', '64.233.173.193'] },
      }),
    ])),
  );
  sent.push(
    ...(await forged('the bridgechain resigned', [
      await magistrate(4, { bridgechainResignation: { bridgechainId: genesisHash } }),
    ])),
  );
  sent.push(...(await forged('the business resigned', [await magistrate(1)])));
  return sent;
}
