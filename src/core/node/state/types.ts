/** The derived chain state as the node reads it (docs/design/node.md "State and handlers"). */
import type { Wallet, Lock, Entity } from '../../domain';

/** Read access to a state: the confirmed state (database) or an overlay on top of it. */
export interface StateView {
  /** The wallet at an address; an empty wallet (balance 0, nonce 0) when the chain has never seen it. */
  wallet(address: string): Readonly<Wallet>;
  walletByPublicKey(publicKey: string): Readonly<Wallet>;
  /** The address of a public key on this state's network (cached). */
  addressOf(publicKey: string): string;
  delegateByUsername(username: string): Readonly<Wallet> | undefined;
  /** Every delegate wallet, resigned ones included (order unspecified). */
  delegates(): Readonly<Wallet>[];
  lock(id: string): Readonly<Lock> | undefined;
  entity(id: string): Readonly<Entity> | undefined;
  /** The registration id of the entity with this type and name (resigned entities keep their name). */
  entityIdByName(type: number, name: string): string | undefined;
  /** The address that registered an IPFS hash. */
  ipfsOwner(hash: string): string | undefined;
}
