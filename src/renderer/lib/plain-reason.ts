/**
 * A reason from the host (a follower's error, a peer's last failure) as a person reads it: every URL in it becomes
 * its host ("cannot reach 10.0.0.2:4003 (fetch failed)"), never a path with its query string, which says nothing to
 * a person and breaks the header's layout (docs/design/ui.md "Sync state").
 */
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>()]+/gi;

export function withoutUrls(text: string): string {
  return text.replace(URL_PATTERN, (url) => {
    try {
      return new URL(url).host || url.split('?')[0] || url;
    } catch {
      return url.split(/[/?#]/)[2] ?? 'a peer';
    }
  });
}
