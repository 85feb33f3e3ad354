/**
 * A node reached over plain http:// on another machine (docs/design/security.md "Remote nodes"): anyone on the way
 * (the café's Wi-Fi, a compromised router) can read and change the answers, so the node could be made to lie about
 * balances, fees, nonces and votes. Loopback (127.0.0.0/8, ::1, localhost) never leaves this machine.
 */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/** True for an http:// URL whose host is not loopback; false for https, loopback, and anything unparsable. */
export function isPlainRemoteHttp(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' && !isLoopbackHost(parsed.hostname);
  } catch {
    return false;
  }
}

export const PLAIN_HTTP_WARNING =
  'This node is reached over plain http on another machine: anyone between you and it (a man in the middle) can read and change what it answers, and make it lie about balances, fees and votes. Use https unless you trust every network on the way.';
