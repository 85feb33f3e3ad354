/**
 * Review, then submit (the store's submitDraft: sign, broadcast, track, report): undefined when the person cancelled
 * the review or it could not be sent. The password typed at the review (when signing asks for it again) goes with
 * the transaction.
 */
import type { DraftInput, SendResult } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { useVotary } from '../../store';
import type { SubmitOptions } from '../../store/pending-slice';
import { requestReview } from './review-queue';

export async function reviewAndSend(
  wallet: WalletView,
  draft: DraftInput,
  what: string,
  options: { warning?: string; refused?: SubmitOptions['refused'] } = {},
): Promise<SendResult | undefined> {
  const answer = await requestReview({
    wallet,
    draft,
    what,
    ...(options.warning === undefined ? {} : { warning: options.warning }),
  });
  if (!answer.confirmed) return undefined;
  return useVotary.getState().submitDraft(wallet.id, draft, {
    password: answer.password,
    ...(options.refused === undefined ? {} : { refused: options.refused }),
  });
}
