/**
 * Send's fee: the node's recent fees (`chain:fees`, offered as its report), the host's bounds for this draft's kind
 * and size (`tx:fee-bounds`: the static fee from the network's milestones, the least a node takes, the ceiling;
 * both read through lib/reads/transactions.ts),
 * the fees that can work (lib/fees.ts), and the fee the person's choice comes to — undefined while a typed fee
 * cannot be used.
 */
import type { WalletView } from '../../../shared/domain/wallets';
import { sizingDraft } from '../../../shared/lib/sizing-draft';
import { parseAmountInput } from '../../lib/amount';
import { customFeeProblem, workableFees, type FeeChoice, type FeeLimits } from '../../lib/fees';
import { useFeeBounds, useNodeFees } from '../../lib/reads/transactions';
import { useVotary } from '../../store';

export function useSendFee(at: {
  wallet: WalletView | undefined;
  recipients: number;
  memo: string;
  feeChoice: FeeChoice | 'custom';
  customFee: string;
  decimal: '.' | ',';
  say: (arktoshi: string) => string;
}) {
  const { wallet, recipients, memo, feeChoice, customFee, decimal, say } = at;
  const reportError = useVotary((s) => s.reportError);
  const fees = useNodeFees(reportError);

  // The fees depend on the transaction's kind and size (the number of recipients, the memo), not on what the
  // recipients and amounts are: asked again when those change, before the form is filled in.
  const sizing = wallet === undefined ? undefined : sizingDraft(recipients, memo, wallet.address);
  const bounds = useFeeBounds(wallet?.id, sizing);
  const limits: FeeLimits | undefined =
    bounds === undefined
      ? undefined
      : { minimum: bounds.minimum, static: bounds.static, dynamic: bounds.dynamic };

  // Only fees that can work are offered (lib/fees.ts): never "Minimum 0", nothing but the standard fee on a
  // network without dynamic fees.
  const options =
    recipients > 1
      ? workableFees(fees, 'multiPayment', 6, limits)
      : workableFees(fees, 'transfer', 0, limits);
  // The host's static fee (tx:fee-bounds), the baseline of the standard choice, the warning and a typed fee.
  const staticFee = options.find((o) => o.choice === 'static')?.value;
  const typedFee = parseAmountInput(customFee, decimal);
  const customProblem =
    feeChoice !== 'custom'
      ? undefined
      : !typedFee.ok
        ? typedFee.message
        : customFeeProblem(typedFee.arktoshi, staticFee, limits, say);
  const fee =
    feeChoice === 'custom'
      ? typedFee.ok && customProblem === undefined
        ? typedFee.arktoshi
        : undefined
      : (options.find((o) => o.choice === feeChoice)?.value ?? staticFee);
  return { bounds, limits, options, staticFee, customProblem, fee };
}
