/** Hands a screen the link opened for it (links-slice.ts), once, to fill its form. */
import { useEffect } from 'react';
import type { PaymentLink } from '../../../shared/lib/payment-link';
import { useVotary } from '../../store';

export function useOpenedLink<M extends PaymentLink['method']>(
  method: M,
  fill: (link: Extract<PaymentLink, { method: M }>) => void,
): void {
  const waiting = useVotary((s) => s.openedLink?.method === method);
  useEffect(() => {
    if (!waiting) return;
    const link = useVotary.getState().takeLink();
    if (link?.method === method) fill(link as Extract<PaymentLink, { method: M }>);
    // `fill` is the screen's setter of the moment; the link is taken once, when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [waiting, method]);
}
