/**
 * Every transaction is reviewed before it is signed (ReviewDialog): a screen asks for a review and waits for the
 * person's answer. One review at a time; asking again while one is open cancels the open one.
 */
import type { DraftInput } from '../../../shared/domain/transactions';
import type { WalletView } from '../../../shared/domain/wallets';

export interface ReviewRequest {
  /** What the transaction does, in plain words ("Vote for genesis_3"). */
  what: string;
  wallet: WalletView;
  draft: DraftInput;
  /** A consequence to say before confirming ("This cannot be undone."). */
  warning?: string;
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
