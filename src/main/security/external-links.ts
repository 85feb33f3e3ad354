/**
 * Which links the window may hand to the system browser (docs/design/security.md "Production Electron"): only
 * plain http(s) addresses, without credentials in them (`https://bank.example@evil.example/` reads as one site and
 * opens another). Every other scheme (file:, smb:, javascript:, a custom protocol handler's) is refused, so
 * `shell.openExternal` never launches a local program or a file share. Electron-free, so it is tested alone.
 */
export function externalUrl(candidate: string): string | undefined {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '') return undefined;
  return url.href;
}
