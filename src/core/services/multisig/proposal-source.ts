/**
 * Where proposals come from and go: the network's multisignature server (the person's choice, else localnet's
 * hosted one) or a document, each read back through the same checks (proposal.ts) and put in words for the vault.
 * Requests that list, read or delete carry proof of taking part, signed in the vault (core/musig-server/auth.ts;
 * ARK's server ignores it). A person's list holds first the proposals of the wallets they registered or imported
 * (found under each multisignature wallet's key), then those they sent or signed, then at most MAX_INVITATIONS
 * invitations from wallets they do not know, marked as such.
 */
import type { NetworkEntry } from '../networks/registry';
import type { ChainContext } from '../../protocol/networks';
import type { ProposalRef, ProposalView } from '../../../shared/domain/multisig';
import type { MultisigDeps } from './deps';
import { MultisigError } from './errors';
import type { MusigServerChoice } from './multisig-book';
import { proposalFromDocument, checkedProposal, proposalView, type Proposal } from './proposal';
import { MAX_PROOFS, authMessage, authProof, type AuthAction } from '../../musig-server/auth';
import { musigClient, type MusigSigner, type MusigTransport } from './transports';

export function entryOf(s: Pick<MultisigDeps, 'networks'>, networkId?: string): NetworkEntry {
  return networkId === undefined ? s.networks.active() : s.networks.entry(networkId);
}

/** Proposals are read at the network's latest milestone, as `votary musig-server` reads them. */
export function readContext(entry: NetworkEntry): ChainContext {
  return { network: entry.network, height: Math.max(...entry.network.milestones.map((m) => m.height)) };
}

/** The network's server: the person's choice, else localnet's hosted one; undefined: files only. */
export async function serverOf(
  s: MultisigDeps,
  entry: NetworkEntry,
): Promise<(MusigServerChoice & { hosted: boolean }) | undefined> {
  const chosen = s.multisig.book.server(entry.nethash);
  if (chosen !== undefined) return { ...chosen, hosted: false };
  if (entry.id === s.multisig.local.networkId) {
    return { url: await s.multisig.local.server.url(), kind: 'rest', hosted: true };
  }
  return undefined;
}

/** Invitations (proposals of wallets this profile does not know) kept in one list. */
export const MAX_INVITATIONS = 20;

/**
 * The vault's own keys on this network (wallets whose key it holds), at most MAX_PROOFS. A Ledger wallet's key is on
 * the device, which would ask the person to approve every proof: it proves nothing here.
 */
function ownKeys(s: MultisigDeps, entry: NetworkEntry): { id: string; publicKey: string }[] {
  const keys = new Map<string, string>();
  for (const wallet of s.keystore.listWallets({ nethash: entry.nethash })) {
    if (wallet.publicKey !== undefined && wallet.kind !== 'watch' && wallet.kind !== 'ledger') {
      keys.set(wallet.publicKey, wallet.id);
    }
  }
  return [...keys].map(([publicKey, id]) => ({ id, publicKey }));
}

/**
 * Proofs by the vault's keys that can prove taking part: for a list of a key the vault holds, that key; of a
 * multisignature wallet's key, the vault's participants of it; for a proposal, the participants the caller knows
 * of, else every key of the vault on this network (at most MAX_PROOFS). A locked vault signs nothing.
 */
export function vaultSigner(
  s: MultisigDeps,
  entry: NetworkEntry,
  participants?: readonly string[],
): MusigSigner {
  return (action: AuthAction, subject: string) => {
    const own = ownKeys(s, entry);
    let chosen = own;
    if (action === 'list') {
      const record = s.multisig.book.byPublicKey(entry.nethash, subject);
      chosen = own.filter((k) =>
        record === undefined
          ? k.publicKey === subject.toLowerCase()
          : record.publicKeys.includes(k.publicKey),
      );
    } else if (participants !== undefined) {
      chosen = own.filter((k) => participants.includes(k.publicKey));
    }
    // The wall clock, as the server reads it (a localnet clock may be moved).
    const timestamp = Math.floor(Date.now() / 1000);
    const proofs: string[] = [];
    for (const key of chosen.slice(0, MAX_PROOFS)) {
      try {
        const signed = s.keystore.signMessage(key.id, authMessage(action, subject, timestamp));
        proofs.push(authProof(signed.publicKey, timestamp, signed.signature));
      } catch {
        // A locked vault or a wallet that cannot sign: no proof from it.
      }
    }
    return proofs.length === 0 ? undefined : proofs.join(',');
  };
}

export async function transportOf(
  s: MultisigDeps,
  entry: NetworkEntry,
  participants?: readonly string[],
): Promise<MusigTransport> {
  const server = await serverOf(s, entry);
  if (server === undefined) {
    throw new MultisigError(
      'ERR_MUSIG_SERVER',
      `No multisignature server is set for ${entry.name}: set one on the Multisignature page, or pass proposals as files.`,
    );
  }
  return musigClient(server.url, server.kind, { sign: vaultSigner(s, entry, participants) });
}

export async function readProposal(
  s: MultisigDeps,
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

export function view(s: MultisigDeps, entry: NetworkEntry, proposal: Proposal): ProposalView {
  return proposalView(proposal, readContext(entry), s.keystore.listWallets({ nethash: entry.nethash }));
}

/**
 * The proposals waiting for this vault's wallets on the network's server: those of the multisignature wallets the
 * profile knows first (registered or imported), then those the vault's keys send or signed, then invitations (a
 * wallet the profile does not know), at most MAX_INVITATIONS of them.
 */
export async function listProposals(s: MultisigDeps, input: { networkId?: string }): Promise<ProposalView[]> {
  const entry = entryOf(s, input.networkId);
  const server = await serverOf(s, entry);
  if (server === undefined) return [];
  const transport = musigClient(server.url, server.kind, { sign: vaultSigner(s, entry) });
  const walletKeys = s.multisig.book.wallets(entry.nethash).map((record) => record.publicKey);
  const vaultKeys = ownKeys(s, entry).map((k) => k.publicKey);
  const known = new Set([...walletKeys, ...vaultKeys]);
  const found = new Map<string, ProposalView>();
  const invitations: ProposalView[] = [];
  const ctx = readContext(entry);
  for (const key of new Set([...walletKeys, ...vaultKeys])) {
    for (const remote of await transport.list(key)) {
      if (found.has(remote.id) || invitations.some((p) => p.id === remote.id)) continue;
      let proposal: Proposal;
      try {
        proposal = checkedProposal({ data: remote.data, multisigAsset: remote.multisigAsset }, ctx);
      } catch {
        // A server's entry that does not verify is never shown (its word is a claim).
        continue;
      }
      const ours = known.has(proposal.tx.senderPublicKey.toLowerCase()) || signedByVault(proposal, vaultKeys);
      if (ours) found.set(remote.id, view(s, entry, proposal));
      else if (invitations.length < MAX_INVITATIONS)
        invitations.push({ ...view(s, entry, proposal), invitation: true });
    }
  }
  return [...found.values(), ...invitations];
}

/** Whether one of the vault's keys signed the proposal already. */
function signedByVault(proposal: Proposal, vaultKeys: readonly string[]): boolean {
  return (proposal.tx.signatures ?? []).some((entry) => {
    const key = proposal.asset.publicKeys[Number.parseInt(entry.slice(0, 2), 16)];
    return key !== undefined && vaultKeys.includes(key);
  });
}
