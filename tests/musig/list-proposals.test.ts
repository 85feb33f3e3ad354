/**
 * The app's list of proposals (services/multisig/proposal-source.ts listProposals) against a real
 * `votary musig-server` that strangers filled: the proposals of the multisignature wallet the person imported come
 * first, whoever signed them, and invitations from wallets the profile does not know come last, marked, at most
 * MAX_INVITATIONS of them — however many strangers sent. The vault is a stand-in that signs with a passphrase.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProposalRules, ProposalStore, createMusigServer } from '../../src/core/musig-server';
import { signMessageWithPassphrase } from '../../src/core/protocol/message';
import { MAX_INVITATIONS, listProposals } from '../../src/core/services/multisig/proposal-source';
import type { MultisigDeps } from '../../src/core/services/multisig/deps';
import { RestMusigClient } from '../../src/core/services/multisig/transports';
import { ASSET, CTX, KEYS, MULTI_KEY, PARTICIPANTS, body, spend, strangerProposal } from './fixtures';

const VICTIM = PARTICIPANTS[0]!;
let store: ProposalStore;
let app: FastifyInstance;
let url = '';

const invitation = (n: number) => strangerProposal(`musig list stranger ${n}`);

beforeAll(async () => {
  store = new ProposalStore(':memory:');
  app = await createMusigServer({ rules: new ProposalRules({ store, ctx: CTX }), rateLimitPerMinute: 0 });
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app.close();
  store.close();
});

/** Just what listProposals reads: the network, the server choice, the vault and the profile's wallet book. */
function services(): MultisigDeps {
  const entry = {
    id: 'devnet',
    kind: 'remote',
    name: 'devnet',
    nethash: CTX.network.network.nethash,
    pubKeyHash: CTX.network.network.pubKeyHash,
    network: CTX.network,
    peers: [],
  };
  const vault = [
    { id: 'victim', name: 'Victim', kind: 'passphrase', publicKey: KEYS[0]!, nethash: entry.nethash },
  ];
  const record = { walletId: 'multi', nethash: entry.nethash, publicKey: MULTI_KEY, ...ASSET };
  return {
    networks: { active: () => entry, entry: () => entry },
    keystore: {
      listWallets: () => vault,
      signMessage: (_id: string, text: string) => signMessageWithPassphrase(text, VICTIM),
    },
    multisig: {
      book: {
        server: () => ({ url, kind: 'rest' }),
        wallets: () => [record],
        byPublicKey: (_nethash: string, key: string) => (key === MULTI_KEY ? record : undefined),
      },
      local: { networkId: 'embedded' },
    },
  } as unknown as MultisigDeps;
}

describe('listProposals against a flooded server', () => {
  it('puts the imported wallet’s proposals first and keeps at most MAX_INVITATIONS invitations, marked', async () => {
    const client = new RestMusigClient(url);
    for (let n = 0; n < MAX_INVITATIONS + 15; n++) await client.submit(invitation(n));
    // The imported wallet's proposal, signed by participant 1 only: it waits for the victim, yet it is theirs.
    const { id: own } = await client.submit(body(spend([1])));

    const listed = await listProposals(services(), {});
    expect(listed[0]!.id).toBe(own);
    expect(listed[0]!.invitation).toBeUndefined();
    const invitations = listed.filter((p) => p.invitation === true);
    expect(invitations).toHaveLength(MAX_INVITATIONS);
    expect(listed).toHaveLength(1 + MAX_INVITATIONS);
  });
});
