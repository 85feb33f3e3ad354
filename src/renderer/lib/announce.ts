/**
 * What the window says to screen readers when something changes that focus did not move to: a transaction sent
 * and then confirmed, the network's sync state, a new alert. One polite live region says it (components/
 * Announcer.tsx, on the page from the shell's first render: a live region added together with its words is not
 * reliably read — WAI-ARIA 1.2, "Live Region Attributes"); the visible status lines stay silent (aria-live="off")
 * so nothing is said twice. Errors are not said here: they are role="alert" where they show.
 */
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

export interface Announcement {
  serial: number;
  text: string;
}

/** The last few things said, oldest first (each is added, so two said at once are both read). */
export const useAnnouncements = create<{ said: Announcement[] }>(() => ({ said: [] }));

const KEPT = 5;
let serial = 0;

export function announce(text: string): void {
  serial += 1;
  const said = [...useAnnouncements.getState().said, { serial, text }].slice(-KEPT);
  useAnnouncements.setState({ said });
}

/**
 * Says `text` each time `key` changes (not again while only the words move, e.g. a count of confirmations);
 * `fromStart: false` stays silent about the state the component first shows (the sync state as a page opens).
 */
export function useAnnounceChange(text: string | undefined, key: string | undefined, fromStart = true): void {
  const last = useRef<string | undefined>(undefined);
  const first = useRef(true);
  useEffect(() => {
    if (text === undefined || key === undefined || key === last.current) return;
    last.current = key;
    const quiet = first.current && !fromStart;
    first.current = false;
    if (!quiet) announce(text);
  }, [text, key, fromStart]);
}
