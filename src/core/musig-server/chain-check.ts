/**
 * What the server asks a node of its network about a proposal (`votary musig-server --node <url>`; the app's
 * localnet server asks its own node), so a proposal the chain can never take leaves the server and is not stored
 * again (docs/design/multisig.md "With a node"):
 * - its nonce is used: the sender's nonce on chain is at or past it (it was broadcast, or another transaction took
 *   its place; ARK Core 3.9.1 core-transactions `handlers/transaction.ts` `throwIfCannotBeApplied`: a nonce must be
 *   exactly the wallet's next);
 * - a spend from a wallet the chain does not know as a multisignature wallet of exactly this asset (a forged
 *   wallet: ARK Core's `verifySignatures` checks a multisignature wallet's transaction against the asset the
 *   chain registered, `wallet.getAttribute("multiSignature")`);
 * - a registration of a wallet the chain has registered already, or whose sender cannot pay its fee (ARK Core 3.9.1
 *   core-transactions `handlers/two/multi-signature-registration.ts` `MultiSignatureAlreadyRegisteredError`, and
 *   the balance check of `handlers/transaction.ts`).
 * A node that cannot be asked (down, slow, answering nonsense) refuses nothing: the check is skipped, never a
 * reason to lose a proposal.
 */
import { NodeClient, normalizePeerUrl, unless404 } from '../client';
import { addressFromPublicKey } from '../protocol/crypto';
import type { ChainContext } from '../protocol/networks';
import type { MultiSignatureAsset, TransactionData } from '../protocol/transactions';
import { isRegistration } from './submission';

export interface ChainWallet {
  nonce: bigint;
  balance: bigint;
  multiSignature?: { min: number; publicKeys?: string[] | undefined };
}

/** A node's view of the sender's wallet; undefined: the chain does not know it. Throws when it cannot tell. */
export type WalletLookup = (publicKey: string) => Promise<ChainWallet | undefined>;

/** Asks the node at `url` (its public API, ark-core-api.md §6.6 `GET /api/wallets/{address}`). */
export function nodeWalletLookup(url: string, ctx: ChainContext, timeoutMs = 5_000): WalletLookup {
  const client = new NodeClient([normalizePeerUrl(url)], { timeoutMs, maxAttempts: 1 });
  return async (publicKey) => {
    const wallet = await unless404(
      client.wallet(addressFromPublicKey(publicKey, ctx.network.network.pubKeyHash)),
    );
    if (wallet === undefined) return undefined;
    const multi = wallet.attributes.multiSignature;
    return {
      nonce: wallet.nonce,
      balance: wallet.balance,
      ...(multi === undefined ? {} : { multiSignature: { min: multi.min, publicKeys: multi.publicKeys } }),
    };
  };
}

/** How often a server that knows a node asks it about the senders of what it holds (ProposalRules.sweep). */
export const SWEEP_EVERY_MS = 60_000;

/**
 * Why the chain can never take this proposal, or undefined when it may. `wallet`: the sender's; `registered`: for a
 * registration, the wallet it registers (at the asset's key).
 */
export function chainRefusal(
  tx: TransactionData,
  asset: MultiSignatureAsset,
  wallet: ChainWallet | undefined,
  registered?: ChainWallet,
): string | undefined {
  const nonce = wallet?.nonce ?? 0n;
  if (tx.nonce <= nonce) {
    return `its nonce ${tx.nonce} is used: the sender's nonce on chain is ${nonce} (broadcast already, or replaced)`;
  }
  if (isRegistration(tx)) {
    if (registered?.multiSignature !== undefined) return 'the wallet it registers is registered already';
    if ((wallet?.balance ?? 0n) < tx.fee) return 'its sender cannot pay its fee';
    return undefined;
  }
  const chainAsset = wallet?.multiSignature;
  const same =
    chainAsset !== undefined &&
    chainAsset.min === asset.min &&
    chainAsset.publicKeys !== undefined &&
    chainAsset.publicKeys.length === asset.publicKeys.length &&
    chainAsset.publicKeys.every((key, i) => key.toLowerCase() === asset.publicKeys[i]);
  return same ? undefined : 'its sender is not a multisignature wallet of this asset on chain';
}
