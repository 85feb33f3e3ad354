/**
 * multisig:* — multisignature wallets, their proposals and the server they travel through (import-multisig.ts,
 * propose.ts, proposal-review.ts, cosign.ts, broadcast-proposal.ts).
 */
import { unless404 } from '../../client';
import type { IpcEventPayload } from '../../../shared/ipc/contract';
import type { ChannelHandlers } from '../dispatcher';
import { broadcastProposal } from './broadcast-proposal';
import { cosign } from './cosign';
import { importMultisig } from './import-multisig';
import { previewMultisigTransfer, proposeTransfer, startRegistration } from './propose';
import { reviewProposal } from './proposal-review';
import type { MultisigDeps } from './deps';
import type { MultisigRecord } from './multisig-book';
import { entryOf, listProposals, serverOf } from './proposal-source';

type MultisigChannels = Extract<keyof ChannelHandlers, `multisig:${string}`>;

export function multisigHandlers(s: MultisigDeps): Pick<ChannelHandlers, MultisigChannels> {
  const walletView = async (record: MultisigRecord) => {
    const entry = s.networks.byNethash(record.nethash)!;
    const chainWallet = await unless404(s.networks.chain(entry.id).reads.wallet(record.address)).catch(
      () => undefined,
    );
    return {
      walletId: record.walletId,
      name: s.keystore.getWallet(record.walletId).name,
      address: record.address,
      publicKey: record.publicKey,
      min: record.min,
      publicKeys: record.publicKeys,
      registered: chainWallet?.attributes.multiSignature !== undefined,
    };
  };
  // Every window's multisignature page reads again after what this app changed (a proposal made, signed or
  // broadcast, a wallet imported or registered, the server set), whichever window changed it.
  const changed = async <T>(reason: IpcEventPayload<'multisig:changed'>['reason'], done: Promise<T>) => {
    const answer = await done;
    s.events.emit('multisig:changed', { reason });
    return answer;
  };
  return {
    'multisig:wallets': async (request) => {
      const entry = entryOf(s, request?.networkId);
      // A watch wallet the person removed takes its record with it.
      await s.multisig.book.keepOnly(new Set(s.keystore.listWallets().map((w) => w.id)));
      return Promise.all(s.multisig.book.wallets(entry.nethash).map(walletView));
    },
    'multisig:import': async (request) => {
      const wallet = await changed('imported', importMultisig(s, request));
      return walletView(s.multisig.book.byWallet(wallet.id)!);
    },
    'multisig:server': async (request) => {
      const entry = entryOf(s, request?.networkId);
      if (request?.server !== undefined)
        await changed('server', s.multisig.book.setServer(entry.nethash, request.server ?? undefined));
      const server = await serverOf(s, entry);
      return server ?? { url: '', kind: 'rest' as const, hosted: false };
    },
    'multisig:register': (request) => changed('registered', startRegistration(s, request)),
    'multisig:preview': (request) => previewMultisigTransfer(s, request.walletId, request.draft),
    'multisig:propose': (request) => changed('proposed', proposeTransfer(s, request)),
    'multisig:proposals': (request) => listProposals(s, request ?? {}),
    'multisig:review': (request) => reviewProposal(s, request),
    'multisig:sign': (request) => changed('signed', cosign(s, request)),
    'multisig:broadcast': (request) => changed('broadcast', broadcastProposal(s, request)),
  };
}
