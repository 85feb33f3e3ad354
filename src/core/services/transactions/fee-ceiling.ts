/**
 * The fee ceiling (docs/design/security.md "Fees"): a fee far above the network's static fee is almost always a
 * slip (an extra zero, tokens typed into the fee field), and a fee once broadcast cannot be taken back. The core
 * refuses a fee above `multiple` × the static fee of the transaction's type at the current height unless the
 * request says the person confirmed it; the screens ask for that second confirmation.
 */
import { staticFee } from '../../protocol/fees';
import { milestoneAt, type Network } from '../../protocol/networks';
import type { TransactionDraft } from '../../protocol/transactions';
import { ServiceError } from '../service-error';
import { tokenWords } from './token-words';

/** Default ceiling: ten times the static fee (settings.json `feeCeilingMultiple`). */
export const DEFAULT_FEE_CEILING_MULTIPLE = 10;

/** Throws ERR_FEE_UNCONFIRMED when the draft's fee is over the ceiling and was not confirmed. */
export function checkFeeCeiling(
  draft: TransactionDraft,
  context: { network: Network; height: number; multiple: number; confirmed: boolean },
): void {
  if (draft.fee === undefined || context.confirmed) return;
  const fee = BigInt(draft.fee);
  const normal = staticFee(
    { typeGroup: draft.typeGroup ?? 1, type: draft.type, version: draft.version ?? 2, asset: draft.asset },
    milestoneAt(context.network, context.height),
  );
  const ceiling = normal * BigInt(context.multiple);
  if (fee <= ceiling) return;
  const symbol = context.network.network.client.token;
  throw new ServiceError(
    'ERR_FEE_UNCONFIRMED',
    `The fee of ${tokenWords(fee, symbol)} is more than ${context.multiple} times this network's fee for it (${tokenWords(normal, symbol)}). Check it, and confirm the high fee to send anyway.`,
    { fee: fee.toString(), staticFee: normal.toString(), ceiling: ceiling.toString() },
  );
}
