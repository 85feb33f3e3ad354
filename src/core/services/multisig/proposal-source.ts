/**
 * Where proposals come from and go: the network's multisignature server (the person's choice, else localnet's
 * hosted one) or a document, each read back through the same checks (proposal.ts) and put in words for the vault.
 */
import type { NetworkEntry } from '../../client';
import type { ChainContext } from '../../protocol/networks';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { Services } from '../services';
import { MultisigError } from './errors';
import type { MusigServerChoice } from './multisig-book';
import { proposalFromDocument, checkedProposal, proposalView, type Proposal } from './proposal';
import { musigClient, type MusigTransport } from './transports';
import type { MultisigServices } from './multisig-service';

export function entryOf(s: Services, networkId?: string): NetworkEntry {
  return networkId === undefined ? s.networks.active() : s.networks.entry(networkId);
}

/** Proposals are read at the network's latest milestone, as `votary musig-server` reads them. */
export function readContext(entry: NetworkEntry): ChainContext {
  return { network: entry.network, height: Math.max(...entry.network.milestones.map((m) => m.height)) };
}

/** The network's server: the person's choice, else localnet's hosted one; undefined: files only. */
export async function serverOf(
  s: MultisigServices,
  entry: NetworkEntry,
): Promise<(MusigServerChoice & { hosted: boolean }) | undefined> {
  const chosen = s.multisig.book.server(entry.nethash);
  if (chosen !== undefined) return { ...chosen, hosted: false };
  if (entry.id === s.multisig.local.networkId) {
    return { url: await s.multisig.local.server.url(), kind: 'rest', hosted: true };
  }
  return undefined;
}

export async function transportOf(s: MultisigServices, entry: NetworkEntry): Promise<MusigTransport> {
  const server = await serverOf(s, entry);
  if (server === undefined) {
    throw new MultisigError(
      'ERR_MUSIG_SERVER',
      `No multisignature server is set for ${entry.name}: set one on the Multisignature page, or pass proposals as files.`,
    );
  }
  return musigClient(server.url, server.kind);
}

export async function readProposal(
  s: MultisigServices,
  entry: NetworkEntry,
  ref: ProposalRef,
): Promise<Proposal> {
  const ctx = readContext(entry);
  if ('document' in ref) return proposalFromDocument(ref.document, ctx);
  const remote = await (await transportOf(s, entry)).show(ref.id);
  const proposal = checkedProposal({ data: remote.data, multisigAsset: remote.multisigAsset }, ctx);
  if (proposal.storeId !== ref.id.toLowerCase()) {
    throw new MultisigError(
      'ERR_MUSIG_PROPOSAL',
      'The server answered with another proposal than the one asked for.',
    );
  }
  return proposal;
}

export function view(s: Services, entry: NetworkEntry, proposal: Proposal): ProposalView {
  return proposalView(proposal, readContext(entry), s.keystore.listWallets({ nethash: entry.nethash }));
}

/** The proposals waiting for this vault's wallets (as participants or senders) on the network's server. */
export async function listProposals(
  s: MultisigServices,
  input: { networkId?: string },
): Promise<ProposalView[]> {
  const entry = entryOf(s, input.networkId);
  const server = await serverOf(s, entry);
  if (server === undefined) return [];
  const transport = musigClient(server.url, server.kind);
  const keys = new Set<string>();
  for (const wallet of s.keystore.listWallets({ nethash: entry.nethash })) {
    if (wallet.publicKey !== undefined && wallet.kind !== 'watch') keys.add(wallet.publicKey);
  }
  for (const record of s.multisig.book.wallets(entry.nethash)) keys.add(record.publicKey);
  const found = new Map<string, ProposalView>();
  const ctx = readContext(entry);
  for (const key of keys) {
    for (const remote of await transport.list(key)) {
      if (found.has(remote.id)) continue;
      try {
        found.set(
          remote.id,
          view(s, entry, checkedProposal({ data: remote.data, multisigAsset: remote.multisigAsset }, ctx)),
        );
      } catch {
        // A server's entry that does not verify is never shown (its word is a claim).
      }
    }
  }
  return [...found.values()];
}
