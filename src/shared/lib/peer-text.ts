/**
 * Text another machine chose (a remote node's delegate names, versions and network words, a peer's version), made
 * safe to show and to pass on (docs/design/security.md "Remote nodes"): control characters become spaces, and the
 * characters that change how the text around them reads without being seen are removed — bidirectional embeddings,
 * overrides, isolates and marks (the "Trojan Source" characters, CVE-2021-42574), zero-width characters, the byte
 * order mark; then the text is cut to a length, with "…" where it was cut. Text that holds none of them and is
 * short enough comes back unchanged.
 */

/** C0 and C1 controls (tab and line breaks included), and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
/**
 * Arabic letter mark, Mongolian vowel separator, zero-width space/non-joiner/joiner, LRM and RLM, the bidi
 * embeddings and overrides (LRE, RLE, PDF, LRO, RLO), word joiner and invisible operators, the bidi isolates
 * (LRI, RLI, FSI, PDI), and the byte order mark.
 */
const INVISIBLE = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

/** At most `max` characters (code points) of the text, cleaned as above. */
export function peerText(text: string, max: number): string {
  const clean = text.replace(CONTROLS, ' ').replace(INVISIBLE, '');
  if (clean.length <= max) return clean;
  const points = Array.from(clean);
  return points.length <= max ? clean : `${points.slice(0, Math.max(0, max - 1)).join('')}…`;
}

/**
 * Text for a chat's webhook that mentions nobody: "@everyone", "@here", "@channel", "@room" or "@name" would
 * notify a whole team (a delegate may even be named "@everyone": ARK's name rule allows "@"), as would Slack's
 * "<!everyone>" and "<@U123>". A zero-width space after the "@" (and after a "<" that opens such a token) keeps
 * the words readable and the mention inert.
 */
export function withoutMentions(text: string): string {
  return text.replace(/@(?=[\p{L}\p{N}_])/gu, '@\u200B').replace(/<(?=[!@#])/g, '<\u200B');
}
