/**
 * Check, review, then submit (the store's submitPrepared: sign, broadcast, track, report). The host previews the
 * draft first (tx:preview): what a node would refuse comes back as problems for the form's fields (`onProblems`; a
 * banner when the screen has no field for them) and the review does not open; otherwise the review shows the
 * host's preview, and a confirmation signs the transaction the host prepared for it (its `prepared.id`), never the
 * form again. When the host refuses to sign because what the review rested on changed (an ERR_PREPARED_* saying
 * what), the same input is prepared and reviewed again, the host's sentence at the top of the new review.
 * Undefined when the person cancelled, a problem was found, or it could not be sent.
 */
import { rememberDeviceLines } from '../ledger/reviewed-lines';
import { deviceLines, isDeviceRetry } from '../ledger/device-review';
import type { DraftInput, DraftProblemView, SendResult } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import type { SubmitOptions } from '../../store/pending-slice';
import { isPreparedRefusalCode } from './prepared-refusal';
import { requestReview } from './review-queue';

export interface ReviewOptions {
  warning?: string;
  context?: string;
  refused?: SubmitOptions['refused'];
  /** Shows the problems at their fields; without it the first one is reported in the banner. */
  onProblems?: (problems: DraftProblemView[]) => void;
}

/** How many times a refusal for a change takes the person back to a new review before it stops trying. */
const REVIEWS_AFTER_REFUSAL = 3;

export async function reviewAndSend(
  wallet: WalletView,
  draft: DraftInput,
  options: ReviewOptions = {},
): Promise<SendResult | undefined> {
  let again: string | undefined;
  for (let round = 0; round <= REVIEWS_AFTER_REFUSAL; round += 1) {
    const store = useVotary.getState();
    let preview;
    try {
      preview = await call('tx:preview', { walletId: wallet.id, draft });
    } catch (error) {
      store.reportError(error);
      return undefined;
    }
    options.onProblems?.(preview.problems);
    if (preview.problems.length > 0) {
      if (options.onProblems === undefined) store.reportError(new Error(preview.problems[0]!.message));
      return undefined;
    }
    const prepared = preview.prepared;
    if (prepared === undefined) {
      store.reportError(
        new Error('The host prepared nothing to sign for this: it is signed on its own page.'),
      );
      return undefined;
    }
    // A Ledger wallet's signing that the device refused or failed is given back by the host unsigned: the same
    // review opens again with the device's sentence, to try again or cancel.
    let deviceProblem: string | undefined;
    let result: SendResult | undefined;
    for (;;) {
      const answer = await requestReview({
        wallet,
        draft,
        preview,
        ...(options.warning === undefined ? {} : { warning: options.warning }),
        ...(options.context === undefined ? {} : { context: options.context }),
        ...(again === undefined ? {} : { again }),
        ...(deviceProblem === undefined ? {} : { deviceProblem }),
      });
      if (!answer.confirmed) return undefined;
      if (wallet.kind === 'ledger') rememberDeviceLines(prepared.id, deviceLines(preview, draft) ?? []);
      result = await useVotary.getState().submitPrepared(prepared.id, {
        password: answer.password,
        ...(options.refused === undefined ? {} : { refused: options.refused }),
      });
      const error = useVotary.getState().error;
      if (result !== undefined || wallet.kind !== 'ledger' || !isDeviceRetry(error?.code)) break;
      deviceProblem = error?.message;
    }
    if (result !== undefined) return result;
    // What the review rested on changed (the host's sentence is in the banner): a new review of the same input.
    const refusal = useVotary.getState().error;
    if (refusal === undefined || !isPreparedRefusalCode(refusal.code)) return undefined;
    again = refusal.message;
  }
  return undefined;
}
