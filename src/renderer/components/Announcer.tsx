import { useAnnouncements } from '../lib/announce';

/** The shell's one polite live region (lib/announce.ts): hidden from sight, never made inert by a dialog. */
export function Announcer() {
  const said = useAnnouncements((s) => s.said);
  return (
    <div className="visually-hidden" aria-live="polite" data-live-announcer="" data-testid="announcer">
      {said.map((announcement) => (
        <p key={announcement.serial}>{announcement.text}</p>
      ))}
    </div>
  );
}
