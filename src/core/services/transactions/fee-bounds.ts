/**
 * The fees a draft can pay on its network now (docs/design/security.md "Fees"): the least a node's pool admits,
 * the network's static fee, and the ceiling above which the person must confirm. With dynamic fees on (ARK's
 * `transactionPool.dynamicFees`, which the node states in /node/configuration), the least is the dynamic minimum
 * of this very transaction: `(addonBytes + size / 2) × minFeePool` (protocol fees/dynamic.ts, core-transactions
 * 3.9.1), computed over the draft as it will be signed; without them a node takes exactly the static fee.
 */
import { dynamicFee, staticFee } from '../../protocol/fees';
import { milestoneAt } from '../../protocol/networks';
import { prepareTransaction } from '../../protocol/transactions';
import type { DraftInput } from '../../../shared/domain/transactions';
import type { FeeBoundsView } from '../../../shared/domain/transactions';
import type { NetworkEntry } from '../networks/registry';
import { KeystoreError, type WalletInfo } from '../../keystore';
import { ServiceError } from '../service-error';
import type { SenderAccount } from './accounts';
import { buildDraft, type BuiltDraft } from './drafts';
import { networkOfWallet } from './preview';
import { SECOND_ALREADY_REGISTERED, SECOND_PASSPHRASE_REQUIRED, WATCH_ONLY } from './refusals';
import type { SenderDeps } from './deps';

/** A signature's hex length (64 bytes): the draft is sized as it will be signed. */
const SIGNATURE_HEX = '0'.repeat(128);

interface PoolFees {
  enabled?: unknown;
  minFeePool?: unknown;
  addonBytes?: unknown;
}

/** A draft built for a wallet's account on its network now: what the fee bounds and a registration start from. */
interface WalletDraft {
  wallet: WalletInfo;
  entry: NetworkEntry;
  account: SenderAccount;
  built: BuiltDraft;
}

/**
 * Builds the draft for the wallet as its network stands now (nonce, height, second key), refusing what could not
 * be signed: a watch-only wallet, an unknown network, a second key registered twice or missing from the vault.
 */
async function draftFor(deps: SenderDeps, walletId: string, input: DraftInput): Promise<WalletDraft> {
  const wallet = deps.keystore.getWallet(walletId);
  if (wallet.kind === 'watch') throw new KeystoreError('ERR_WATCH_ONLY', WATCH_ONLY);
  const entry = networkOfWallet(deps, wallet);
  const account = await deps.accounts.sender(entry.id, wallet.address, wallet.publicKey);
  const registered = account.secondPublicKey !== undefined;
  if (input.kind === 'secondSignature' && registered) {
    throw new ServiceError('ERR_ALREADY_REGISTERED', SECOND_ALREADY_REGISTERED);
  }
  if (registered && !wallet.hasSecondPassphrase) {
    throw new ServiceError('ERR_SECOND_PASSPHRASE_REQUIRED', SECOND_PASSPHRASE_REQUIRED);
  }
  const built = buildDraft(input, {
    network: entry.network,
    height: account.height,
    now: deps.now(),
    nonce: account.nextNonce,
  });
  return { wallet, entry, account, built };
}

export async function feeBounds(
  deps: SenderDeps,
  walletId: string,
  input: DraftInput,
): Promise<FeeBoundsView> {
  const { wallet, entry, account, built } = await draftFor(deps, walletId, input);
  const configuration = await deps.networks.chain(entry.id).reads.configuration();
  const ctx = { network: entry.network, height: account.height };
  const tx = prepareTransaction({ ...built.draft, senderPublicKey: wallet.publicKey }, ctx);
  tx.signature = SIGNATURE_HEX;
  if (account.secondPublicKey !== undefined) tx.secondSignature = SIGNATURE_HEX;
  const normal = staticFee(tx, milestoneAt(entry.network, account.height));
  const pool = (configuration.transactionPool?.['dynamicFees'] ?? {}) as PoolFees;
  const dynamic = pool.enabled === true && typeof pool.minFeePool === 'number';
  const minimum = dynamic
    ? dynamicFee(tx, {
        satoshiPerByte: pool.minFeePool as number,
        addonBytes:
          typeof pool.addonBytes === 'object' && pool.addonBytes !== null
            ? (pool.addonBytes as Record<string, number>)
            : {},
      })
    : normal;
  const multiple = deps.settings.get().feeCeilingMultiple;
  return {
    minimum: (minimum < 1n ? (normal === 0n ? 0n : 1n) : minimum).toString(),
    static: normal.toString(),
    ceiling: (normal * BigInt(multiple)).toString(),
    dynamic,
  };
}
