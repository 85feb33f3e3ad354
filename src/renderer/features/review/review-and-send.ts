/** Review, then sign and broadcast: undefined when the person cancelled the review. */
import type { DraftInput, SendResult } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { sendDraft } from '../../services/transactions';
import { requestReview } from './review-queue';

export async function reviewAndSend(
  wallet: WalletView,
  draft: DraftInput,
  what: string,
  warning?: string,
): Promise<SendResult | undefined> {
  const confirmed = await requestReview({
    wallet,
    draft,
    what,
    ...(warning === undefined ? {} : { warning }),
  });
  return confirmed ? sendDraft(wallet.id, draft) : undefined;
}
