/**
 * A link opened from outside (Electron's `ark:` protocol, `link:open`) or pasted into Send: read with
 * shared/lib/payment-link.ts and handed to the screen that fills its form — Send for a transfer, Messages for sign
 * and verify; a vote link opens the delegate's page. Nothing is signed from a link: each form still goes through its review.
 */
import { readPaymentLink, type PaymentLink } from '../../shared/lib/payment-link';
import type { Slice } from './slice';
import type { AppSlice } from './app-slice';
import type { NodeSlice } from './node-slice';

export interface LinksSlice {
  /** The link waiting for its screen to take it. */
  openedLink: PaymentLink | undefined;
  /** Reads a link and opens the screen it is for; one that cannot be read is reported in words. */
  openLink: (text: string) => void;
  /** The screen took the link (it fills the form once). */
  takeLink: () => PaymentLink | undefined;
}

const SCREEN = { transfer: 'send', sign: 'messages', verify: 'messages' } as const;

export const createLinksSlice: Slice<
  LinksSlice,
  Pick<AppSlice, 'reportError' | 'arrive' | 'navigate'> & Pick<NodeSlice, 'configuration'>
> = (set, get) => ({
  openedLink: undefined,
  openLink: (text) => {
    const reading = readPaymentLink(text);
    if (!reading.ok) {
      get().reportError(new Error(reading.message));
      return;
    }
    const network = get().configuration;
    if (
      reading.link.nethash !== undefined &&
      network !== undefined &&
      reading.link.nethash !== network.nethash
    ) {
      get().reportError(
        new Error('This link is for another network than the active one: switch networks in Settings first.'),
      );
      return;
    }
    if (reading.link.method === 'vote') {
      // The delegate's page says who it is (rank, votes, productivity) before the person votes on the Vote page.
      get().arrive({ route: 'delegate-info', delegate: reading.link.delegate });
      return;
    }
    set({ openedLink: reading.link });
    get().navigate(SCREEN[reading.link.method]);
  },
  takeLink: () => {
    const link = get().openedLink;
    if (link !== undefined) set({ openedLink: undefined });
    return link;
  },
});
