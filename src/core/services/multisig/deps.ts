/**
 * What the multisig domain works with (its handlers and operations, proposal-source.ts): what a transaction
 * needs (transactions/deps.ts: every step goes through the one review and the vault's signers), and the profile's
 * multisignature wallets and the server hosted for localnet.
 */
import type { SenderDeps } from '../transactions/deps';
import type { LocalMusigServer } from './local-server';
import type { MultisigBook } from './multisig-book';

export interface MultisigParts {
  book: MultisigBook;
  /** The server the app hosts for the embedded localnet, and that network's id. */
  local: { networkId: string; server: LocalMusigServer };
}

export interface MultisigDeps extends SenderDeps {
  multisig: MultisigParts;
}
