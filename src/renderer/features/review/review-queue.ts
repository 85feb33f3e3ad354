/**
 * Every transaction is reviewed before it is signed (ReviewDialog): a screen asks for a review and waits for the
 * person's answer. One review at a time; asking again while one is open cancels the open one.
 */
import type { DraftInput, TxPreview } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';

export interface ReviewRequest {
  wallet: WalletView;
  draft: DraftInput;
  /** The host's preview of the draft (tx:preview): what the dialog shows. */
  preview: TxPreview;
  /** A consequence to say before confirming ("This cannot be undone."). */
  warning?: string;
  /** Where this signature stands in the screen's plan ("Step 1 of 2: remove your vote for genesis_3"). */
  context?: string;
  /** Why this is a new review: the host refused the last one because what it rested on changed (its sentence). */
  again?: string;
  /** The Ledger refused or failed on the last try (its sentence): nothing was signed, the review can go again. */
  deviceProblem?: string;
}

export interface ReviewAnswer {
  confirmed: boolean;
  /** The vault password, when signing needed it again (SigningPassword.tsx). */
  password?: string;
}

export interface OpenReview {
  request: ReviewRequest;
  decide(confirmed: boolean, password?: string): void;
}

type Listener = (open: OpenReview | undefined) => void;
const listeners = new Set<Listener>();
let current: OpenReview | undefined;

function publish(open: OpenReview | undefined): void {
  current = open;
  for (const listener of listeners) listener(open);
}

/** Opens the review; resolves with the person's answer (confirmed, or cancelled). */
export function requestReview(request: ReviewRequest): Promise<ReviewAnswer> {
  current?.decide(false);
  return new Promise((resolve) => {
    const open: OpenReview = {
      request,
      decide: (confirmed, password) => {
        if (current === open) publish(undefined);
        resolve(confirmed && password !== undefined ? { confirmed, password } : { confirmed });
      },
    };
    publish(open);
  });
}

/** Follows the open review (the dialog); returns the unsubscribe function. */
export function onReview(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
