/**
 * The multisignature reads on the read layer (lib/use-host-read.ts): the profile's multisignature wallets and the
 * network's server, the proposals waiting for this vault's participants, and one proposal's review. Each moves with
 * a block and a pending transaction's state (a registration confirmed, a proposal's nonce taken) and with every
 * change this app made to them (`multisig:changed`, store/revisions-slice.ts: a proposal made, signed or broadcast,
 * a wallet imported or registered — in this window or another); `generation` is the page's own "read again".
 */
import type { z } from 'zod';
import type { multisigWalletView, musigServerView, ProposalRef } from '../../../shared/domain/multisig';
import type { HostChange } from '../../store/host-changes';
import { call } from '../../services/call';
import { useHostRead } from '../use-host-read';

/** What every multisignature read moves with. */
export const MULTISIG_MOVES_WITH: readonly HostChange[] = ['block', 'pending', 'multisig'];

/** As features/multisig/multisig-wallet.ts names it for the page's parts. */
type MultisigWallet = z.output<typeof multisigWalletView>;
export type MusigServerView = z.output<typeof musigServerView>;

/** The profile's multisignature wallets on the active network (registered or not), and its server. */
export function useMultisigWallets(generation: number, report: (error: unknown) => void) {
  return useHostRead<{ wallets: MultisigWallet[]; server: MusigServerView }>(
    () =>
      Promise.all([call('multisig:wallets'), call('multisig:server')]).then(([wallets, server]) => ({
        wallets,
        server,
      })),
    `multisig:${generation}`,
    MULTISIG_MOVES_WITH,
    { report },
  );
}

/** The proposals on the network's server for this vault's participants, each verified by the host. */
export function useProposals(generation: number, report: (error: unknown) => void) {
  return useHostRead(() => call('multisig:proposals'), `proposals:${generation}`, MULTISIG_MOVES_WITH, {
    report,
  }).value;
}

/**
 * One proposal reviewed by the host as it changes: the signatures it carries now, and whether the chain has taken
 * its nonce (broadcast here or by another participant, or another transaction took its place).
 */
export function useProposalReview(proposal: ProposalRef, txId: string) {
  return useHostRead(() => call('multisig:review', { proposal }), `review:${txId}`, MULTISIG_MOVES_WITH);
}
