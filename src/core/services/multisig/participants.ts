/** A participant of a multisignature wallet: which of its keys a vault wallet holds, and the signer of that key. */
import type { WalletInfo } from '../../keystore';
import { participantSigner, type ParticipantSignature, type Signer } from '../transactions/signer';
import { ledgerParticipant } from '../ledger/device-signers';
import { MultisigError } from './errors';
import type { MultisigDeps } from './deps';
import { signedIndices, type Proposal } from './proposal';

/** The index of `wallet`'s key among the proposal's participants; refused when it holds none or has signed. */
export function participantIndex(proposal: Proposal, wallet: WalletInfo): number {
  const index = proposal.asset.publicKeys.findIndex((key) => key === wallet.publicKey?.toLowerCase());
  if (index < 0 || wallet.kind === 'watch') {
    throw new MultisigError(
      'ERR_NOT_PARTICIPANT',
      `${wallet.name} holds none of this wallet's participant keys.`,
    );
  }
  if (signedIndices(proposal).includes(index)) {
    throw new MultisigError(
      'ERR_ALREADY_SIGNED',
      `${wallet.name} (participant ${index + 1}) has signed this proposal already.`,
    );
  }
  return index;
}

/**
 * The participant's signer: the vault's key, or for a Ledger wallet the device (ARK's app signs a participant's
 * transfer on every model; a registration only on the Nano X, so core/ledger refuses that before asking).
 */
export function participantOf(
  s: MultisigDeps,
  wallet: WalletInfo,
  index: number,
  publicKeys: readonly string[],
  preparedId?: string,
): Signer<ParticipantSignature> {
  return wallet.kind === 'ledger'
    ? ledgerParticipant(s, wallet.id, index, publicKeys, preparedId)
    : participantSigner(s.keystore, wallet.id, index, publicKeys);
}
