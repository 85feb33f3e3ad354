/**
 * Review, then sign and broadcast: undefined when the person cancelled the review. The password typed at the review
 * (when signing asks for it again) goes with the transaction.
 */
import type { DraftInput, SendResult } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { call } from '../../services/call';
import { requestReview } from './review-queue';
import { sendRequest } from './send-request';

export async function reviewAndSend(
  wallet: WalletView,
  draft: DraftInput,
  what: string,
  warning?: string,
): Promise<SendResult | undefined> {
  const answer = await requestReview({
    wallet,
    draft,
    what,
    ...(warning === undefined ? {} : { warning }),
  });
  if (!answer.confirmed) return undefined;
  return call('tx:send', sendRequest(wallet.id, draft, { password: answer.password }));
}
